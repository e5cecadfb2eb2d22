import RedrawHarness
import RedrawTrace

/// A `@StateObject` child whose model loads in its initializer, under a parent re-evaluated
/// four times: harmless before the migration; as `@State`, built with Xcode 26, the load
/// runs on every re-creation of the child's struct, and with Xcode 27 once.
enum EffectfulOwnerMigration {
  final class ReaderSettings: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var largeText = false
  }

  final class ArticleModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var title = ""

    init() {
      Trace.effect(.network, "GET /article")
      title = "Observation"
    }
  }

  enum Before {
    struct ReaderRoot: HarnessView {
      @ViewObservedObject var settings: ReaderSettings
      func body(_ content: inout ViewContent) {
        content.text(settings.largeText ? "large" : "regular")
        content.child(ArticleView())
      }
    }

    struct ArticleView: HarnessView {
      @ViewStateObject var model = Trace.make(ArticleModel())
      func body(_ content: inout ViewContent) { content.text(model.title) }
    }
  }

  enum After {
    struct ReaderRoot: HarnessView {
      let settings: ReaderSettings
      func body(_ content: inout ViewContent) {
        content.text(settings.largeText ? "large" : "regular")
        content.child(ArticleView())
      }
    }

    /// `@StateObject` moved to `@State`, as the migration guide says.
    struct ArticleView: HarnessView {
      @ViewState var model = Trace.make(ArticleModel())
      func body(_ content: inout ViewContent) { content.text(model.title) }
    }
  }

  /// Four text-size toggles re-evaluate the root, which re-creates the article view.
  static func toggleTextSize(_ settings: ReaderSettings, _ harness: ViewHarness) {
    for _ in 0..<4 {
      Trace.mark("toggle text size")
      settings.largeText.toggle()
      harness.flush()
    }
  }

  static func after(_ build: ViewHarness.SwiftUIBuild) -> Scenario.Run {
    Scenario.Run(variant: "after-\(build.rawValue)") {
      let settings = ReaderSettings()
      let harness = ViewHarness(tracking: .propertyLevel, swiftUI: build) { After.ReaderRoot(settings: settings) }
      toggleTextSize(settings, harness)
    }
  }

  static let scenario = Scenario(
    migration: "effectful-owner", title: "toggle text size above an article that loads in its initializer",
    before: {
      let settings = ReaderSettings()
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: Scenario.swiftUI) {
        Before.ReaderRoot(settings: settings)
      }
      toggleTextSize(settings, harness)
    },
    after: [after(.xcode26), after(.xcode27)])
}
