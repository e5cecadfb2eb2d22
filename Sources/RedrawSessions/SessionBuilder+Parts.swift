import RedrawReading

// The parts of the session builder's state, each owned by the builder and named after what it
// holds. Indices are dense: a node, object, property or group is numbered in order of first
// sight, and every array of a part is indexed the same way.

/// The session in progress: whether there is one and what its `meta` line said.
struct SessionProgress {
  var current: Session?
  /// Whether `current` holds a session: testing the optional itself copies the session.
  var inSession = false
  var hasMeta = false
  /// The `session` id of the session in progress, when its `meta` line gave one.
  var sessionID: Int64?
  /// Whether the session recorded a subscription (`observe`) yet: before one, it looks
  /// tracked per property, and no update is missed.
  var hasSubscriptions = false
}

/// Objects, by dense slot.
struct ObjectTable {
  /// Objects, by dense slot; `objectIDs` maps a trace `obj` to its slot.
  var objects: [ObjectState] = []
  var objectIDs = DenseIndex()
  /// The object last used outside an initializer and its slot, while its state stands:
  /// a view's reads of one model follow each other.
  var lastTouched: (object: Int64, slot: Int)?
  /// Counts objects whose state was replaced (an id used again after its `deinit`), so
  /// a node's reads of them are settled again.
  var objectResets = 0
}

/// Properties read or written, by dense index.
struct PropertyTable {
  /// Properties read or written, by dense index; keys are ``MemberKey``s.
  var properties: [PropertyState] = []
  /// Each property's reads, by the same index: counted on every read, in an array small
  /// enough to stay in the cache while the trace streams through it.
  var propertyReads: [Int] = []
  var propertyIDs = DenseIndex()
  /// The properties named after their candidates (`<email|password>`), and which reads
  /// count as reads of a written property.
  var ambiguousNames = AmbiguousNames()
}

/// Initializer groups: the runs of one type's initializer at one site under one owner.
struct InitGroups {
  var groups: [InitGroupState] = []
  var groupIndex: [GroupKey: Int] = [:]
}

/// The user's actions and the bindings they edit through.
struct ActionTable {
  /// User actions by name, in order of their first performance.
  var actions: [ActionState] = []
  var actionIndex: [StringID: Int] = [:]
  /// The types each node edits through bindings (writes inside its `binding` actions).
  var bindings: Set<NodeBinding> = []
  /// The action that started a task (a `task` effect inside it) and whose update is in
  /// progress, or -1: a write outside any span before the next action, body evaluation or
  /// mark is its, made by that task, which runs before SwiftUI's next update.
  var updateAction: Int32 = -1
}

/// View structs made per trace node (`struct` events).
struct StructTally {
  /// By dense index in `structNodes`.
  var structNodes = DenseIndex()
  var structCounts: [Int32] = []
  /// Of them, those made by parent evaluations the migration saves, by the same index.
  var savedStructCounts: [Int32] = []
  /// Of those, the ones made by cascaded or own-write evaluations, by the same index.
  var cascadedStructCounts: [Int32] = []

  /// Counts a struct made for trace node `node`, `bySaved` when a parent evaluation the
  /// migration saves made it.
  mutating func count(node: Int64, bySaved: Bool, byCascaded: Bool) {
    let (index, inserted) = structNodes.insert(DenseIndex.key(node))
    if inserted {
      structCounts.append(0)
      savedStructCounts.append(0)
      cascadedStructCounts.append(0)
    }
    structCounts[index] &+= 1
    if bySaved { savedStructCounts[index] &+= 1 }
    if byCascaded { cascadedStructCounts[index] &+= 1 }
  }

  /// Whether cascaded or own-write evaluations of its parent made every struct of trace node
  /// `node` so far (false when the trace recorded none).
  func madeOnlyByCascades(_ node: Int64) -> Bool {
    guard let index = structNodes.index(of: DenseIndex.key(node)) else { return false }
    return structCounts[index] > 0 && cascadedStructCounts[index] == structCounts[index]
  }

  /// The structs made for trace node `node`, and of them those saved evaluations made; nil
  /// when the trace recorded none.
  func made(for node: Int64) -> (made: Int, bySaved: Int)? {
    structNodes.index(of: DenseIndex.key(node)).map { (Int(structCounts[$0]), Int(savedStructCounts[$0])) }
  }
}

/// What the session says of its trace: problems, events by kind, its times.
struct SessionLog {
  var diagnostics: [String: Session.Diagnostic] = [:]
  var diagnosticOrder: [String] = []
  /// Events by kind, and unknown keys, of the session in progress.
  var eventCounts = EventCounter()
  var unknownKeys = 0
  var firstTime: Int64?
  var lastTime: Int64 = 0

  /// Records a problem with the trace, counted by message.
  mutating func note(_ message: String, line: Int, time: Int64, allowed: Bool = false) {
    if diagnostics[message] == nil {
      diagnostics[message] = Session.Diagnostic(
        message: message, count: 0, first: Evidence(line: line, time: time), isAllowed: allowed)
      diagnosticOrder.append(message)
    }
    diagnostics[message]!.count += 1
  }
}
