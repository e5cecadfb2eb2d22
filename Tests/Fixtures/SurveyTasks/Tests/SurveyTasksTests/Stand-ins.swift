import RedrawHarness
import SurveyTasksKit

// What SwiftUI keeps for the screen, which both sides share: a sheet's presenter and the
// navigation stack's way to push. Neither is the app's code.

/// `.sheet(item: $item) { … }`: the modifier reads its binding where SwiftUI updates it, not in
/// the body of the view it modifies, so a new item re-evaluates it (as a reader of the state)
/// and not that view; it shows its content while the item is set.
struct Sheet<Item>: HarnessView {
  @ViewBinding var item: Item?
  let content: (Item, inout ViewContent) -> Void

  func body(_ content: inout ViewContent) {
    if let item { self.content(item, &content) }
  }
}

/// What a `NavigationLink(value:)` appends to: the path of the `NavigationStack` above it,
/// which SwiftUI holds for the stack. One object for the run, in the environment of the views
/// under the stack, which the stack's view points at its path binding when its body runs.
final class NavigationStackContext {
  var path: ViewBinding<[TasksNavigationPath]>?

  /// The link's tap: the stack pushes `value`.
  func append(_ value: TasksNavigationPath) {
    path?.wrappedValue.append(value)
  }
}

/// How many task rows the list has on screen (with its buffer), below the persistent surveys:
/// an iPhone's screenful of one-line rows.
let taskRowsInView = 8
