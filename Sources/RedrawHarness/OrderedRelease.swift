import RedrawTrace

extension Dictionary {
  /// Empties the dictionary one entry at a time, in the order `areInIncreasingOrder` gives:
  /// what its values were the last to hold is released, and a model's `deinit` event
  /// recorded, in that order on every run. Letting the whole dictionary go releases its
  /// values in its hash order, which changes from process to process.
  mutating func removeAll(inOrder areInIncreasingOrder: (Element, Element) -> Bool) {
    guard count > 1 else { return removeAll() }
    for key in sorted(by: areInIncreasingOrder).map(\.key) { removeValue(forKey: key) }
  }
}

extension HarnessNode.WatchKey {
  /// Where the body declared it, then which declaration of that call it is.
  static func precedes(_ a: Self, _ b: Self) -> Bool {
    (a.site.file, a.site.line, a.site.column, a.occurrence) < (b.site.file, b.site.line, b.site.column, b.occurrence)
  }
}

extension HarnessNode {
  /// Lets go, in a fixed order, of what the node keeps in dictionaries: the models its
  /// evaluation read (by trace object id), its event handlers and tasks (by name), its
  /// `onChange` and `onReceive` declarations (by site) and its lazy containers (by name),
  /// whose closures hold its structs and their models.
  func releaseInOrder() {
    reads.models.removeAll { $0.value.identity.objectID < $1.value.identity.objectID }
    declared.actions.removeAll { $0.key < $1.key }
    lifecycle.tasks.removeAll { $0.key < $1.key }
    lifecycle.watched.removeAll { WatchKey.precedes($0.key, $1.key) }
    lifecycle.receivers.removeAll { WatchKey.precedes($0.key, $1.key) }
    lazy.containers.removeAll { $0.key < $1.key }
  }
}
