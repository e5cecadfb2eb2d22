import RedrawReading
import RedrawSessions

/// Evaluations of a view caused by writes to properties it never read.
package enum OverBroadInvalidationRule: Rule, SummaryOwner {
  package typealias Summary = [OverBroadSummary]

  /// The `over-broad-invalidation` rule's id, name, severity, explanation, fix, threshold and examples.
  public static let description = RuleDescription(
    id: "over-broad-invalidation",
    name: "Over-broad invalidation",
    summary: "A view re-evaluates after writes to properties it never reads.",
    defaultSeverity: .warning,
    explanation: """
      With ObservableObject, any @Published change re-evaluates every view that observes \
      the object, even views that never read the changed property: a badge that shows an \
      unread count is redrawn on every keystroke in a search field elsewhere. The rule \
      counts the body evaluations that followed a write to a property of an object the \
      view read, when the view read no property that was written; @Observable tracks reads \
      per property and would not have made them. One finding per view, type and property \
      written; the count is the wasted evaluations, and the message adds the evaluations of \
      children they re-created. The rule sees only recorded reads: a body that shows state \
      the trace does not record (a plain class's property reached through the model, changed \
      before a bare `objectWillChange.send()`) needed those evaluations, and goes stale after \
      the move unless that state is observable too. Record such state (`@Tracked`, or \
      `Trace.read` and `Trace.write`) so the trace shows the view reading what changed.
      """,
    fix: """
      Migrate the model to @Observable, so views depend only on the properties they read; \
      until then, split the model so unrelated state lives in separate objects.
      """,
    thresholds: [minimumEvaluations],
    triggeringExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"BadgeView","node":2}"#,
      #"{"e":"read","t":110,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"ProfileModel","prop":"query"}"#,
      #"{"e":"body","t":300,"tid":1,"id":2,"view":"BadgeView","node":2}"#,
      #"{"e":"read","t":310,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":320,"tid":1,"id":2}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"BadgeView","node":2}"#,
      #"{"e":"read","t":110,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"ProfileModel","prop":"query"}"#,
      #"{"e":"write","t":400,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"body","t":500,"tid":1,"id":2,"view":"BadgeView","node":2}"#,
      #"{"e":"read","t":510,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":520,"tid":1,"id":2}"#)
  )

  /// The `minimum-evaluations` threshold.
  static let minimumEvaluations = Threshold(
    key: "minimum-evaluations", defaultValue: 1, summary: "Fewest wasted evaluations to report.")

  /// A finding for each view and written property whose over-broad evaluations reach `minimum-evaluations`.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimum = Int(context.value(Self.minimumEvaluations, of: description))
    let bodies = session.bodyLocations
    let nodes = session.nodeLocations
    return (session.summaries[Self.self] ?? []).filter { $0.evaluations >= minimum }.map { entry in
      finding(
        in: session, context: context,
        message: message(entry), view: entry.view, type: entry.type,
        property: entry.property, count: entry.evaluations, site: entry.writeSite,
        location: entry.node.flatMap { nodes[$0] } ?? bodies[entry.view] ?? CodeLocation(site: entry.writeSite),

        evidence: entry.first, trail: entry.trail)
    }
  }

  // MARK: - Messages

  /// Spelled by appending to one string: one finding per view and written property makes
  /// thousands of these on a long trace.
  static func message(_ entry: OverBroadSummary) -> String {
    var text = MessageText(capacity: 256)
    text.add(entry.view)
    text.add(" was re-evaluated ")
    text.add(count: entry.evaluations, "time")
    text.add(" after writes to ")
    text.add(entry.type)
    text.add(".")
    text.add(entry.property)
    // The reads are one node's: rows of one view may read different properties.
    if entry.severalNodes {
      text.add(", which its nodes did not read then")
    } else {
      text.add(entry.readsWrittenAtOtherTimes ? ", which it did not read then" : ", which it never reads")
    }
    if !entry.propertiesRead.isEmpty {
      text.add(entry.severalNodes ? " (the first reads " : " (it reads ")
      text.add(list: entry.propertiesRead)
      text.add(")")
    }
    text.add(".")
    if entry.shared > 0, let also = entry.alsoWritten {
      text.add(entry.shared == entry.evaluations ? " Each" : " \(entry.shared) of them")
      text.add(" followed other writes of the same update too, such as ")
      text.add(also)
      text.add(".")
    }
    if entry.cascaded > 0 {
      text.add(" Those evaluations re-evaluated its children ")
      text.add(count: entry.cascaded, "more time")
      text.add(".")
    }
    text.add(" With property-level tracking (@Observable) none of them would happen.")
    return text.text
  }
}

