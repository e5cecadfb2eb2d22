import RedrawHarness
import RedrawTrace

/// A screen whose model loads in its initializer, as `redraw diff`'s test records it before
/// a change: the same views as `MovedViewsAfter`, in another file, as docs/migration.md
/// suggests writing the two sides.
enum MovedViewsBefore {
  final class FeedModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var posts = 0
    @Tracked var query = ""
    init() { Trace.effect(.network, "GET /feed") }
  }

  struct Screen: HarnessView {
    @ViewObservedObject var model: FeedModel
    @ViewState var tint = 0
    func body(_ content: inout ViewContent) {
      content.text("\(tint)")
      content.button("Tint") { tint += 1 }
      content.child(Feed())
      content.child(Badge(model: model))
    }
  }

  struct Feed: HarnessView {
    @ViewState var model = Trace.make(FeedModel())
    func body(_ content: inout ViewContent) { content.text("\(model.posts)") }
  }

  struct Badge: HarnessView {
    @ViewObservedObject var model: FeedModel
    func body(_ content: inout ViewContent) { content.text("\(model.posts)") }
  }

  static func record() -> TraceRecording {
    Trace.record(scenario: "type and tint", reproducible: true) { _ in
      let model = FeedModel()
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: .xcode26) { Screen(model: model) }
      model.query = "a"
      harness.flush()
      harness.tap("Tint")
    }
  }
}
