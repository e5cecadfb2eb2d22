/// Body evaluations, reads and writes: why each evaluation happened.
///
/// A node's read set is what it read in its last evaluation. A write to a property in
/// that set makes the node's next evaluation *needed*; a write to another property of
/// an object it read makes it *over-broad* (object-level invalidation, as with
/// `ObservableObject`, which `@Observable` would not have done). When the node's
/// next evaluation begins, the first matching reason wins, in this order:
///
/// 1. the `cause` the trace gives (`initial`, `state`, `parent`; `write` is checked
///    against the read set like an inferred write);
/// 2. a needed write;
/// 3. the parent was evaluated since (parent-driven, or *cascaded* when the parent's
///    own evaluation was over-broad or cascaded);
/// 4. an over-broad write;
/// 5. unknown.
extension SessionBuilder {
  mutating func beginBody(_ event: TraceEvent, _ evidence: Evidence) {
    let view = event.view!
    let index = nodeIndex(for: event.node, view: view, evidence)
    // Work on the node moved out of the array, so its sets are mutated in place, not copied.
    var node = NodeState.placeholder
    swap(&node, &nodes[index])
    defer { swap(&node, &nodes[index]) }
    if let parent = event.parent {
      node.summary.parent = parent
      node.parentIndex = nodeIndex[parent]
    }
    let parent = node.parentIndex.map { ParentFacts(nodes[$0]) }
    let reason = evaluationReason(of: node, cause: event, parent: parent)
    node.record(reason)
    recordOnTimeline(&node, at: event.time)
    switch reason {
    case .needed(let write):
      properties[TypeProperty(type: write.type, property: write.property)]?.neededEvaluations += 1
    case .overBroad(let write):
      properties[TypeProperty(type: write.type, property: write.property)]?.overBroadEvaluations += 1
      let key = OverBroadKey(view: view, type: write.type, property: write.property)
      node.wasteKey = key
      overBroad[key, default: OverBroadSummaryState(first: evidence, write: write)].evaluations += 1
    case .cascaded:
      node.wasteKey = parent?.wasteKey
      if let key = node.wasteKey { overBroad[key]?.cascaded += 1 }
    default:
      node.wasteKey = nil
    }
    node.parentEvaluationsSeen = parent?.evaluations ?? 0
    node.pendingNeeded = nil
    node.pendingOverBroad = nil
    node.reads.removeAll(keepingCapacity: true)
    node.objects.removeAll(keepingCapacity: true)
    push(OpenSpan(id: event.span, kind: .body(node: index), start: evidence), on: event.thread)
  }

  /// Counts the evaluation in its time bucket, widening every node's buckets when the
  /// session outgrows them, so the timeline stays ``timelineBuckets`` long.
  private mutating func recordOnTimeline(_ node: inout NodeState, at time: Int64) {
    let offset = max(0, time - (firstTime ?? time))
    while offset / timelineWidth >= Int64(Self.timelineBuckets) {
      timelineWidth *= 2
      node.halveTimeline()
      for index in nodes.indices { nodes[index].halveTimeline() }
    }
    let bucket = Int(offset / timelineWidth)
    if node.timeline.isEmpty {
      node.timeline = Array(repeating: 0, count: Self.timelineBuckets)
      node.wastedTimeline = Array(repeating: 0, count: Self.timelineBuckets)
    }
    node.timeline[bucket] += 1
    if node.lastEvaluationWasted { node.wastedTimeline[bucket] += 1 }
  }

  /// What a child's evaluation needs to know of its parent.
  private struct ParentFacts {
    var evaluations: Int
    var lastEvaluationWasted: Bool
    var wasteKey: OverBroadKey?

    init(_ node: NodeState) {
      evaluations = node.summary.evaluations
      lastEvaluationWasted = node.lastEvaluationWasted
      wasteKey = node.wasteKey
    }
  }

  private func evaluationReason(of node: NodeState, cause event: TraceEvent, parent: ParentFacts?) -> EvaluationReason {
    if node.summary.evaluations == 0 { return .initial }
    let parentEvaluated = parent.map { $0.evaluations > node.parentEvaluationsSeen } ?? false
    let fromParent: EvaluationReason = parent?.lastEvaluationWasted == true ? .cascaded : .parent
    switch event.cause {
    case .initial?: return .initial
    case .state?: return .state
    case .parent?: return fromParent
    case .write?:
      if let needed = node.pendingNeeded { return .needed(needed) }
      if let object = event.object, let type = event.type, let property = event.property {
        let write = PendingWrite(type: type, property: property)
        let wasRead = node.reads.contains(ObjectProperty(object: object, property: property))
        return wasRead ? .needed(write) : .overBroad(node.pendingOverBroad ?? write)
      }
      return node.pendingOverBroad.map { .overBroad($0) } ?? .unknown
    case .unknown?, nil:
      if let needed = node.pendingNeeded { return .needed(needed) }
      if parentEvaluated { return fromParent }
      if let write = node.pendingOverBroad { return .overBroad(write) }
      return .unknown
    }
  }

