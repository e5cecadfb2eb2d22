import RedrawTrace

/// Scrolling a lazy container: rows come into view and go, without the body that declares
/// the container running again.
extension ViewHarness {
  /// Scrolls the lazy container named `name` (``ViewContent/lazy(_:_:id:visible:keptUpdates:file:line:column:row:modifiers:)``)
  /// so that row `row` is the first in view (or as near as the end allows), inside an
  /// `action` span named `scroll name`, then flushes: rows that leave the view disappear,
  /// rows that enter it are made and evaluated, the others are left as they are.
  ///
  /// - Returns: Whether such a container was found (the first in the tree's order, or in a
  ///   view of type `type`, or the view at `node`).
  @discardableResult
  public func scroll(_ name: String, to row: Int, in type: (any HarnessView.Type)? = nil, node: Int? = nil) -> Bool {
    guard let (owner, container) = firstMounted(in: type, node: node, { $0.lazy.containers[name] }) else {
      return false
    }
    Trace.action("scroll \(name)", node: owner.id, binding: false) {
      owner.lazy.windows[name] = container.window(from: row).lowerBound
      HarnessBuild.$current.withValue(swiftUI) { reconcileRows(of: owner, in: name, container) }
    }
    flush()
    return true
  }

  /// Declares the rows now in view in place of the container's rows of the last evaluation:
  /// those still in view keep their declaration, the new ones are made now.
  func reconcileRows(of node: HarnessNode, in name: String, _ container: ViewContent.LazyContainer) {
    let window = container.window(from: node.lazy.windows[name] ?? 0)
    // The declaring body does not run: every child it declared last time, a sibling of the
    // container or a row still in view, keeps its struct, so none has new inputs.
    let previous = node.lazy.declared.map { child in
      var unchanged = child
      unchanged.inputsChanged = false
      return unchanged
    }
    var kept: [AnyHashable: ViewContent.Child] = [:]
    for child in previous where child.container == name {
      guard let id = child.key.id else { continue }
      kept[id] = child
    }
    var content = makeContent(for: node)
    Trace.withOwner(node.id) { container.declare(&content, window, Set(kept.keys)) }
    let made = Dictionary(content.children.compactMap { child in child.key.id.map { ($0, child) } }) { first, _ in first
    }
    let rows = window.compactMap { kept[container.ids[$0]] ?? made[container.ids[$0]] }
    var declared: [ViewContent.Child] = []
    var placed = false
    for child in previous {
      guard child.container == name else {
        declared.append(child)
        continue
      }
      if !placed { declared += rows }
      placed = true
    }
    if !placed { declared += rows }
    node.lazy.declared = declared
    // The rows that go and come back run their actions after the update that follows, with
    // the closures of their evaluations in it, as SwiftUI runs `onAppear` after an update.
    reconcileChildren(of: node, with: declared, work: &deferredWork)
  }
}
