import RedrawHarness
import RedrawTrace

/// A list that reads nested objects inline: before the migration an item's change never
/// reaches it (its rows stay stale); after it, each change re-evaluates it.
enum NestedListMigration {
  final class TodoItem: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var title: String
    @Tracked var isDone = false

    init(title: String) { self.title = title }
  }

  final class TodoStore: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var items = [TodoItem(title: "Buy milk"), TodoItem(title: "Call Ada")]
  }

  enum Before {
    /// Observes the store and reads every item through it.
    struct TodoList: HarnessView {
      @ViewObservedObject var store: TodoStore
      func body(_ content: inout ViewContent) {
        for item in store.items { content.text((item.isDone ? "✓ " : "  ") + item.title) }
        let first = store.items.first
        content.button("Toggle first") { first?.isDone.toggle() }
      }
    }
  }

  enum After {
    struct TodoList: HarnessView {
      let store: TodoStore
      func body(_ content: inout ViewContent) {
        for item in store.items { content.text((item.isDone ? "✓ " : "  ") + item.title) }
        let first = store.items.first
        content.button("Toggle first") { first?.isDone.toggle() }
      }
    }
  }

  static let scenario = Scenario(
    migration: "nested-list", title: "toggle the first item three times",
    before: {
      let store = TodoStore()
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: Scenario.swiftUI) { Before.TodoList(store: store) }
      for _ in 0..<3 { harness.tap("Toggle first") }
    },
    after: [
      Scenario.Run(variant: "after") {
        let store = TodoStore()
        let harness = ViewHarness(tracking: .propertyLevel, swiftUI: Scenario.swiftUI) { After.TodoList(store: store) }
        for _ in 0..<3 { harness.tap("Toggle first") }
      }
    ])
}
