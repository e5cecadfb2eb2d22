import RedrawReading

/// Body evaluations: their start (why, decided in `EvaluationCause.swift`), their end (what
/// they read, settled once), and the counts and timeline each evaluation adds to.
extension SessionBuilder {
  mutating func beginBody(_ event: TraceEvent, _ evidence: Evidence) {
    let view = event.view!
    let index = nodeIndex(for: event.node, view: view, evidence)
    if let site = event.site { nodeTable.nodes[index].noteSite(site) }
    // Fields are read into locals first: comparing them in place copies the whole node.
    var parentIndex = nodeTable.nodes[index].parentLink.index
    if let parent = event.parent {
      let known = nodeTable.nodes[index].summary.parent
      if known != parent || parentIndex == nil {
        parentIndex = nodeTable.nodeIDs.index(of: DenseIndex.key(parent))
        nodeTable.nodes[index].summary.parent = parent
        nodeTable.nodes[index].parentLink.index = parentIndex
      }
    }
    let parent = parentIndex.map { nodeTable.parentFacts[$0] }
    let reason = evaluationReason(of: index, cause: event, parent: parent)
    nodeTable.nodes[index].record(reason)
    countForAction(reason, view: view)
    nodeTable.recordOnTimeline(
      index, at: event.time, since: log.firstTime, wasted: nodeTable.nodes[index].lastEvaluationWasted)
    if nodeTable.nodes[index].summary.evaluations == 1 {
      nodeTable.nodes[index].parentLink.evaluationsAtFirst = parent?.evaluations ?? 0
      nodeTable.nodes[index].parentLink.savedAtFirst = parentIndex.map { nodeTable.nodes[$0].summary.saved } ?? 0
    }
    updates.beginStep()
    actionTable.updateAction = -1
    var evaluation = EvaluationFact(
      node: index, parent: parentIndex, view: view, start: evidence, thread: event.thread, update: updates.updateNumber)
    evaluation.closureInput = nodeTable.nodes[index].pending.closureInput
    if let write = reason.write,
      let (property, entry) = updates.count(
        of: index, view: view, write: write, wasted: reason.isWasted, properties: propertyTable.propertyIDs)
    {
      propertyTable.properties[property].count(reason, evaluation)
      evaluation.causeEntry = entry
    }
    collectors.evaluationBegan(evaluation, reason: reason, threads: spans.threadIDs)
    nodeTable.nodes[index].parentLink.evaluationsSeen = parent?.evaluations ?? 0
    let causeWrite: UInt64
    switch reason {
    case .parent, .cascaded: causeWrite = parent?.causeWrite ?? 0
    default: causeWrite = reason.write?.pair ?? 0
    }
    nodeTable.parentFacts[index] = ParentFacts(
      evaluations: nodeTable.nodes[index].summary.evaluations,
      lastEvaluationWasted: nodeTable.nodes[index].lastEvaluationWasted,
      causeWrite: causeWrite, writesBefore: updates.writeCount)
    nodeTable.nodes[index].pending = PendingInvalidation()
    nodeTable.nodes[index].openEvaluations += 1
    push(OpenSpan(id: event.span, kind: .body(node: index), start: evidence), on: event.thread)
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
    let stamped = nodeTable.nodes[index].readSet.readsStamp == objectTable.objectResets
    var changed = false
    if !stamped || !spans.threads[thread].openReads.top(from: start, equals: nodeTable.nodes[index].readSet.readsAsMade)
    {
      nodeTable.nodes[index].readSet.readsAsMade.removeAll(keepingCapacity: true)
      nodeTable.nodes[index].readSet.readsAsMade.append(
        contentsOf: spans.threads[thread].openReads[start..<spans.threads[thread].openReads.count])
      // Sorted, each object's reads are a run (``ReadKey`` puts the slot first).
      spans.threads[thread].openReads.sortTop(from: start)
      changed =
        !stamped || !spans.threads[thread].openReads.top(from: start, equals: nodeTable.nodes[index].readSet.reads)
      if changed {
        nodeTable.nodes[index].readSet.reads = Array(
          spans.threads[thread].openReads[start..<spans.threads[thread].openReads.count])
        nodeTable.nodes[index].readSet.readsStamp = objectTable.objectResets
      }
    }
    let reads = nodeTable.nodes[index].readSet.reads[...]
    let evaluation = EvaluationFact(
      node: index, parent: nodeTable.nodes[index].parentLink.index, view: nodeTable.nodes[index].view,
      start: span.start,
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
    if nodeTable.nodes[index].readSet.indexedObjects.insert(Int32(slot)).inserted {
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
      nodeTable.nodes[index].readSet.properties.insert(
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

  /// Counts an evaluation a write to this property caused, for `reason`, and keeps it on the
  /// trail.
  @inline(__always)
  mutating func count(_ reason: EvaluationReason, _ evaluation: EvaluationFact) {
    switch reason {
    case .needed:
      neededEvaluations += 1
      trail.keep(evaluation.sample(note: "needed"))
    case .overBroad:
      overBroadEvaluations += 1
      trail.keep(evaluation.sample(note: "over-broad"))
    case .equalValue:
      equalValueEvaluations += 1
      trail.keep(evaluation.sample(note: "equal value"))
    default:
      break
    }
  }
}

extension OpenSpan {
  var isInit: Bool {
    if case .`init` = kind { return true }
    return false
  }
}
