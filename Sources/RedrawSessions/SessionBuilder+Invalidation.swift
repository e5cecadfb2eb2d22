import RedrawReading

/// Body evaluations, reads and writes: why each evaluation happened.
///
/// A node's read set is what it read in its last evaluation. A write to a property in
/// that set makes the node's next evaluation *needed*; a write to another property of
/// an object it read makes it *over-broad* (object-level invalidation, as with
/// `ObservableObject`, which `@Observable` would not have done). When the node's
/// next evaluation begins, the first matching reason wins, in this order:
///
/// 1. the `cause` the trace gives (`initial`, `state`, `parent`; `write` is checked
///    against the read set like an inferred write, and `parent` gives way to a needed write
///    that changed a value: a view re-created by its parent after a write to a property it
///    read but did not subscribe to is re-evaluated by that write with `@Observable`);
/// 2. a needed write: one that changed a value; or, when every needed write assigned an
///    equal value, the parent's evaluation since if there was one, else *equal value*
///    (`@Observable`, since Swift 6.2, does not notify observers of an `Equatable` property
///    assigned an equal value);
/// 3. an over-broad write, unless the parent re-evaluated for another write in the same update;
/// 4. the parent was evaluated since (parent-driven, or *cascaded* when the parent's
///    own evaluation was wasted: over-broad, of an equal value, or cascaded);
/// 5. unknown.
extension SessionBuilder {
  mutating func beginBody(_ event: TraceEvent, _ evidence: Evidence) {
    let view = event.view!
    let index = nodeIndex(for: event.node, view: view, evidence)
    if let site = event.site { nodeTable.nodes[index].noteSite(site) }
    // Fields are read into locals first: comparing them in place copies the whole node.
    var parentIndex = nodeTable.nodes[index].parentIndex
    if let parent = event.parent {
      let known = nodeTable.nodes[index].summary.parent
      if known != parent || parentIndex == nil {
        parentIndex = nodeTable.nodeIDs.index(of: DenseIndex.key(parent))
        nodeTable.nodes[index].summary.parent = parent
        nodeTable.nodes[index].parentIndex = parentIndex
      }
    }
    let parent = parentIndex.map { nodeTable.parentFacts[$0] }
    let reason = evaluationReason(of: index, cause: event, parent: parent)
    nodeTable.nodes[index].record(reason)
    countForAction(reason, view: view)
    nodeTable.recordOnTimeline(
      index, at: event.time, since: log.firstTime, wasted: nodeTable.nodes[index].lastEvaluationWasted)
    if nodeTable.nodes[index].summary.evaluations == 1 {
      nodeTable.nodes[index].parentEvaluationsAtFirst = parent?.evaluations ?? 0
      nodeTable.nodes[index].parentSavedAtFirst = parentIndex.map { nodeTable.nodes[$0].summary.saved } ?? 0
    }
    updates.beginStep()
    var evaluation = EvaluationFact(
      node: index, parent: parentIndex, view: view, start: evidence, thread: event.thread, update: updates.updateNumber)
    switch reason {
    case .needed(let write):
      if let (property, entry) = updates.count(
        of: index, view: view, write: write, wasted: false, properties: propertyTable.propertyIDs)
      {
        propertyTable.properties[property].neededEvaluations += 1
        propertyTable.properties[property].trail.keep(evaluation.sample(note: "needed"))
        evaluation.causeEntry = entry
      }
    case .overBroad(let write):
      if let (property, entry) = updates.count(
        of: index, view: view, write: write, wasted: true, properties: propertyTable.propertyIDs)
      {
        propertyTable.properties[property].overBroadEvaluations += 1
        propertyTable.properties[property].trail.keep(evaluation.sample(note: "over-broad"))
        evaluation.causeEntry = entry
      }
    case .equalValue(let write):
      if let (property, entry) = updates.count(
        of: index, view: view, write: write, wasted: true, properties: propertyTable.propertyIDs)
      {
        propertyTable.properties[property].equalValueEvaluations += 1
        propertyTable.properties[property].trail.keep(evaluation.sample(note: "equal value"))
        evaluation.causeEntry = entry
      }
    default:
      break
    }
    collectors.evaluationBegan(evaluation, reason: reason, threads: spans.threadIDs)
    nodeTable.nodes[index].parentEvaluationsSeen = parent?.evaluations ?? 0
    let causeWrite: UInt64
    switch reason {
    case .needed(let write), .overBroad(let write), .equalValue(let write): causeWrite = write.pair
    case .parent, .cascaded: causeWrite = parent?.causeWrite ?? 0
    default: causeWrite = 0
    }
    nodeTable.parentFacts[index] = ParentFacts(
      evaluations: nodeTable.nodes[index].summary.evaluations,
      lastEvaluationWasted: nodeTable.nodes[index].lastEvaluationWasted,
      causeWrite: causeWrite, writesBefore: updates.writeCount)
    nodeTable.nodes[index].pendingNeeded = nil
    nodeTable.nodes[index].pendingNeededChanges = false
    nodeTable.nodes[index].pendingNeededMissable = false
    nodeTable.nodes[index].pendingOverBroad = nil
    nodeTable.nodes[index].newInputs = false
    nodeTable.nodes[index].openEvaluations += 1
    push(OpenSpan(id: event.span, kind: .body(node: index), start: evidence), on: event.thread)
  }