// MARK: - Collecting

extension OverBroadInvalidationRule {
  /// Counts over-broad evaluations by view and written property (the builder decides which
  /// evaluations are over-broad), and the evaluations of descendants that cascaded from
  /// them: a cascaded evaluation counts for the entry its parent's last evaluation counted
  /// for.
  struct Collector: SessionCollector {
    /// The entries (a view and a written property), by position in order of first sight.
    private var keys: [ViewPropertyKey] = []
    private var entries: [Entry] = []
    /// The counts of each entry, by the same position, in a small array of their own:
    /// counting an evaluation touches nothing else.
    private var counts: [Count] = []
    /// Per builder entry of a view and a property (`EvaluationFact/causeEntry`): the
    /// position of its entry here, or -1. The builder has just found its entry for the
    /// evaluation: looking it up again here was a second table lookup, and a cache miss.
    private var positions: [Int32] = []
    /// The positions of entries the builder has none for (only a `cause` named the
    /// property), by view and property.
    private var unnamed = DenseMap<ViewPropertyKey, Int32>()
    private var pairs = DenseIndex()
    /// Per node, by index: the entry its last evaluation's waste traces back to, or -1.
    private var wastedFor: [Int32] = []

    /// - Complexity: O(1): array accesses, but for a write the builder has no entry for.
    @inline(__always)
    mutating func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64]) {
      let node = evaluation.node
      if node >= wastedFor.count {
        wastedFor.append(contentsOf: repeatElement(-1, count: node + 1 - wastedFor.count))
      }
      switch reason {
      case .overBroad(let write):
        let position = entry(for: evaluation, write: write)
        // Whether the trail is full is kept beside the counts: the trail lies in an array of
        // its own, a cache miss away (measured: three quarters of `beginBody`'s time).
        if !counts[position].trailFull {
          entries[position].trail.keep(write.sample(threads: threads))
          entries[position].trail.keep(evaluation.sample(note: "over-broad"))
          counts[position].trailFull = entries[position].trail.count >= TrailSample.limit
        }
        counts[position].evaluations += 1
        if node != entries[position].node { counts[position].severalNodes = true }
        if write.alsoWritten != .max {
          counts[position].shared += 1
          if entries[position].also == .max { entries[position].also = write.alsoWritten }
        }
        wastedFor[node] = Int32(position)
      case .cascaded:
        let position = evaluation.parent.map { wastedFor[$0] } ?? -1
        wastedFor[node] = position
        if position >= 0 { counts[Int(position)].cascaded += 1 }
      default:
        wastedFor[node] = -1
      }
    }

    /// The position of the entry for `write` and the evaluated node's view, added on first sight.
    private mutating func entry(for evaluation: EvaluationFact, write: PendingWrite) -> Int {
      let key = ViewPropertyKey(view: evaluation.view, type: write.type, property: write.property)
      let next = Int32(counts.count)
      let cause = Int(evaluation.causeEntry)
      if cause >= 0 {
        if cause >= positions.count {
          positions.append(contentsOf: repeatElement(-1, count: cause + 1 - positions.count))
        }
        guard positions[cause] < 0 else { return Int(positions[cause]) }
        positions[cause] = next
      } else {
        // A new key gets the next position; a known one keeps its own.
        let index = unnamed.position(of: key.packed(pairs: &pairs), key: key) { next }
        guard unnamed.values[index] == next else { return Int(unnamed.values[index]) }
      }
      keys.append(key)
      entries.append(Entry(first: evaluation.start, write: write, node: evaluation.node))
      counts.append(Count())
      return Int(next)
    }

    mutating func finish(
      into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
    ) {
      // Entries of one node and type (writes to its other properties) share the reads.
      // What an entry's first node read of the type, named and sorted once per node and type.
      var nodeReads: [NodeTypeKey: (ids: [StringID], names: [String])] = [:]
      session.summaries[OverBroadInvalidationRule.self] = zip(zip(keys, entries), counts).map { entry, count in
        let (key, state) = entry
        // The first node's reads: the one node its message speaks of.
        let nodeType = NodeTypeKey(node: state.node, type: key.type)
        let read: (ids: [StringID], names: [String])
        if let known = nodeReads[nodeType] {
          read = known
        } else {
          let ids = Self.properties(of: key.type, readBy: state.node, in: built.nodes)
          read = (ids, built.listed(ids.map { strings[$0] }.sorted()))
          nodeReads[nodeType] = read
        }
        let readsWritten = read.ids.contains(key.property)
        let written = strings[key.property]
        let propertiesRead = readsWritten ? read.names.filter { $0 != written } : read.names
        let also = state.also == .max ? nil : MemberKey(rawValue: state.also)
        return OverBroadSummary(
          view: strings[key.view], type: strings[key.type], property: strings[key.property],
          evaluations: count.evaluations, cascaded: count.cascaded, shared: count.shared,
          alsoWritten: also.map { "\(strings[$0.type]).\(strings[$0.property])" },
          severalNodes: count.severalNodes, readsWrittenAtOtherTimes: readsWritten,
          propertiesRead: propertiesRead,
          writeSite: state.write.site.map { strings[$0] },
          first: state.first, node: built.nodeID(state.node), trail: state.trail.events(&names, strings))
      }
    }

    /// The properties of `type` that the node at `index` read over all its evaluations.
    private static func properties(of type: StringID, readBy index: Int, in nodes: [NodeState]) -> [StringID] {
      var read: [StringID] = []
      for raw in nodes[index].readSet.properties.keys {
        let key = MemberKey(rawValue: raw)
        if key.type == type { read.append(key.property) }
      }
      return read
    }

    /// A node (by index) and a model type: the properties of the type it read are found once.
    private struct NodeTypeKey: Hashable {
      var node: Int
      var type: StringID
    }

    /// The first over-broad evaluation of a view for a property.
    private struct Entry {
      var first: Evidence
      var write: PendingWrite
      /// The node (by index) of the first over-broad evaluation.
      var node: Int
      var trail: [TrailSample] = []
      /// The first other property written with one of them (`PendingWrite/alsoWritten`).
      var also: UInt64 = .max
    }

    private struct Count {
      var evaluations = 0
      var cascaded = 0
      /// Those that followed writes to other properties of the same update too.
      var shared = 0
      /// Whether some were of another node than the first.
      var severalNodes = false
      /// Whether the entry's trail has all the samples it keeps.
      var trailFull = false
    }
  }
}

