import RedrawHarness
import RedrawTrace

/// A list of observable items, each row reading its own item.
enum CollectionScenario {
  final class TodoItem: TrackedModel {
    let tracking = ModelTracking()
    let id: Int
    @Tracked var title: String
    @Tracked var isDone = false

    init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  final class TodoList: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var items: [TodoItem] = []
    @Tracked var filter = "all"
  }

  struct ListScreen: HarnessView {
    @ViewObservedObject var list: TodoList
    func body(_ content: inout ViewContent) {
      for item in list.items { content.child(Row(item: item), id: item.id) }
    }
  }

  struct Row: HarnessView {
    @ViewObservedObject var item: TodoItem
    func body(_ content: inout ViewContent) {
      content.text((item.isDone ? "☑ " : "☐ ") + item.title)
    }
  }

  static let scenario = Scenario(
    name: "collection", title: "tick items in a list", modes: Scenario.Mode.allCases
  ) { tracking in
    let list = Trace.make(TodoList())
    list.items = (1...5).map { index in Trace.make(TodoItem(id: index, title: "Task \(index)")) }
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { ListScreen(list: list) }
    for index in [1, 3] {
      Trace.mark("tick item \(index + 1)")
      list.items[index].isDone = true
      harness.flush()
    }
    Trace.mark("change filter")
    list.filter = "open"
    harness.flush()
    // The ticked rows leave the list (`unmount` events).
    Trace.mark("clear done items")
    list.items = list.items.filter { !$0.isDone }
    harness.flush()
  }
}
