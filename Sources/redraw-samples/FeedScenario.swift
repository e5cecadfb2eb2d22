import RedrawHarness
import RedrawTrace

/// A feed model held in view state, in a view whose parent re-renders on a tint toggle.
enum FeedScenario {
  final class Settings: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var tint = false
  }

  /// Starts its work in the initializer: every re-creation of the view repeats it.
  final class EffectfulFeedModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var posts: [String] = []
    @Tracked var lastSeen = 0

    init() {
      Trace.effect(.network, "GET /feed")
      Trace.effect(.observer, "didBecomeActive")
      Trace.effect(.storage, "UserDefaults feed.lastSeen")
      lastSeen = 42
    }
  }

  /// Only assigns in its initializer; the work starts from the view's task.
  final class FeedModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var posts: [String] = []
    @Tracked var lastSeen = 0

    func load() {
      Trace.effect(.network, "GET /feed")
      Trace.effect(.storage, "UserDefaults feed.lastSeen")
      lastSeen = 42
      posts = ["Hello", "World"]
    }
  }

  struct EffectfulRoot: HarnessView {
    let settings: Settings
    func body(_ content: inout ViewContent) {
      content.text(settings.tint ? "tinted" : "plain")
      content.child(EffectfulFeedView())
    }
  }

  struct EffectfulFeedView: HarnessView {
    @ViewState var model = Trace.make(EffectfulFeedModel())
    func body(_ content: inout ViewContent) { content.text("\(model.posts.count) posts") }
  }

  struct FixedRoot: HarnessView {
    let settings: Settings
    func body(_ content: inout ViewContent) {
      content.text(settings.tint ? "tinted" : "plain")
      content.child(FeedView())
    }
  }

  struct FeedView: HarnessView {
    @ViewState var model = Trace.make(FeedModel())
    func body(_ content: inout ViewContent) {
      content.text("\(model.posts.count) posts")
      let model = self.model
      content.task("load feed") { model.load() }
    }
  }

  static func toggleTint(_ settings: Settings, _ harness: ViewHarness) {
    for _ in 0..<3 {
      Trace.mark("toggle tint")
      settings.tint.toggle()
      harness.flush()
    }
  }

  static let effectful = Scenario(
    name: "feed-effectful-init", title: "toggle tint above a feed whose init loads", modes: [.propertyLevel]
  ) { tracking in
    let settings = Settings()
    let harness = ViewHarness(tracking: tracking) { EffectfulRoot(settings: settings) }
    toggleTint(settings, harness)
  }

  static let fixed = Scenario(
    name: "feed-fixed", title: "toggle tint above a feed that loads in a task", modes: [.propertyLevel]
  ) { tracking in
    let settings = Settings()
    let harness = ViewHarness(tracking: tracking) { FixedRoot(settings: settings) }
    toggleTint(settings, harness)
  }
}
