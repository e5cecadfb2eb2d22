import RedrawReading
import RedrawSessions

/// A view that reads a new model instance after each re-creation of its struct.
package enum ModelRecreatedRule: Rule, SummaryOwner {
  package typealias Summary = [RecreationSummary]

  /// The `model-recreated` rule's id, name, severity, explanation, fix, threshold and examples.
  public static let description = RuleDescription(
    id: "model-recreated",
    name: "Model re-created with the view",
    summary: "A view's model is rebuilt with the view struct, losing its state.",
    defaultSeverity: .error,
    explanation: """
      A model kept in a plain stored property of a view (`let model = Model()`, or \
      `var model = Model()` without @State) is built again every time the parent \
      re-creates the view struct, and the view then reads the new instance: everything the \
      old one held (text typed, a loaded page, a counter) is gone. The rule reports a view \
      node whose evaluations read only fresh instances of a type, each made by an \
      initializer that ran more than once as part of re-creating a view struct: inside a \
      parent's body (where child structs are made) or under the view as owner. A model made \
      on purpose is not a re-creation: in .task or .task(id:) (one model per id), in an \
      action, or in any other code outside a body. Initializer runs are seen where the \
      construction is wrapped in Trace.make (or a beginInit span): `let model = \
      Trace.make(Model())`. The count is the distinct instances the node read.
      """,
    fix: """
      Keep the model in @State (created once per view identity), or own it higher up and pass \
      it in; for expensive models, create it in .task and keep it in an optional @State.
      """,
    thresholds: [minimumInstances],
    triggeringExample: ExampleTrace.lines(
      #"{"e":"init","t":100,"tid":1,"id":1,"type":"CounterModel","site":"CounterView.swift:4","owner":2}"#,
      #"{"e":"end","t":110,"tid":1,"id":1,"obj":1}"#,
      #"{"e":"body","t":120,"tid":1,"id":2,"view":"CounterView","node":2}"#,
      #"{"e":"read","t":121,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"end","t":130,"tid":1,"id":2}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"init","t":300,"tid":1,"id":3,"type":"CounterModel","site":"CounterView.swift:4","owner":2}"#,
      #"{"e":"end","t":310,"tid":1,"id":3,"obj":2}"#,
      #"{"e":"body","t":320,"tid":1,"id":4,"view":"CounterView","node":2}"#,
      #"{"e":"read","t":321,"tid":1,"obj":2,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"end","t":330,"tid":1,"id":4}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"init","t":100,"tid":1,"id":1,"type":"CounterModel","site":"CounterView.swift:4","owner":2}"#,
      #"{"e":"end","t":110,"tid":1,"id":1,"obj":1}"#,
      #"{"e":"body","t":120,"tid":1,"id":2,"view":"CounterView","node":2}"#,
      #"{"e":"read","t":121,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"end","t":130,"tid":1,"id":2}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"body","t":320,"tid":1,"id":4,"view":"CounterView","node":2}"#,
      #"{"e":"read","t":321,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"end","t":330,"tid":1,"id":4}"#)
  )

  /// The `minimum-instances` threshold.
  static let minimumInstances = Threshold(
    key: "minimum-instances", defaultValue: 2, summary: "Fewest distinct instances to report.")

  /// A finding for each node that read at least `minimum-instances` instances of a model, one after another.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimum = Int(context.value(Self.minimumInstances, of: description))
    let bodies = session.bodyLocations
    let reads = Dictionary(session.nodes.map { ($0.node, $0.readProperties) }, uniquingKeysWith: { first, _ in first })
    return (session.summaries[Self.self] ?? []).filter { $0.instances >= minimum }.map { entry in
      let prefix = entry.type + "."
      let shown = (reads[entry.node] ?? []).filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
      return finding(
        in: session, context: context,
        message: message(entry, shown: shown), view: entry.view, type: entry.type, count: entry.instances,
        site: entry.site, location: CodeLocation(site: entry.site) ?? bodies[entry.view],
        evidence: entry.first, trail: entry.trail)
    }
  }

  // MARK: - Messages

  /// The message; `shown` are the properties of the type the view read, what it showed of
  /// each instance.
  static func message(_ entry: RecreationSummary, shown: [String]) -> String {
    let when =
      entry.constructedIn.map { "while \($0)'s body re-created the view struct" }
      ?? "when the view struct was re-created"
    var text =
      "\(entry.view) (node \(entry.node)) read \(entry.instances) different \(entry.type) instances, each made "
      + "by an initializer that re-ran\(Wording.at(entry.site)) \(when): "
      + "the model does not survive its view's re-creation"
    // What was lost is what the view showed of an instance that had changed; a replaced
    // instance never written held what its replacement holds.
    guard entry.replacedAfterWrites > 0 else {
      return text + ". No replaced instance had been written, so nothing the view showed was lost in this run; "
        + "any state the model gains will be."
    }
    text += ", and \(Wording.count(entry.replacedAfterWrites, "instance")) had been written before being replaced"
    if !shown.isEmpty {
      let them = entry.replacedAfterWrites == 1 ? "it" : "them"
      text += ": what the view showed of \(them) (\(Wording.list(shown))) was lost"
    }
    return text + "."
  }
}

// MARK: - Collecting

