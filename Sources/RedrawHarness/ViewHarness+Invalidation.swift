import RedrawTrace

/// Invalidations: what the writes and Observation's changes since the last pass invalidate,
/// and the write observations no mounted view needs any more.
extension ViewHarness {

  /// Applies the invalidations posted since the last pass, in the order they happened.
  ///
  /// Observation's change of a node is attributed to the write before it, of an object the
  /// node read. A write the recorder names only once the mutation is done (two candidate
  /// properties of one type) is posted after the change it caused: a change with no write
  /// before it waits for the next write to an object the node read. One that none explains
  /// is of a model that does not record (``HarnessNode/unattributedChange``).
  /// The mark a pass that re-evaluated nothing after writes records.
  static let emptyPassMark = "pass without evaluations"

  /// - Returns: Whether any write was delivered.
  @discardableResult
  func deliverInvalidations() -> Bool {
    // Rows scrolled away and kept are invalidated too, and evaluated if they come back.
    let nodes = Dictionary((root.subtree + parkedNodes).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var lastWrite: (write: TrackedWrite, objectLevel: Bool)?
    var wrote = false
    var awaiting: [HarnessNode] = []
    for message in inbox.drain() {
      switch message {
      case .state(let id):
        nodes[id]?.pending.stateChanged = true
      case .stateRead(let id, let generation):
        if let node = nodes[id], node.generation == generation { node.pending.stateChanged = true }
      case .write(let write, let objectLevel):
        wrote = true
        lastWrite = (write, objectLevel)
        awaiting.removeAll { node in
          guard node.reads.objects.contains(write.objectID) else { return false }
          if !objectLevel { node.pending.writes.append(write) }
          return true
        }
        // ObservableObject: every view subscribed to the object, read or not.
        guard objectLevel else { continue }
        for node in nodes.values where node.reads.subscriptions.contains(where: { $0.objectID == write.objectID }) {
          node.pending.writes.append(write)
        }
      case .changed(let id, let generation):
        guard let node = nodes[id], node.generation == generation else { continue }
        // Observation's per-property change: for @Observable models only. An object-level
        // model invalidates its subscribers above; a view that reads it without subscribing
        // (a nested object read through another) is not invalidated, as in SwiftUI.
        if let (write, objectLevel) = lastWrite, node.reads.objects.contains(write.objectID) {
          if !objectLevel { node.pending.writes.append(write) }
        } else {
          awaiting.append(node)
        }
      }
    }
    // Changes no recorded write explains: of a model that does not record. Their cause is
    // unknown, never the parent, which did nothing.
    for node in awaiting { node.pending.unattributedChange = true }
    return wrote
  }

  /// Stops observing models no mounted view read in its last evaluation.
  func releaseUnreadModels() {
    let nodes = root.subtree + parkedNodes
    let read = Set(nodes.flatMap { $0.reads.models.keys } + nodes.flatMap { $0.reads.subscriptions.map(\.key) })
    for key in writeObservations.keys where !read.contains(key) {
      writeObservations[key]?.cancel()
      writeObservations[key] = nil
    }
  }
}
