/// What a parent's body attaches to a child it declares, as `Row().onAppear { … }` or
/// `.onTapGesture { … }` on a view it makes: actions of the child's node, declared anew (with
/// the latest closures) each time the parent's body runs, that run no body of their own.
///
/// ```swift
/// content.child(SurveyRow(task: task), id: task.id) { modifiers in
///   modifiers.onAppear { model.loadMoreIfLast(task) }
///   modifiers.onTapGesture { model.selected = task }
/// }
/// ```
///
/// A tap reaches the innermost gesture, as SwiftUI's does: a control the child's own body
/// declares under the same name takes it first.
public struct ViewModifiers {
  var appear: [() -> Void] = []
  var disappear: [() -> Void] = []
  var taps: [String: () -> Void] = [:]

  /// `.onAppear { … }` on the child: runs after the update in which it appears, after the
  /// child's own appear actions.
  public mutating func onAppear(_ action: @escaping () -> Void) {
    appear.append(action)
  }

  /// `.onDisappear { … }` on the child: runs after the update in which it goes.
  public mutating func onDisappear(_ action: @escaping () -> Void) {
    disappear.append(action)
  }

  /// `.onTapGesture { … }` on the child: a test taps it with `harness.tap(name)` on the
  /// child's node.
  public mutating func onTapGesture(_ name: String = "Tap", _ action: @escaping () -> Void) {
    taps[name] = action
  }
}
