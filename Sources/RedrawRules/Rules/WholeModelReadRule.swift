import RedrawReading
import RedrawSessions

/// A parent that reads most of a model and hands pieces of it to its children.
package enum WholeModelReadRule: Rule, SummaryOwner {
  package typealias Summary = [ModelReadSummary]

  /// The `whole-model-read` rule's id, name, severity, explanation, fix, thresholds and examples.
  public static let description = RuleDescription(
    id: "whole-model-read",
    name: "Whole-model read in a parent",
    summary: "A view reads most of a model's properties and re-creates its children on any change.",
    defaultSeverity: .warning,
    explanation: """
      A view that reads nearly every property of a model to hand pieces of it to its \
      children depends on all of them: any change re-evaluates the view, which re-creates \
      its children and re-evaluates them too, even with @Observable. The rule reports a view \
      that read at least the minimum number of properties of one instance in one evaluation, \
      and at least the given share of the properties the session saw for that type, while \
      its children were re-evaluated because a write to that type re-evaluated it. The count \
      is those child evaluations: children re-evaluated with the view for its state, its \
      inputs (a closure) or another model are not the model's doing, nor, where the trace \
      says so (the harness's `struct` events), children given a closure, which run with \
      every evaluation of the view whatever values it hands them. The trace does not say \
      what the view shows: one that shows every property it reads, and hands a child a value \
      that changed with the same write, is reported too, though narrowing it saves nothing; \
      ignore the view in .redraw.json.
      """,
    fix: """
      Pass children narrow values (a count, a title, a Binding) or the model itself so that \
      each child reads only what it shows; keep the parent's body to the properties it \
      displays.
      """,
    thresholds: [minimumProperties, minimumShare],
    triggeringExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"ReadingListView","node":1}"#,
      #"{"e":"read","t":101,"tid":1,"obj":5,"type":"ReadingList","prop":"title"}"#,
      #"{"e":"read","t":102,"tid":1,"obj":5,"type":"ReadingList","prop":"books"}"#,
      #"{"e":"read","t":103,"tid":1,"obj":5,"type":"ReadingList","prop":"unreadCount"}"#,
      #"{"e":"end","t":110,"tid":1,"id":1}"#,
      #"{"e":"body","t":120,"tid":1,"id":2,"view":"CountBadge","node":2,"parent":1}"#,
      #"{"e":"end","t":130,"tid":1,"id":2}"#,
      #"{"e":"write","t":200,"tid":1,"obj":5,"type":"ReadingList","prop":"title"}"#,
      #"{"e":"body","t":300,"tid":1,"id":3,"view":"ReadingListView","node":1}"#,
      #"{"e":"read","t":301,"tid":1,"obj":5,"type":"ReadingList","prop":"title"}"#,
      #"{"e":"read","t":302,"tid":1,"obj":5,"type":"ReadingList","prop":"books"}"#,
      #"{"e":"read","t":303,"tid":1,"obj":5,"type":"ReadingList","prop":"unreadCount"}"#,
      #"{"e":"end","t":310,"tid":1,"id":3}"#,
      #"{"e":"body","t":320,"tid":1,"id":4,"view":"CountBadge","node":2,"parent":1}"#,
      #"{"e":"end","t":330,"tid":1,"id":4}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"ReadingListView","node":1}"#,
      #"{"e":"read","t":101,"tid":1,"obj":5,"type":"ReadingList","prop":"title"}"#,
      #"{"e":"end","t":110,"tid":1,"id":1}"#,
      #"{"e":"body","t":120,"tid":1,"id":2,"view":"CountBadge","node":2,"parent":1}"#,
      #"{"e":"read","t":121,"tid":1,"obj":5,"type":"ReadingList","prop":"unreadCount"}"#,
      #"{"e":"end","t":130,"tid":1,"id":2}"#,
      #"{"e":"write","t":200,"tid":1,"obj":5,"type":"ReadingList","prop":"books"}"#,
      #"{"e":"write","t":210,"tid":1,"obj":5,"type":"ReadingList","prop":"unreadCount"}"#,
      #"{"e":"body","t":320,"tid":1,"id":4,"view":"CountBadge","node":2,"parent":1}"#,
      #"{"e":"read","t":321,"tid":1,"obj":5,"type":"ReadingList","prop":"unreadCount"}"#,
      #"{"e":"end","t":330,"tid":1,"id":4}"#)
  )

  /// The `minimum-properties` threshold.
  static let minimumProperties = Threshold(
    key: "minimum-properties", defaultValue: 3, summary: "Fewest properties of one instance read.")
  /// The `minimum-share` threshold.
  static let minimumShare = Threshold(
    key: "minimum-share", defaultValue: 0.75,
    summary: "Fewest properties read, as a share of the type's properties seen in the session.")

  /// A finding for each parent node that read at least `minimum-properties` properties of an instance,
  /// and `minimum-share` of its type's, and re-evaluated children with them.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let bodies = session.bodyLocations
    let nodes = session.nodeLocations
    return wholeModelReads(in: session, context: context).map { read, children in
      finding(
        in: session, context: context,
        message: message(read, children: children),
        view: read.view, type: read.type, count: children.evaluations,
        location: nodes[read.node] ?? bodies[read.view],
        evidence: read.first, trail: read.trail)
    }
  }

  /// The reads the rule reports, with the children each parent re-evaluated: `redraw plan`
  /// lists the same parents, to hand those children narrow values.
  static func wholeModelReads(in session: Session, context: RuleContext)
    -> [(read: ModelReadSummary, children: ChildEvaluations)]
  {
    let minimumProperties = Int(context.value(Self.minimumProperties, of: description))
    let minimumShare = context.value(Self.minimumShare, of: description)
    var children: [Int64: Int] = [:]
    for node in session.nodes {
      guard let parent = node.parent else { continue }
      children[parent, default: 0] += 1
    }
    return (session.summaries[Self.self] ?? []).filter { read in
      read.maximumProperties >= minimumProperties
        && Double(read.maximumProperties) >= minimumShare * Double(read.knownProperties)
        && read.childEvaluations > 0
    }.map { read in
      let evaluations = ChildEvaluations(
        children: children[read.node] ?? 0, reEvaluated: read.childrenReEvaluated, evaluations: read.childEvaluations,
        views: Set(read.childViews))
      return (read, evaluations)
    }
  }

  // MARK: - Messages

  /// A parent's children, and how many of them its evaluations re-evaluated, how often.
  struct ChildEvaluations {
    var children = 0
    var reEvaluated = 0
    var evaluations = 0
    /// The view types of the children it re-evaluated.
    var views: Set<String> = []
  }

  static func message(_ read: ModelReadSummary, children: ChildEvaluations) -> String {
    let who =
      children.reEvaluated == children.children
      ? "its \(Wording.count(children.children, "child", plural: "children"))"
      : "\(children.reEvaluated) of its \(Wording.count(children.children, "child", plural: "children"))"
    return "\(read.view) reads \(read.maximumProperties) of the \(read.knownProperties) properties of \(read.type) "
      + "(\(Wording.list(read.properties))), so any change to them re-evaluates it, and its re-evaluations "
      + "re-evaluated \(who) \(Wording.count(children.evaluations, "time"))."
  }
}