// MARK: - Summary

/// Over-broad evaluations of one view caused by writes to one property.
package struct OverBroadSummary: Sendable {
  package var view: String
  package var type: String
  package var property: String
  package var evaluations = 0
  /// Evaluations of descendants that happened only because of these.
  package var cascaded = 0
  /// Those of ``evaluations`` that followed writes to other properties the view did not read,
  /// in the same update: they had several causes, charged to this one.
  package var shared = 0
  /// The first such other property, `Type.property`.
  package var alsoWritten: String?
  /// Whether nodes other than the first were re-evaluated for it too (rows of one view).
  package var severalNodes = false
  /// Whether the first node read the property in evaluations other than these.
  package var readsWrittenAtOtherTimes = false
  /// The other properties of the type the first node read.
  package var propertiesRead: [String] = []
  package var writeSite: String?
  package var first: Evidence
  /// The node of the first over-broad evaluation: where the finding points.
  package var node: Int64?
  /// The events behind it, first few.
  package var trail: [TrailEvent] = []
}

// MARK: - Published

extension Session {
  /// What `over-broad-invalidation` counted of the session, per view and written property:
  /// what the HTML report's matrix reads (empty for a session made by hand).
  package var overBroadByViewAndProperty: [OverBroadSummary] { summaries[OverBroadInvalidationRule.self] ?? [] }
}
