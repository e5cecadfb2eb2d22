import Observation
import RedrawHarness
import RedrawTrace

// Three scenarios of redraw-samples again, their models written with `@Observable` and
// Redraw's members instead of `@Tracked`: types, views and scripts keep their names, so
// their recordings can be compared with the samples'.

// MARK: - Profile

enum ObservableProfile {
  @Observable final class ProfileModel: TrackedModel {
    var name = "Ada"
    var query = ""
    var unreadCount = 2

    let tracking = ModelTracking()
    private nonisolated var _$observationRegistrar: ModelTracking { tracking }
    @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<ProfileModel, M>) {}
    nonisolated func access<M>(keyPath: KeyPath<ProfileModel, M>, _ name: StaticString = #function) {
      tracking.access(self, keyPath: keyPath, name: name)
    }
  }

  struct ProfileScreen: HarnessView {
    @ViewObservedObject var model: ProfileModel
    func body(_ content: inout ViewContent) {
      content.text(model.name)
      content.child(SearchField(model: model))
      content.child(UnreadBadge(model: model))
    }
  }

  struct SearchField: HarnessView {
    @ViewObservedObject var model: ProfileModel
    func body(_ content: inout ViewContent) { content.text(model.query) }
  }

  struct UnreadBadge: HarnessView {
    @ViewObservedObject var model: ProfileModel
    func body(_ content: inout ViewContent) { content.text("\(model.unreadCount)") }
  }

  static func run(_ tracking: ViewHarness.Tracking) {
    let model = Trace.make(ProfileModel())
    let harness = ViewHarness(tracking: tracking) { ProfileScreen(model: model) }
    for character in "swift" {
      Trace.mark("keystroke \(character)")
      model.query.append(character)
      harness.flush()
    }
    Trace.mark("message arrives")
    model.unreadCount += 1
    harness.flush()
  }
}

// MARK: - Collection

enum ObservableCollection {
  @Observable final class TodoItem: TrackedModel {
    let id: Int
    var title: String
    var isDone = false

    init(id: Int, title: String) {
      self.id = id
      self.title = title
    }

    let tracking = ModelTracking()
    private nonisolated var _$observationRegistrar: ModelTracking { tracking }
    @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<TodoItem, M>) {}
    nonisolated func access<M>(keyPath: KeyPath<TodoItem, M>, _ name: StaticString = #function) {
      tracking.access(self, keyPath: keyPath, name: name)
    }
  }

  @Observable final class TodoList: TrackedModel {
    var items: [TodoItem] = []
    var filter = "all"

    let tracking = ModelTracking()
    private nonisolated var _$observationRegistrar: ModelTracking { tracking }
    @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<TodoList, M>) {}
    nonisolated func access<M>(keyPath: KeyPath<TodoList, M>, _ name: StaticString = #function) {
      tracking.access(self, keyPath: keyPath, name: name)
    }
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

  static func run(_ tracking: ViewHarness.Tracking) {
    let list = Trace.make(TodoList())
    list.items = (1...5).map { index in Trace.make(TodoItem(id: index, title: "Task \(index)")) }
    let harness = ViewHarness(tracking: tracking) { ListScreen(list: list) }
    for index in [1, 3] {
      Trace.mark("tick item \(index + 1)")
      list.items[index].isDone = true
      harness.flush()
    }
    Trace.mark("change filter")
    list.filter = "open"
    harness.flush()
    Trace.mark("clear done items")
    list.items = list.items.filter { !$0.isDone }
    harness.flush()
  }
}

// MARK: - Environment

enum ObservableEnvironment {
  /// The registrar alone: its properties (one `String`, one `Int`) are named by their key
  /// paths at run time.
  @Observable final class SessionModel: TrackedModel {
    var userName = "Ada"
    var cartCount = 0

    let tracking = ModelTracking()
    private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  }

  struct AppRoot: HarnessView {
    @ViewObservedObject var session: SessionModel
    func body(_ content: inout ViewContent) {
      content.child(ShopTab(), environment: [session])
      content.child(ProfileTab(), environment: [session])
    }
  }

  struct ShopTab: HarnessView {
    func body(_ content: inout ViewContent) { content.child(CartButton()) }
  }

  struct CartButton: HarnessView {
    @ViewEnvironmentObject var session: SessionModel
    func body(_ content: inout ViewContent) { content.text("\(session.cartCount) in cart") }
  }

  struct ProfileTab: HarnessView {
    func body(_ content: inout ViewContent) { content.child(ProfileHeader()) }
  }

  struct ProfileHeader: HarnessView {
    @ViewEnvironmentObject var session: SessionModel
    func body(_ content: inout ViewContent) { content.text(session.userName) }
  }

  static func run(_ tracking: ViewHarness.Tracking) {
    let session = Trace.make(SessionModel())
    let harness = ViewHarness(tracking: tracking) { AppRoot(session: session) }
    for _ in 0..<3 {
      Trace.mark("add to cart")
      session.cartCount += 1
      harness.flush()
    }
  }
}