// MARK: - Collecting

extension WholeModelReadRule {
  /// Keeps, per node and type, the most properties of one instance an evaluation read, and
  /// the children's evaluations that followed from its evaluations for writes to the type.
  struct Collector: SessionCollector {
    private var entries = DenseMap<NodeType, Entry>()
    /// Per node, the type whose write caused its last evaluation (nil for another cause).
    private var lastCause: [StringID?] = []
    /// Per parent node and type, the evaluations of its children that followed from its own
    /// for a write to the type, and which children.
    private var driven = DenseMap<NodeType, Driven>()

    /// - Complexity: O(1) amortized.
    mutating func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64]) {
      if evaluation.node >= lastCause.count {
        lastCause += repeatElement(nil, count: evaluation.node + 1 - lastCause.count)
      }
      // A child's evaluation runs inside its parent's: the parent's last cause is why.
      switch reason {
      case .needed(let write), .overBroad(let write), .equalValue(let write), .ownWrite(let write):
        lastCause[evaluation.node] = write.type
      case .parent, .cascaded:
        lastCause[evaluation.node] = nil
        // A child given a closure runs with every evaluation of its parent, whatever values
        // it is handed: narrower ones would not save it.
        guard !evaluation.closureInput, let parent = evaluation.parent, parent < lastCause.count,
          let type = lastCause[parent]
        else { return }
        let key = NodeType(node: parent, type: type)
        let position = driven.position(of: key.packed, key: key) { Driven() }
        driven.values[position].evaluations += 1
        driven.values[position].children.insert(evaluation.node)
      default:
        lastCause[evaluation.node] = nil
      }
    }

    /// - Complexity: O(1), plus O(p) for the p properties when they are the most yet.
    mutating func modelRead(_ evaluation: EvaluationFact, type: StringID, properties: ArraySlice<ReadKey>) {
      let key = NodeType(node: evaluation.node, type: type)
      let position = entries.position(of: key.packed, key: key) {
        Entry(first: evaluation.start, trail: [evaluation.sample(note: "reads the model")])
      }
      if properties.count > entries.values[position].maximum {
        entries.values[position].maximum = properties.count
        entries.values[position].properties = properties.map { StringID(rawValue: $0.property) }
      }
    }

    mutating func finish(
      into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
    ) {
      let known = built.knownProperties()
      let driven = Dictionary(driven.entries.map { ($0.packed, $1) }) { first, _ in first }
      session.summaries[WholeModelReadRule.self] = entries.entries.map { key, entry in
        // An ambiguous name (`<email|password>`) beside one of its alternatives is no other property.
        let properties = built.listed(entry.properties.map { strings[$0] }.sorted())
        let children = driven[key.packed] ?? Driven()
        return ModelReadSummary(
          node: built.nodeID(key.node), view: strings[built.nodes[key.node].view], type: strings[key.type],
          maximumProperties: properties.count, properties: properties,
          knownProperties: known[key.type] ?? 0, childEvaluations: children.evaluations,
          childrenReEvaluated: children.children.count,
          childViews: Set(children.children.map { strings[built.nodes[$0].view] }).sorted(),
          first: entry.first, trail: entry.trail.events(&names, strings))
      }
    }

    private struct Driven {
      var evaluations = 0
      var children: Set<Int> = []
    }

    private struct Entry {
      var first: Evidence
      var trail: [TrailSample]
      var maximum = 0
      var properties: [StringID] = []
    }
  }
}

// MARK: - Summary

/// How much of one type's properties a view node read.
package struct ModelReadSummary: Sendable {
  package var node: Int64
  package var view: String
  package var type: String
  /// The most properties of one instance read in one evaluation.
  package var maximumProperties = 0
  /// Those properties, for the report.
  package var properties: [String] = []
  /// Properties of the type seen in the session (read or written).
  package var knownProperties = 0
  /// Evaluations of its children that followed from its evaluations for writes to the type.
  package var childEvaluations = 0
  /// How many children those were, and their view types.
  package var childrenReEvaluated = 0
  package var childViews: [String] = []
  package var first: Evidence
  /// The events behind it, first few.
  package var trail: [TrailEvent] = []
}
