import RedrawReading

/// Steps, view structs and views leaving the tree: when a parent re-created a child's
/// struct, and when a view's identity ended.
///
/// Writes with no body evaluation, action or mark between them are one *update*, as SwiftUI
/// applies a transaction's writes in one pass (``Updates``); each evaluation happens during
/// the update whose number is current. A `struct` event (the harness writes one for every
/// child struct its parents' bodies make) counts the structs made for a node, which
/// SwiftUI's `@State` property wrapper re-runs its defaults for.
extension SessionBuilder {
  /// A view struct was made for a node (its parent's body declared it). One made by a parent
  /// evaluation the migration saves is not made after it; one with new inputs makes SwiftUI
  /// evaluate the node's body again (`"same":true` says it has the inputs of the one before).
  mutating func madeStruct(_ event: TraceEvent) {
    let parentIndex = event.parent.flatMap { nodeTable.nodeIDs.index(of: DenseIndex.key($0)) }
    // Made by the parent's evaluation running now, if one is: wasted, and of which kind.
    let maker = parentIndex.flatMap { nodeTable.nodes[$0].openEvaluations > 0 ? $0 : nil }
    structTally.count(
      node: event.node, bySaved: maker.map { nodeTable.nodes[$0].lastEvaluationWasted } ?? false,
      byCascaded: maker.map { nodeTable.nodes[$0].lastEvaluationCascaded } ?? false)
    guard let node = nodeTable.nodeIDs.index(of: DenseIndex.key(event.node)) else { return }
    nodeTable.nodes[node].structsRecorded = true
    if !event.same { nodeTable.nodes[node].pending.newInputs = true }
    if event.closure { nodeTable.nodes[node].pending.closureInput = true }
  }

  /// A view node left the tree (`unmount`): its identity ended, so it reads nothing any more
  /// and no later write invalidates it; the collectors hear of it. A node that comes back
  /// under the same id (an app's explicit `node:`) reads afresh.
  mutating func unmount(_ event: TraceEvent, _ evidence: Evidence) {
    guard let index = nodeTable.nodeIDs.index(of: DenseIndex.key(event.node)) else {
      note("unmount events of nodes never evaluated (ignored)", line: evidence.line, time: event.time, allowed: true)
      return
    }
    nodeTable.nodes[index].readSet.forget()
    nodeTable.nodes[index].pending.forgetWrites()
    collectors.nodeUnmounted(node: index, update: updates.updateNumber)
  }
}

/// A node that edits instances of a type through bindings: the trace node and the type.
struct NodeBinding: Hashable {
  var node: Int64
  var type: StringID
}
