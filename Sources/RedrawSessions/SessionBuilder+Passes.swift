import RedrawReading

/// Updates, steps, view structs and views leaving the tree: what tells one of SwiftUI's
/// passes from the next, when a parent re-created a child's struct, and when a view's
/// identity ended.
///
/// Writes with no body evaluation, action or mark between them are one *update*, as SwiftUI
/// applies a transaction's writes in one pass; each update has a number, and each
/// evaluation happens during the update whose number is current. A `struct` event (the
/// harness writes one for every child struct its parents' bodies make) counts the structs
/// made for a node, which SwiftUI's `@State` property wrapper re-runs its defaults for.
extension SessionBuilder {
  /// A body evaluation, an action or a mark: the next write begins a new update.
  @inline(__always)
  mutating func beginStep() { stepSinceWrite = true }

  /// The number of the update a write outside an initializer belongs to.
  @inline(__always)
  mutating func updateOfWrite() -> Int32 {
    if stepSinceWrite {
      updateNumber &+= 1
      stepSinceWrite = false
    }
    return updateNumber
  }

  /// A view struct was made for a node (its parent's body declared it). One made by a parent
  /// evaluation the migration saves is not made after it; one with new inputs makes SwiftUI
  /// evaluate the node's body again (`"same":true` says it has the inputs of the one before).
  mutating func madeStruct(_ event: TraceEvent) {
    let (index, inserted) = structNodes.insert(DenseIndex.key(event.node))
    if inserted {
      structCounts.append(0)
      savedStructCounts.append(0)
    }
    structCounts[index] &+= 1
    if let parent = event.parent, let parentIndex = nodeIDs.index(of: DenseIndex.key(parent)),
      nodes[parentIndex].openEvaluations > 0, nodes[parentIndex].lastEvaluationWasted
    {
      savedStructCounts[index] &+= 1
    }
    guard let node = nodeIDs.index(of: DenseIndex.key(event.node)) else { return }
    nodes[node].structsRecorded = true
    if !event.same { nodes[node].newInputs = true }
  }

  /// A view node left the tree (`unmount`): its identity ended, so it reads nothing any more
  /// and no later write invalidates it; the collectors hear of it. A node that comes back
  /// under the same id (an app's explicit `node:`) reads afresh.
  mutating func unmount(_ event: TraceEvent, _ evidence: Evidence) {
    guard let index = nodeIDs.index(of: DenseIndex.key(event.node)) else {
      note("unmount events of nodes never evaluated (ignored)", line: evidence.line, time: event.time, allowed: true)
      return
    }
    nodes[index].reads.removeAll()
    nodes[index].readsAsMade.removeAll()
    nodes[index].readsStamp = -1
    nodes[index].pendingNeeded = nil
    nodes[index].pendingNeededChanges = false
    nodes[index].pendingNeededMissable = false
    nodes[index].pendingOverBroad = nil
    collectors.nodeUnmounted(node: index, update: updateNumber)
  }

  /// The view structs made for the node `node`, when the trace recorded any, and how many of
  /// them parent evaluations the migration saves made.
  func structsMade(for node: Int64) -> (made: Int, bySaved: Int)? {
    structNodes.index(of: DenseIndex.key(node)).map { (Int(structCounts[$0]), Int(savedStructCounts[$0])) }
  }
}

/// A node that edits instances of a type through bindings: the trace node and the type.
struct NodeBinding: Hashable {
  var node: Int64
  var type: StringID
}