  /// Mutating only in name: called from `beginBody`, a non-mutating method would be
  /// handed a copy of the whole builder.
  private mutating func evaluationReason(of index: Int, cause event: TraceEvent, parent: ParentFacts?)
    -> EvaluationReason
  {
    if nodeTable.nodes[index].summary.evaluations == 0 { return .initial }
    // A missed update is added back on its own (``MissedUpdateRule``): its write is no reason
    // for an evaluation of a later update.
    let missed =
      nodeTable.nodes[index].pendingNeededMissable
      && nodeTable.nodes[index].pendingNeeded?.update != updates.updateNumber
    let pendingNeeded = missed ? nil : nodeTable.nodes[index].pendingNeeded
    let changed = nodeTable.nodes[index].pendingNeededChanges
    let pendingOverBroad = nodeTable.nodes[index].pendingOverBroad
    // Whether the parent re-evaluated it: evaluated since, and, where the trace records the
    // structs it made (the harness), made one with new inputs (SwiftUI compares them).
    let parentEvaluated =
      (parent.map { $0.evaluations > nodeTable.nodes[index].parentEvaluationsSeen } ?? false)
      && (!nodeTable.nodes[index].structsRecorded || nodeTable.nodes[index].newInputs)
    let fromParent: EvaluationReason = parent?.lastEvaluationWasted == true ? .cascaded : .parent
    switch event.cause {
    case .initial?: return .initial
    case .state?: return .state
    case .parent?:
      // A parent re-created it, but it read a property a write changed since: `@Observable`
      // re-evaluates it for that write (a view reading an object it does not subscribe to),
      // so the evaluation is needed, not cascaded.
      if let needed = pendingNeeded, changed { return .needed(needed) }
      return fromParent
    case .write?:
      if let needed = pendingNeeded {
        return changed ? .needed(needed) : parentEvaluated ? fromParent : .equalValue(needed)
      }
      if let object = event.object, let type = event.type, let property = event.property {
        let write = PendingWrite(type: type, property: property)
        let slot = objectTable.objectIDs.index(of: DenseIndex.key(object))
        let wasRead = slot.map { nodeTable.nodes[index].reads.holds(ReadKey(slot: $0, property: property)) } ?? false
        return wasRead ? .needed(write) : .overBroad(pendingOverBroad ?? write)
      }
      return pendingOverBroad.map { .overBroad($0) } ?? .unknown
    case .unknown?, nil:
      // Without a cause: a write to a property the view read comes first. A write to another
      // property of an object it read (it observes the object, as with ObservableObject)
      // comes before its parent when the parent's evaluation came from that same write: the
      // child is usually handed the same object, so its inputs did not change and its own
      // invalidation is the reason, as SwiftUI decides. A parent evaluated for another write
      // re-created the child with new inputs, and an older over-broad write was stale (a
      // property-level run never acts on it). A parent evaluated before later writes did not
      // re-evaluate the child then (it would have, in the same pass): it is no reason now.
      // Writes of an equal value alone would not have invalidated the view with
      // `@Observable`: its parent's evaluation since, if any, is the reason; else they are.
      if let needed = pendingNeeded {
        return changed ? .needed(needed) : parentEvaluated ? fromParent : .equalValue(needed)
      }
      if let write = pendingOverBroad {
        let sameUpdate = parentEvaluated && parent?.writesBefore == updates.writeCount
        if !sameUpdate || parent?.causeWrite == write.pair { return .overBroad(write) }
      }
      if parentEvaluated { return fromParent }
      return .unknown
    }
  }

