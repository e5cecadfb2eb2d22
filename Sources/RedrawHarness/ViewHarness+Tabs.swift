/// Tab views whose selection changed where their declaring body does not read it.
extension ViewHarness {
  /// Shows the tab each tab view's selection names now, for a selection kept in state that
  /// the declaring body does not read (`$tab`): the tab shown before disappears and keeps
  /// its state, the selected one appears, made now if it never was; the body does not run.
  /// A body that is to run this pass declares its tabs itself.
  func followTabSelections() {
    for node in root.subtree where !node.lazy.tabs.isEmpty && !node.isDirty {
      for (name, selection) in node.lazy.tabs.sorted(by: { $0.key < $1.key }) {
        guard let shown = selection.shown, let container = node.lazy.containers[name] else { continue }
        let index = shown() ?? ViewContent.LazyContainer.hidden
        guard index != node.lazy.windows[name] else { continue }
        node.lazy.windows[name] = index
        HarnessBuild.$current.withValue(swiftUI) { reconcileRows(of: node, in: name, container) }
      }
    }
  }
}