  /// Closes an evaluation: its time, how much of each model it read, and whether it
  /// read fresh instances of a model.
  ///
  /// - Complexity: O(r log r) for the r properties the evaluation read; the scratch
  ///   storage is reused, so nothing is allocated in the steady state.
  mutating func endBody(node index: Int, span: OpenSpan, at time: Int64) {
    var node = NodeState.placeholder
    swap(&node, &nodes[index])
    defer { swap(&node, &nodes[index]) }
    node.summary.bodyTime += max(0, time - span.start.time)
    var reads = scratchReads
    scratchReads = []
    defer { scratchReads = reads }
    reads.removeAll(keepingCapacity: true)
    reads.append(contentsOf: node.reads)
    reads.sort { ($0.object, $0.property.rawValue) < ($1.object, $1.property.rawValue) }
    node.madeInstances.removeAll(keepingCapacity: true)
    var start = 0
    while start < reads.count {
      let object = reads[start].object
      var end = start + 1
      while end < reads.count, reads[end].object == object { end += 1 }
      if let state = objects[object] {
        let key = NodeType(node: index, type: state.type)
        if modelReads[key] == nil { modelReads[key] = ModelReadState(first: span.start) }
        if end - start > modelReads[key]!.maximum {
          modelReads[key]!.maximum = end - start
          modelReads[key]!.properties = reads[start..<end].map(\.property)
        }
        if state.group != nil { node.madeInstances.append(TypeObject(type: state.type, object: object)) }
      }
      start = end
    }
    node.madeInstances.sort { ($0.type.rawValue, $0.object) < ($1.type.rawValue, $1.object) }
    detectRecreation(of: &node, index: index, evidence: span.start)
    swap(&node.madeInstances, &node.previousMadeInstances)
    node.writtenTypes.removeAll(keepingCapacity: true)
  }