  /// Closes an evaluation: its time and what it read, handed to the collectors with the
  /// instances made by initializers among them.
  ///
  /// The evaluation's reads are the top of its thread's open reads. When they are the
  /// same as the node's last evaluation's, and no object changed type since, what was
  /// derived from them (the properties the node reads, the readers index, the collectors'
  /// model reads) is already up to date.
  ///
  /// - Complexity: O(r log r) for the r reads of the evaluation, sorted where they lie;
  ///   nothing is allocated in the steady state.
  mutating func endBody(node index: Int, span: OpenSpan, thread: Int, at time: Int64) {
    nodeTable.nodes[index].summary.bodyTime += max(0, time - span.start.time)
    nodeTable.nodes[index].openEvaluations -= 1
    let start = Int(span.readsStart)
    // A body reads the same properties in the same order evaluation after evaluation: the
    // reads as they came are compared with the last evaluation's first, and only reads in
    // another order or of other properties are sorted and compared again.
    let stamped = nodeTable.nodes[index].readsStamp == objectTable.objectResets
    var changed = false
    if !stamped || !spans.threads[thread].openReads.top(from: start, equals: nodeTable.nodes[index].readsAsMade) {
      nodeTable.nodes[index].readsAsMade.removeAll(keepingCapacity: true)
      nodeTable.nodes[index].readsAsMade.append(
        contentsOf: spans.threads[thread].openReads[start..<spans.threads[thread].openReads.count])
      // Sorted, each object's reads are a run (``ReadKey`` puts the slot first).
      spans.threads[thread].openReads.sortTop(from: start)
      changed = !stamped || !spans.threads[thread].openReads.top(from: start, equals: nodeTable.nodes[index].reads)
      if changed {
        nodeTable.nodes[index].reads = Array(
          spans.threads[thread].openReads[start..<spans.threads[thread].openReads.count])
        nodeTable.nodes[index].readsStamp = objectTable.objectResets
      }
    }
    let reads = nodeTable.nodes[index].reads[...]
    let evaluation = EvaluationFact(
      node: index, parent: nodeTable.nodes[index].parentIndex, view: nodeTable.nodes[index].view, start: span.start,
      thread: spans.threadIDs[thread])
    var first = reads.startIndex
    while first < reads.endIndex {
      let slot = reads[first].slot
      var end = first + 1
      while end < reads.endIndex, reads[end].slot == slot { end += 1 }
      let type = objectTable.objects[slot].type
      if changed { settle(reads[first..<end], of: slot, type: type, evaluation) }
      if objectTable.objects[slot].group != nil { collectors.madeInstanceRead(node: index, type: type, slot: slot) }
      first = end
    }
    spans.threads[thread].openReads.pop(to: start)
    collectors.evaluationEnded(
      evaluation, instances: InstancesView(objects: objectTable.objects, groups: initGroups.groups))
  }

