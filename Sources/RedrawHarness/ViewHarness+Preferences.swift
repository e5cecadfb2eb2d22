/// Preference actions: after a pass, each `onPreferenceChange` whose value is new runs.
extension ViewHarness {
  /// Queues the `onPreferenceChange` actions of the mounted views whose content hands up a
  /// value for the first time, or one that differs from the last they were given.
  ///
  /// Called once a pass has evaluated every view it invalidated (children after their
  /// parents), so a parent sees its children's values of this update.
  func schedulePreferenceActions(into work: inout PassWork) {
    for node in root.subtree where !node.preferences.watches.isEmpty {
      var actions: [() -> Void] = []
      var seen: [HarnessNode.WatchKey: Any] = [:]
      for watch in node.preferences.watches {
        guard let value = watch.current(node) else { continue }
        seen[watch.key] = value
        if let before = node.preferences.seen[watch.key], !watch.differs(before, value) { continue }
        actions.append { watch.action(value) }
      }
      node.preferences.seen = seen
      if !actions.isEmpty { work.actions[node.id, default: []] += actions }
    }
  }
}