extension ModelRecreatedRule {
  /// Finds nodes that read only fresh instances of a type, each made by an initializer that
  /// ran more than once as part of constructing a view struct: the node keeps its model
  /// where it is rebuilt with the view struct. Instances made on purpose (in a task, an
  /// action) are a deliberate replacement, not a re-creation.
  ///
  /// Per node it keeps the instances made by initializers that its current and its last
  /// evaluation read, sorted by type and object, so one merge compares them.
  ///
  /// What it reads of the builder's general reconstruction, through `InstancesView`: an
  /// object's initializer group, whether the object was written, and the group's runs made
  /// while a view struct was being constructed (inside a body, or under an owner), which
  /// `SessionBuilder+Inits.swift` decides for every rule (`repeated-init` counts them too).
  struct Collector: SessionCollector {
    private var current: [[TypeObject]] = []
    private var previous: [[TypeObject]] = []
    /// Entries by node and type, `node << 32 | type`, in order of first sight.
    private var entries = DenseMap<NodeType, Entry>()

    mutating func madeInstanceRead(node: Int, type: StringID, slot: Int) {
      if node >= current.count {
        current.append(contentsOf: repeatElement([], count: node + 1 - current.count))
        previous.append(contentsOf: repeatElement([], count: node + 1 - previous.count))
      }
      current[node].append(TypeObject(type: type, object: Int64(slot)))
    }

    /// - Complexity: O(1) for a node that read no instance made by an initializer in this
    ///   evaluation or the last; else O(i log i) for the i instances.
    @inline(__always)
    mutating func evaluationEnded(_ evaluation: EvaluationFact, instances: InstancesView) {
      let node = evaluation.node
      guard node < current.count, !current[node].isEmpty || !previous[node].isEmpty else { return }
      if current[node].count > 1 {
        current[node].sort { ($0.type.rawValue, $0.object) < ($1.type.rawValue, $1.object) }
      }
      compare(evaluation, instances: instances)
      swap(&current[node], &previous[node])
      current[node].removeAll(keepingCapacity: true)
    }

    private mutating func compare(_ evaluation: EvaluationFact, instances: InstancesView) {
      let current = current[evaluation.node]
      let previous = previous[evaluation.node]
      var i = 0
      var j = 0
      while i < current.count {
        let type = current[i].type
        var end = i
        var allRepeated = true
        while end < current.count, current[end].type == type {
          let group = instances.group(ofObject: Int(current[end].object))
          allRepeated = allRepeated && group.map { instances.constructionRuns(ofGroup: $0) > 1 } ?? false
          end += 1
        }
        while j < previous.count, previous[j].type.rawValue < type.rawValue { j += 1 }
        var previousEnd = j
        while previousEnd < previous.count, previous[previousEnd].type == type { previousEnd += 1 }
        if previousEnd > j, allRepeated, Self.disjoint(current[i..<end], previous[j..<previousEnd]) {
          let key = NodeType(node: evaluation.node, type: type)
          let position = entries.position(of: key.packed, key: key) {
            Entry(first: evaluation.start, instances: 1)
          }
          entries.values[position].trail.keep(evaluation.sample(note: "read a fresh instance"))
          entries.values[position].instances += 1
          if previous[j..<previousEnd].contains(where: { instances.isWritten(Int($0.object)) }) {
            entries.values[position].replacedAfterWrites += 1
          }
          if entries.values[position].group == nil {
            entries.values[position].group = instances.group(ofObject: Int(current[i].object))
          }
        }
        i = end
        j = previousEnd
      }
    }

    /// Whether two runs of instances sorted by object share none.
    private static func disjoint(_ a: ArraySlice<TypeObject>, _ b: ArraySlice<TypeObject>) -> Bool {
      var i = a.startIndex
      var j = b.startIndex
      while i < a.endIndex, j < b.endIndex {
        if a[i].object == b[j].object { return false }
        if a[i].object < b[j].object { i += 1 } else { j += 1 }
      }
      return true
    }

    mutating func finish(
      into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
    ) {
      session.summaries[ModelRecreatedRule.self] = entries.entries.map { key, entry in
        let group = entry.group.map { built.groups[$0] }
        return RecreationSummary(
          node: built.nodeID(key.node), view: strings[built.nodes[key.node].view], type: strings[key.type],
          instances: entry.instances, replacedAfterWrites: entry.replacedAfterWrites,
          site: group?.key.site.map { strings[$0] }, constructedIn: group?.constructedIn.map { strings[$0] },
          first: entry.first, trail: Array((group?.trail.prefix(3) ?? []) + entry.trail).events(&names, strings))
      }
    }

    /// An instance of a type, as read by a view: the object's slot.
    private struct TypeObject {
      var type: StringID
      var object: Int64
    }

    private struct Entry {
      var first: Evidence
      var instances: Int
      var replacedAfterWrites = 0
      /// The initializer group of the first fresh instance.
      var group: Int?
      var trail: [TrailSample] = []
    }
  }
}

// MARK: - Summary

/// A view node that read a fresh instance of a type after its initializer re-ran.
package struct RecreationSummary: Sendable {
  package var node: Int64
  package var view: String
  package var type: String
  /// Distinct instances the node read, one after another.
  package var instances = 0
  /// Instances replaced after they had been written: state that was lost.
  package var replacedAfterWrites = 0
  package var site: String?
  /// The view whose body re-created the struct (and ran the initializer), when recorded.
  package var constructedIn: String?
  package var first: Evidence
  /// The evaluations that read a fresh instance.
  package var trail: [TrailEvent] = []
}
