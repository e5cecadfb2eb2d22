import Observation
import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A parent's evaluation re-creates its children's structs, but SwiftUI evaluates a child
/// again only when its inputs changed; and a struct made by an evaluation the migration saves
/// is not made after it. The harness records both (`struct` events, `"same":true` for a
/// struct with the inputs of the one before), and the plan counts only what will happen.
@Suite struct ReCreatedChildTests {
  final class Feed: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var items: [String] = []
    @Tracked var isLoading = false
    @Tracked var badge = 0
  }

  final class Prices: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var state = "loading"
  }

  enum Before {
    /// Reads the items; its header reads only whether it loads.
    struct FeedScreen: HarnessView {
      @ViewObservedObject var feed: Feed
      func body(_ content: inout ViewContent) {
        content.text("\(feed.items.count)")
        content.child(Header(feed: feed))
        content.child(Upsell())
      }
    }

    struct Header: HarnessView {
      @ViewObservedObject var feed: Feed
      func body(_ content: inout ViewContent) { content.text(feed.isLoading ? "…" : "") }
    }

    /// Owns a model, made once per identity.
    struct Upsell: HarnessView {
      @ViewStateObject var prices = Trace.make(Prices())
      func body(_ content: inout ViewContent) { content.text(prices.state) }
    }
  }

  enum After {
    /// The feed, `@Observable`: an equal assignment notifies no one.
    @Observable final class Feed: TrackedModel {
      var items: [String] = []
      var isLoading = false
      var badge = 0

      let tracking = ModelTracking()
      private nonisolated var _$observationRegistrar: ModelTracking { tracking }
      @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<Feed, M>) {}
      nonisolated func access<M>(keyPath: KeyPath<Feed, M>, _ name: StaticString = #function) {
        tracking.access(self, keyPath: keyPath, name: name)
      }
    }

    struct FeedScreen: HarnessView {
      let feed: Feed
      func body(_ content: inout ViewContent) {
        content.text("\(feed.items.count)")
        content.child(Header(feed: feed))
        content.child(Upsell())
      }
    }

    struct Header: HarnessView {
      let feed: Feed
      func body(_ content: inout ViewContent) { content.text(feed.isLoading ? "…" : "") }
    }

    struct Upsell: HarnessView {
      @ViewState var prices = Trace.make(Prices())
      func body(_ content: inout ViewContent) { content.text(prices.state) }
    }
  }

  /// The loader assigns `isLoading` its old value beside new items; then the badge, which no
  /// view reads, changes.
  static func script(_ harness: ViewHarness, _ write: (_ items: [String]?, _ isLoading: Bool?, _ badge: Int?) -> Void) {
    write(["a"], false, nil)
    harness.flush()
    write(nil, nil, 1)
    harness.flush()
  }

  @Test(arguments: SwiftUIBuild.allCases)
  func aChildReCreatedWithItsInputsIsNotEvaluatedAgain(build: SwiftUIBuild) throws {
    let check = try PredictionCheck(
      before: {
        let feed = Feed()
        let harness = ViewHarness(tracking: .objectLevel, swiftUI: build) { Before.FeedScreen(feed: feed) }
        Self.script(harness) { items, isLoading, badge in
          if let isLoading { feed.isLoading = isLoading }
          if let items { feed.items = items }
          if let badge { feed.badge = badge }
        }
      },
      after: {
        let feed = After.Feed()
        let harness = ViewHarness(tracking: .propertyLevel, swiftUI: build) { After.FeedScreen(feed: feed) }
        Self.script(harness) { items, isLoading, badge in
          if let isLoading { feed.isLoading = isLoading }
          if let items { feed.items = items }
          if let badge { feed.badge = badge }
        }
      })
    #expect(check.recorded["Header"] == 1)
    check.expectHolds()
    check.expectOwnersHold(under: build)
  }
}