  /// Derives what one object's reads in an evaluation tell: the properties the node
  /// reads and its entry in the object's readers; hands the properties to the collectors.
  private mutating func settle(_ reads: ArraySlice<ReadKey>, of slot: Int, type: StringID, _ evaluation: EvaluationFact)
  {
    let index = evaluation.node
    if nodeTable.nodes[index].indexedObjects.insert(Int32(slot)).inserted {
      objectTable.objects[slot].readers.append(Int32(index))
    }
    // Subscriptions sort last among an object's reads (one or more: a view may hold an
    // object twice); they read no property.
    var reads = reads
    while let last = reads.last, last.property == ReadKey.subscriptionProperty {
      reads = reads.dropLast()
    }
    guard !reads.isEmpty else { return }
    for key in reads {
      nodeTable.nodes[index].properties.insert(
        MemberKey(type: type, property: StringID(rawValue: key.property)).rawValue)
    }
    collectors.modelRead(evaluation, type: type, properties: reads)
  }

  private mutating func nodeIndex(for node: Int64, view: StringID, _ evidence: Evidence) -> Int {
    let (index, inserted) = nodeTable.nodeIDs.insert(DenseIndex.key(node))
    if inserted {
      nodeTable.nodes.append(NodeState(node: node, view: view, first: evidence))
      nodeTable.parentFacts.append(ParentFacts())
      updates.updateMemos.append(UpdateMemo())
      nodeTable.openBuckets.append(NodeSummary.TimelineBucket(index: -1, evaluations: 0, wasted: 0))
    } else {
      nodeTable.nodes[index].view = view
    }
    return index
  }
}

// MARK: - State

/// What a child's evaluation needs to know of its parent, kept apart from the nodes in
/// a small array that stays in cache.
struct ParentFacts {
  var evaluations = 0
  var lastEvaluationWasted = false
  /// The write behind the last evaluation (a ``MemberKey``'s raw value, through parents for an
  /// evaluation caused by its parent), or 0.
  var causeWrite: UInt64 = 0
  /// The session's writes so far when the last evaluation began: a child evaluated with no
  /// write since was re-evaluated in the same pass.
  var writesBefore = 0
}

/// A write that invalidated a node, remembered until its next evaluation.
@usableFromInline package struct PendingWrite {
  package var type: StringID
  package var property: StringID
  package var site: StringID?
  /// The action (index in the builder's actions) the write was made in, or -1.
  var action: Int32 = -1
  /// The write's line, time and thread (an index in the builder's `threadIDs`), for
  /// findings' trails (0, -1 and nil when only a body event's cause named the write). Kept
  /// narrow: pending writes are copied on every evaluation.
  package var line: Int32 = 0
  var thread: Int32 = -1
  package var time: Int64? = nil
  /// Whether it assigned a value equal to the one before (`"same":true`).
  var same = false
  /// For the write an over-broad evaluation is charged to: the first other property written
  /// in the same update that the view did not read either (a ``MemberKey``'s raw value), or
  /// `.max` for none.
  package var alsoWritten: UInt64 = .max
  /// The update it belongs to (``SessionBuilder/updateNumber``).
  package var update: Int32 = 0

  /// Its type and property as one key: a ``MemberKey``'s raw value.
  @inline(__always)
  package var pair: UInt64 { MemberKey(type: type, property: property).rawValue }

  /// The write as a trail sample.
  package func sample(threads: [Int64]) -> TrailSample {
    TrailSample(
      kind: .write, name: type, member: property, line: Int(line), time: time,
      thread: threads.indices.contains(Int(thread)) ? threads[Int(thread)] : nil, site: site)
  }
}

/// Why a body evaluation happened.
@usableFromInline package enum EvaluationReason {
  case initial, state, parent, cascaded, unknown
  case needed(PendingWrite)
  case overBroad(PendingWrite)
  /// Writes to properties it read, each of which assigned an equal value.
  case equalValue(PendingWrite)
}

package struct PropertyState {
  var type: StringID
  var property: StringID
  /// Its first writes and the evaluations they caused.
  var trail: [TrailSample] = []
  var writes = 0
  var neededEvaluations = 0
  var overBroadEvaluations = 0
  var equalValueEvaluations = 0
  /// Writes of an equal value (`"same":true`), and the first of them.
  var equalWrites = 0
  var firstEqualWrite: Evidence?
  var firstWrite: Evidence?
  var site: StringID?
}

extension OpenSpan {
  var isInit: Bool {
    if case .`init` = kind { return true }
    return false
  }
}