  /// A node that reads only fresh instances of a type, each made by an initializer that
  /// ran more than once, keeps its model where it is rebuilt with the view struct.
  ///
  /// Both instance lists are sorted by type and object, so one merge compares them.
  private mutating func detectRecreation(of node: inout NodeState, index: Int, evidence: Evidence) {
    let current = node.madeInstances
    let previous = node.previousMadeInstances
    var i = 0
    var j = 0
    while i < current.count {
      let type = current[i].type
      var end = i
      var allRepeated = true
      while end < current.count, current[end].type == type {
        let group = objects[current[end].object]?.group
        allRepeated = allRepeated && group.map { groups[$0].summary.runs > 1 } ?? false
        end += 1
      }
      while j < previous.count, previous[j].type.rawValue < type.rawValue { j += 1 }
      var previousEnd = j
      while previousEnd < previous.count, previous[previousEnd].type == type { previousEnd += 1 }
      let hadPrevious = previousEnd > j
      let disjoint = Self.disjoint(current[i..<end], previous[j..<previousEnd])
      if hadPrevious, disjoint, allRepeated {
        let key = NodeType(node: index, type: type)
        var state = recreations[key] ?? RecreationState(first: evidence, instances: 1)
        state.instances += 1
        if node.writtenTypes.contains(type) { state.replacedAfterWrites += 1 }
        if state.group == nil { state.group = objects[current[i].object]?.group }
        recreations[key] = state
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

  // MARK: - Reads and writes

  mutating func read(_ event: TraceEvent, _ evidence: Evidence) {
    let object = event.object!
    let key = TypeProperty(type: event.type!, property: event.property!)
    typeProperties[key.type, default: []].insert(key.property)
    properties[key, default: PropertyState()].reads += 1
    let span = innermostSpan(on: event.thread)
    touch(object, type: key.type, inInit: span?.isInit ?? false, evidence)
    guard case .body(let index)? = span?.kind else { return }
    nodes[index].reads.insert(ObjectProperty(object: object, property: key.property))
    nodes[index].properties.insert(key)
    if nodes[index].objects.insert(object).inserted, nodes[index].indexedObjects.insert(object).inserted {
      readersByObject[object, default: []].append(index)
    }
  }

  mutating func write(_ event: TraceEvent, _ evidence: Evidence) {
    let object = event.object!
    let key = TypeProperty(type: event.type!, property: event.property!)
    typeProperties[key.type, default: []].insert(key.property)
    var property = properties[key, default: PropertyState()]
    property.writes += 1
    if property.firstWrite == nil { property.firstWrite = evidence }
    if property.site == nil { property.site = event.site }
    properties[key] = property
    let span = innermostSpan(on: event.thread)
    touch(object, type: key.type, inInit: span?.isInit ?? false, evidence)
    if case .body(let index)? = span?.kind {
      let writeKey = OverBroadKey(view: nodes[index].view, type: key.type, property: key.property)
      bodyWrites[writeKey, default: BodyWriteState(first: evidence, site: event.site)].count += 1
    }
    invalidateReaders(of: object, key, site: event.site)
  }

  /// Marks every node that read `object` in its last evaluation for re-evaluation.
  private mutating func invalidateReaders(of object: Int64, _ key: TypeProperty, site: StringID?) {
    guard var readers = readersByObject[object] else { return }
    let write = PendingWrite(type: key.type, property: key.property, site: site)
    let read = ObjectProperty(object: object, property: key.property)
    var kept = 0
    for index in readers {
      // Index entries are dropped lazily, once the node no longer reads the object.
      guard nodes[index].objects.contains(object) else {
        nodes[index].indexedObjects.remove(object)
        continue
      }
      readers[kept] = index
      kept += 1
      nodes[index].writtenTypes.insert(key.type)
      if nodes[index].reads.contains(read) {
        if nodes[index].pendingNeeded == nil { nodes[index].pendingNeeded = write }
      } else if nodes[index].pendingOverBroad == nil {
        nodes[index].pendingOverBroad = write
      }
    }
    readers.removeLast(readers.count - kept)
    readersByObject[object] = readers.isEmpty ? nil : readers
  }

  private mutating func nodeIndex(for node: Int64, view: StringID, _ evidence: Evidence) -> Int {
    if let index = nodeIndex[node] {
      nodes[index].view = view
      return index
    }
    let index = nodes.count
    nodes.append(NodeState(node: node, view: view, first: evidence))
    nodeIndex[node] = index
    return index
  }
}

// MARK: - State

/// An instance of a type, as read by a view.
struct TypeObject {
  var type: StringID
  var object: Int64
}

/// A write that invalidated a node, remembered until its next evaluation.
struct PendingWrite {
  var type: StringID
  var property: StringID
  var site: StringID?
}

/// Why a body evaluation happened.
enum EvaluationReason {
  case initial, state, parent, cascaded, unknown
  case needed(PendingWrite)
  case overBroad(PendingWrite)
}

/// What the builder knows of one view node.
struct NodeState {
  var summary: NodeSummary
  var view: StringID
  var parentIndex: Int?
  /// The parent's evaluation count when this node last evaluated.
  var parentEvaluationsSeen = 0
  var lastEvaluationWasted = false
  /// The over-broad write its last wasted evaluation traces back to.
  var wasteKey: OverBroadKey?
  /// What the last (or current) evaluation read.
  var reads: Set<ObjectProperty> = []
  var objects: Set<Int64> = []
  /// Objects this node is listed under in `readersByObject`.
  var indexedObjects: Set<Int64> = []
  /// Every property read over all evaluations.
  var properties: Set<TypeProperty> = []
  var pendingNeeded: PendingWrite?
  var pendingOverBroad: PendingWrite?
  /// Types with a write to a read instance since the last evaluation.
  var writtenTypes: Set<StringID> = []
  /// Instances made by initializers that the current and the last evaluation read,
  /// sorted by type and object.
  var madeInstances: [TypeObject] = []
  var previousMadeInstances: [TypeObject] = []

  init(node: Int64, view: StringID, first: Evidence) {
    self.view = view
    summary = NodeSummary(node: node, view: "", first: first)
  }

  /// Evaluations per time bucket, and the wasted ones (empty until the first evaluation).
  var timeline: [Int32] = []
  var wastedTimeline: [Int32] = []

  /// Merges pairs of buckets when the bucket width doubles.
  mutating func halveTimeline() {
    guard !timeline.isEmpty else { return }
    for index in 0..<timeline.count {
      let low = 2 * index
      timeline[index] = low < timeline.count ? timeline[low] + timeline[low + 1] : 0
      wastedTimeline[index] = low < wastedTimeline.count ? wastedTimeline[low] + wastedTimeline[low + 1] : 0
    }
  }

  /// Stands in the array while a node is worked on outside it.
  static let placeholder = NodeState(node: 0, view: StringID(rawValue: 0), first: Evidence(line: 0, time: 0))

  mutating func record(_ reason: EvaluationReason) {
    summary.evaluations += 1
    lastEvaluationWasted = false
    switch reason {
    case .initial: summary.initial += 1
    case .state: summary.state += 1
    case .parent: summary.parentDriven += 1
    case .unknown: summary.unknown += 1
    case .needed: summary.needed += 1
    case .cascaded:
      summary.cascaded += 1
      lastEvaluationWasted = true
    case .overBroad:
      summary.overBroad += 1
      lastEvaluationWasted = true
    }
  }
}

struct PropertyState {
  var reads = 0
  var writes = 0
  var neededEvaluations = 0
  var overBroadEvaluations = 0
  var firstWrite: Evidence?
  var site: StringID?
}

struct OverBroadSummaryState {
  var first: Evidence
  var write: PendingWrite
  var evaluations = 0
  var cascaded = 0
}

struct BodyWriteState {
  var first: Evidence
  var site: StringID?
  var count = 0
}

struct RecreationState {
  var first: Evidence
  var instances: Int
  var replacedAfterWrites = 0
  var group: Int?
}

struct ModelReadState {
  var first: Evidence
  var maximum = 0
  var properties: [StringID] = []
}

extension OpenSpan {
  var isInit: Bool {
    if case .`init` = kind { return true }
    return false
  }
}
