import RedrawHarness
import RedrawTrace

/// A search field and an unread badge that share a model: before the migration every
/// keystroke re-evaluates the screen and the badge too. The views have the same names on
/// both sides, so the plan's per-view prediction compares with the after run's.
enum SearchMigration {
  final class InboxModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var query = ""
    @Tracked var unreadCount = 2
  }

  /// `ObservableObject`: `@StateObject` and `@ObservedObject`.
  enum Before {
    struct InboxScreen: HarnessView {
      @ViewStateObject var model = Trace.make(InboxModel())
      func body(_ content: inout ViewContent) {
        content.child(SearchField(model: model))
        content.child(UnreadBadge(model: model))
      }
    }

    struct SearchField: HarnessView {
      @ViewObservedObject var model: InboxModel
      func body(_ content: inout ViewContent) {
        let model = self.model
        content.textField("Search", text: model.query) { model.query = $0 }
      }
    }

    struct UnreadBadge: HarnessView {
      @ViewObservedObject var model: InboxModel
      func body(_ content: inout ViewContent) { content.text("\(model.unreadCount)") }
    }
  }

  /// `@Observable`: `@State`, and plain properties (`@Bindable` for the field in SwiftUI).
  enum After {
    struct InboxScreen: HarnessView {
      @ViewState var model = Trace.make(InboxModel())
      func body(_ content: inout ViewContent) {
        content.child(SearchField(model: model))
        content.child(UnreadBadge(model: model))
      }
    }

    struct SearchField: HarnessView {
      let model: InboxModel
      func body(_ content: inout ViewContent) {
        let model = self.model
        content.textField("Search", text: model.query) { model.query = $0 }
      }
    }

    struct UnreadBadge: HarnessView {
      let model: InboxModel
      func body(_ content: inout ViewContent) { content.text("\(model.unreadCount)") }
    }
  }

  /// Nine keystrokes, then a message arrives.
  static func typeAndReceive(_ harness: ViewHarness, model: InboxModel?) {
    harness.type("swiftdata", into: "Search")
    Trace.mark("message arrives")
    model?.unreadCount += 1
    harness.flush()
  }

  static let scenario = Scenario(
    migration: "search", title: "type nine letters in search, then a message arrives",
    before: {
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: Scenario.swiftUI) { Before.InboxScreen() }
      typeAndReceive(harness, model: harness.view(Before.InboxScreen.self)?.model)
    },
    after: [
      Scenario.Run(variant: "after") {
        let harness = ViewHarness(tracking: .propertyLevel, swiftUI: Scenario.swiftUI) { After.InboxScreen() }
        typeAndReceive(harness, model: harness.view(After.InboxScreen.self)?.model)
      }
    ])
}
