/// A navigation push covers the screen its link is on, and a pop shows it again: the views
/// of that screen disappear and appear, as views under a pushed destination do in SwiftUI.
extension ViewHarness {
  /// The views of the screen `node` is on: from the nearest ancestor (or `node`) that is a
  /// navigation stack's first screen or a pushed destination (else the root), down to the
  /// destinations pushed from it, which are screens of their own.
  func screen(of node: HarnessNode) -> [HarnessNode] {
    var top = node
    while !top.lazy.navigationStack, !top.lazy.isDestination, let parent = top.parent { top = parent }
    return Self.views(of: top)
  }

  private static func views(of node: HarnessNode) -> [HarnessNode] {
    [node] + node.children.filter { !$0.lazy.isDestination }.flatMap(views(of:))
  }

  /// A push: the screen's views disappear, children before their parents: their
  /// `onDisappear` actions run after the update and their tasks are cancelled.
  func coverScreen(of node: HarnessNode, work: inout PassWork) {
    for view in screen(of: node).reversed() where !view.lazy.covered {
      disappear(view, work: &work)
      view.lazy.covered = true
    }
  }

  /// A pop: the screen's views appear again, children before their parents: their
  /// `onAppear` actions run after the update, with the closures of their last evaluations,
  /// and their tasks start again.
  func uncoverScreen(of node: HarnessNode, work: inout PassWork) {
    for view in screen(of: node).reversed() where view.lazy.covered {
      view.lazy.covered = false
      appear(view, work: &work)
    }
  }
}
