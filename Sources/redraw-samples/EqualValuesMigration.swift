import Observation
import RedrawHarness
import RedrawTrace

/// A loader that assigns the same values on every refresh: before the migration each
/// assignment notifies (`@Published`, here `@Tracked`); `@Observable` since Swift 6.2
/// notifies no observer of an assignment of an equal value.
enum EqualValuesMigration {
  enum Before {
    final class FeedLoader: TrackedModel {
      let tracking = ModelTracking()
      @Tracked var isLoading = true
      @Tracked var message = ""

      func refreshed() {
        isLoading = false
        message = "ok"
      }
    }

    /// Hands the loader to its children and reads nothing of it.
    struct LoaderScreen: HarnessView {
      let loader: FeedLoader
      func body(_ content: inout ViewContent) {
        content.child(Spinner(loader: loader))
        content.child(StatusLine(loader: loader))
      }
    }

    struct Spinner: HarnessView {
      @ViewObservedObject var loader: FeedLoader
      func body(_ content: inout ViewContent) { content.text(loader.isLoading ? "loading" : "") }
    }

    struct StatusLine: HarnessView {
      @ViewObservedObject var loader: FeedLoader
      func body(_ content: inout ViewContent) { content.text(loader.message) }
    }
  }

  enum After {
    /// The same loader with `@Observable`, instrumented with the four members of
    /// getting-started.
    @Observable final class FeedLoader: TrackedModel {
      var isLoading = true
      var message = ""

      func refreshed() {
        isLoading = false
        message = "ok"
      }

      let tracking = ModelTracking()
      private nonisolated var _$observationRegistrar: ModelTracking { tracking }
      @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<FeedLoader, M>) {}
      nonisolated func access<M>(keyPath: KeyPath<FeedLoader, M>, _ name: StaticString = #function) {
        tracking.access(self, keyPath: keyPath, name: name)
      }
    }

    struct LoaderScreen: HarnessView {
      let loader: FeedLoader
      func body(_ content: inout ViewContent) {
        content.child(Spinner(loader: loader))
        content.child(StatusLine(loader: loader))
      }
    }

    struct Spinner: HarnessView {
      let loader: FeedLoader
      func body(_ content: inout ViewContent) { content.text(loader.isLoading ? "loading" : "") }
    }

    struct StatusLine: HarnessView {
      let loader: FeedLoader
      func body(_ content: inout ViewContent) { content.text(loader.message) }
    }
  }

  /// Three refreshes: the first changes both values, the next two assign the same ones.
  static func refreshThreeTimes(_ harness: ViewHarness, _ refreshed: () -> Void) {
    for _ in 0..<3 {
      Trace.mark("refresh")
      refreshed()
      harness.flush()
    }
  }

  static let scenario = Scenario(
    migration: "equal-values", title: "refresh a feed three times",
    before: {
      let loader = Trace.make(Before.FeedLoader())
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: Scenario.swiftUI) {
        Before.LoaderScreen(loader: loader)
      }
      refreshThreeTimes(harness) { loader.refreshed() }
    },
    after: [
      Scenario.Run(variant: "after") {
        let loader = Trace.make(After.FeedLoader())
        let harness = ViewHarness(tracking: .propertyLevel, swiftUI: Scenario.swiftUI) {
          After.LoaderScreen(loader: loader)
        }
        refreshThreeTimes(harness) { loader.refreshed() }
      }
    ])
}
