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

  /// Starts a Task and registers an observer on itself in its initializer, as the migration
  /// articles' FeedModel does: discarded instances live on, kept by their own work.
  final class LeakingFeedModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var posts: [String] = []
    @Tracked var lastSeen = 0

    init() {
      Trace.effect(.storage, "UserDefaults feed.lastSeen")
      AppEffects.task("load feed") { [self] in posts = ["Hello", "World"] }
      AppEffects.observe("didBecomeActive") { [self] in lastSeen += 1 }
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
    @ViewObservedObject var settings: Settings
    func body(_ content: inout ViewContent) {
      content.text(settings.tint ? "tinted" : "plain")
      content.child(EffectfulFeedView())
    }
  }

  struct EffectfulFeedView: HarnessView {
    @ViewState var model = Trace.make(EffectfulFeedModel())
    func body(_ content: inout ViewContent) { content.text("\(model.posts.count) posts") }
  }

  struct LeakingRoot: HarnessView {
    @ViewObservedObject var settings: Settings
    func body(_ content: inout ViewContent) {
      content.text(settings.tint ? "tinted" : "plain")
      content.child(LeakingFeedView())
    }
  }

  struct LeakingFeedView: HarnessView {
    @ViewState var model = Trace.make(LeakingFeedModel())
    func body(_ content: inout ViewContent) { content.text("\(model.posts.count) posts") }
  }

  struct FixedRoot: HarnessView {
    @ViewObservedObject var settings: Settings
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
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { EffectfulRoot(settings: settings) }
    toggleTint(settings, harness)
  }

  static let leaking = Scenario(
    name: "feed-leaked-work", title: "toggle tint above a feed whose init starts a task and an observer",
    modes: [.propertyLevel]
  ) { tracking in
    let settings = Settings()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { LeakingRoot(settings: settings) }
    toggleTint(settings, harness)
    for _ in 0..<4 {
      AppEffects.post("didBecomeActive")
      harness.flush()
    }
  }

  static let fixed = Scenario(
    name: "feed-fixed", title: "toggle tint above a feed that loads in a task", modes: [.propertyLevel]
  ) { tracking in
    let settings = Settings()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { FixedRoot(settings: settings) }
    toggleTint(settings, harness)
  }
}
