/// Updates, steps and view structs: what tells one of SwiftUI's passes from the next, and
/// when a parent re-created a child's struct.
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

  /// A view struct was made for a node (its parent's body declared it).
  mutating func madeStruct(_ event: TraceEvent) {
    let (index, inserted) = structNodes.insert(DenseIndex.key(event.node))
    if inserted { structCounts.append(0) }
    structCounts[index] &+= 1
  }

  /// The view structs made for the node `node`, when the trace recorded any.
  func structsMade(for node: Int64) -> Int? {
    structNodes.index(of: DenseIndex.key(node)).map { Int(structCounts[$0]) }
  }
}

/// A node that edits instances of a type through bindings: the trace node and the type.
struct NodeBinding: Hashable {
  var node: Int64
  var type: StringID
}
