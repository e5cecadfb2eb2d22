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
    if let parent = event.parent {
      nodes[index].summary.parent = parent
      nodes[index].parentIndex = nodeIDs.index(of: DenseIndex.key(parent))
    }
    let parent = nodes[index].parentIndex.map { ParentFacts(nodes[$0]) }
    let reason = evaluationReason(of: index, cause: event, parent: parent)
    nodes[index].record(reason)
    recordOnTimeline(index, at: event.time)
    switch reason {
    case .needed(let write):
      if let property = propertyIDs.index(of: DenseIndex.key(write.type.rawValue, write.property.rawValue)) {
        properties[property].neededEvaluations += 1
      }
    case .overBroad(let write):
      if let property = propertyIDs.index(of: DenseIndex.key(write.type.rawValue, write.property.rawValue)) {
        properties[property].overBroadEvaluations += 1
      }
      let key = OverBroadKey(view: view, type: write.type, property: write.property)
      nodes[index].wasteKey = key
      overBroad[key, default: OverBroadSummaryState(first: evidence, write: write)].evaluations += 1
    case .cascaded:
      nodes[index].wasteKey = parent?.wasteKey
      if let key = parent?.wasteKey { overBroad[key]?.cascaded += 1 }
    default:
      nodes[index].wasteKey = nil
    }
    nodes[index].parentEvaluationsSeen = parent?.evaluations ?? 0
    nodes[index].pendingNeeded = nil
    nodes[index].pendingOverBroad = nil
    nodes[index].reads.removeAll()
    nodes[index].objects.removeAll()
    push(OpenSpan(id: event.span, kind: .body(node: index), start: evidence), on: event.thread)
  }

  /// Counts the evaluation in its time bucket, widening every node's buckets when the
  /// session outgrows them, so the timeline stays ``timelineBuckets`` long.
  private mutating func recordOnTimeline(_ index: Int, at time: Int64) {
    let offset = max(0, time - (firstTime ?? time))
    while offset / timelineWidth >= Int64(Self.timelineBuckets) {
      timelineWidth *= 2
      for node in nodes.indices { nodes[node].halveTimeline() }
    }
    let bucket = Int32(offset / timelineWidth)
    nodes[index].countOnTimeline(bucket, wasted: nodes[index].lastEvaluationWasted)
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

  private func evaluationReason(of index: Int, cause event: TraceEvent, parent: ParentFacts?) -> EvaluationReason {
    if nodes[index].summary.evaluations == 0 { return .initial }
    let pendingNeeded = nodes[index].pendingNeeded
    let pendingOverBroad = nodes[index].pendingOverBroad
    let parentEvaluated = parent.map { $0.evaluations > nodes[index].parentEvaluationsSeen } ?? false
    let fromParent: EvaluationReason = parent?.lastEvaluationWasted == true ? .cascaded : .parent
    switch event.cause {
    case .initial?: return .initial
    case .state?: return .state
    case .parent?: return fromParent
    case .write?:
      if let needed = pendingNeeded { return .needed(needed) }
      if let object = event.object, let type = event.type, let property = event.property {
        let write = PendingWrite(type: type, property: property)
        let slot = objectIDs.index(of: DenseIndex.key(object))
        let wasRead = slot.map { nodes[index].reads.contains(DenseIndex.key(Int32($0), property.rawValue)) } ?? false
        return wasRead ? .needed(write) : .overBroad(pendingOverBroad ?? write)
      }
      return pendingOverBroad.map { .overBroad($0) } ?? .unknown
    case .unknown?, nil:
      if let needed = pendingNeeded { return .needed(needed) }
      if parentEvaluated { return fromParent }
      if let write = pendingOverBroad { return .overBroad(write) }
      return .unknown
    }
  }

  /// Closes an evaluation: its time, how much of each model it read, and whether it
  /// read fresh instances of a model.
  ///
  /// - Complexity: O(r log r) for the r properties the evaluation read; the scratch
  ///   storage is reused, so nothing is allocated in the steady state.
  mutating func endBody(node index: Int, span: OpenSpan, at time: Int64) {
    nodes[index].summary.bodyTime += max(0, time - span.start.time)
    // Read keys are `object slot << 32 | property`: sorted, each object's reads are a run.
    var reads = scratchReads
    scratchReads = []
    defer { scratchReads = reads }
    reads.removeAll(keepingCapacity: true)
    reads.append(contentsOf: nodes[index].reads.keys)
    if reads.count > 1 { reads.sort() }
    nodes[index].madeInstances.removeAll(keepingCapacity: true)
    var start = 0
    while start < reads.count {
      let slot = Int(reads[start] >> 32)
      var end = start + 1
      while end < reads.count, Int(reads[end] >> 32) == slot { end += 1 }
      let object = objects[slot]
      let key = DenseIndex.key(Int32(index), object.type.rawValue)
      let (entry, inserted) = modelReadIDs.insert(key)
      if inserted { modelReads.append(ModelReadState(node: index, type: object.type, first: span.start)) }
      if end - start > modelReads[entry].maximum {
        modelReads[entry].maximum = end - start
        modelReads[entry].properties = reads[start..<end].map { StringID(rawValue: Int32(truncatingIfNeeded: $0)) }
      }
      if object.group != nil { nodes[index].madeInstances.append(TypeObject(type: object.type, object: Int64(slot))) }
      start = end
    }
    if nodes[index].madeInstances.count > 1 {
      nodes[index].madeInstances.sort { ($0.type.rawValue, $0.object) < ($1.type.rawValue, $1.object) }
    }
    if !nodes[index].madeInstances.isEmpty || !nodes[index].previousMadeInstances.isEmpty {
      detectRecreation(index: index, evidence: span.start)
      nodes[index].rotateMadeInstances()
    }
    nodes[index].writtenTypes.removeAll()
  }

  /// A node that reads only fresh instances of a type, each made by an initializer that
  /// ran more than once, keeps its model where it is rebuilt with the view struct.
  ///
  /// Both instance lists are sorted by type and object, so one merge compares them.
  private mutating func detectRecreation(index: Int, evidence: Evidence) {
    let current = nodes[index].madeInstances
    let previous = nodes[index].previousMadeInstances
    var i = 0
    var j = 0
    while i < current.count {
      let type = current[i].type
      var end = i
      var allRepeated = true
      while end < current.count, current[end].type == type {
        let group = objects[Int(current[end].object)].group
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
        if nodes[index].writtenTypes.contains(UInt64(UInt32(bitPattern: type.rawValue))) {
          state.replacedAfterWrites += 1
        }
        if state.group == nil { state.group = objects[Int(current[i].object)].group }
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
    let type = event.type!
    let property = event.property!
    properties[propertyIndex(type: type, property: property)].reads += 1
    let span = innermostSpan(on: event.thread)
    let slot = touch(event.object!, type: type, inInit: span?.isInit ?? false, evidence)
    guard case .body(let index)? = span?.kind else {
      if span == nil {
        note(
          "reads outside any body or init span (untracked reads)", line: evidence.line, time: event.time, allowed: true)
      }
      return
    }
    nodes[index].reads.insert(DenseIndex.key(Int32(slot), property.rawValue))
    nodes[index].properties.insert(DenseIndex.key(type.rawValue, property.rawValue))
    if nodes[index].objects.insert(UInt64(slot)).inserted, nodes[index].indexedObjects.insert(Int32(slot)).inserted {
      objects[slot].readers.append(Int32(index))
    }
  }

  mutating func write(_ event: TraceEvent, _ evidence: Evidence) {
    let type = event.type!
    let property = event.property!
    let propertyIndex = propertyIndex(type: type, property: property)
    properties[propertyIndex].writes += 1
    if properties[propertyIndex].firstWrite == nil { properties[propertyIndex].firstWrite = evidence }
    if properties[propertyIndex].site == nil { properties[propertyIndex].site = event.site }
    let span = innermostSpan(on: event.thread)
    let slot = touch(event.object!, type: type, inInit: span?.isInit ?? false, evidence)
    if case .body(let index)? = span?.kind {
      let writeKey = OverBroadKey(view: nodes[index].view, type: type, property: property)
      bodyWrites[writeKey, default: BodyWriteState(first: evidence, site: event.site)].count += 1
    }
    invalidateReaders(of: slot, type: type, property: property, site: event.site)
  }

  /// The index of a property in `properties`, added on first sight.
  @inline(__always)
  private mutating func propertyIndex(type: StringID, property: StringID) -> Int {
    let (index, inserted) = propertyIDs.insert(DenseIndex.key(type.rawValue, property.rawValue))
    if inserted { properties.append(PropertyState(type: type, property: property)) }
    return index
  }

  /// Marks every node that read the object in `slot` in its last evaluation for re-evaluation.
  private mutating func invalidateReaders(of slot: Int, type: StringID, property: StringID, site: StringID?) {
    guard !objects[slot].readers.isEmpty else { return }
    var readers = objects[slot].readers
    objects[slot].readers = []
    let write = PendingWrite(type: type, property: property, site: site)
    let read = DenseIndex.key(Int32(slot), property.rawValue)
    let objectKey = UInt64(slot)
    let typeKey = UInt64(UInt32(bitPattern: type.rawValue))
    var kept = 0
    for reader in readers {
      let index = Int(reader)
      // Index entries are dropped lazily, once the node no longer reads the object.
      guard nodes[index].objects.contains(objectKey) else {
        nodes[index].indexedObjects.remove(Int32(slot))
        continue
      }
      readers[kept] = reader
      kept += 1
      nodes[index].writtenTypes.insert(typeKey)
      if nodes[index].reads.contains(read) {
        if nodes[index].pendingNeeded == nil { nodes[index].pendingNeeded = write }
      } else if nodes[index].pendingOverBroad == nil {
        nodes[index].pendingOverBroad = write
      }
    }
    readers.removeLast(readers.count - kept)
    objects[slot].readers = readers
  }

  private mutating func nodeIndex(for node: Int64, view: StringID, _ evidence: Evidence) -> Int {
    let (index, inserted) = nodeIDs.insert(DenseIndex.key(node))
    if inserted {
      nodes.append(NodeState(node: node, view: view, first: evidence))
    } else {
      nodes[index].view = view
    }
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

struct PropertyState {
  var type: StringID
  var property: StringID
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
  var node: Int
  var type: StringID
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
