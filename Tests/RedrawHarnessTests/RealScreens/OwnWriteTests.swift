import Observation
import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A body that starts its model's loading (emitron-iOS, Apache-2.0, 00a07223:
/// `UI/Shared/Content Detail/ChildContentListingView.swift` calls
/// `childContentsViewModel.initialiseIfRequired()` in `body`, which sets `state = .loading`).
/// With `ObservableObject` the write re-evaluates the view that made it; with `@Observable` it
/// does not, since Observation registers the body's observers when it returns. The plan counts
/// that evaluation as saved (`ownWrite`), and the after run agrees.
@Suite struct OwnWriteTests {
  enum LoadState { case initial, loading, hasData }

  enum Before {
    final class Contents: TrackedModel {
      let tracking = ModelTracking()
      @Tracked var state = LoadState.initial
      func initialiseIfRequired() { if state == .initial { state = .loading } }
    }

    struct Listing: HarnessView {
      @ViewObservedObject var model: Contents
      func body(_ content: inout ViewContent) {
        model.initialiseIfRequired()
        content.text("\(model.state)")
      }
    }
  }

  enum After {
    @Observable final class Contents: TrackedModel {
      var state = LoadState.initial
      func initialiseIfRequired() { if state == .initial { state = .loading } }

      let tracking = ModelTracking()
      private nonisolated var _$observationRegistrar: ModelTracking { tracking }
      @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<Contents, M>) {}
      nonisolated func access<M>(keyPath: KeyPath<Contents, M>, _ name: StaticString = #function) {
        tracking.access(self, keyPath: keyPath, name: name)
      }
    }

    struct Listing: HarnessView {
      let model: Contents
      func body(_ content: inout ViewContent) {
        model.initialiseIfRequired()
        content.text("\(model.state)")
      }
    }
  }

  @Test func aViewIsNotReEvaluatedForItsOwnWriteAfterTheMove() throws {
    let check = try PredictionCheck(
      before: {
        let model = Before.Contents()
        let harness = ViewHarness(tracking: .objectLevel) { Before.Listing(model: model) }
        model.state = .hasData
        harness.flush()
      },
      after: {
        let model = After.Contents()
        let harness = ViewHarness(tracking: .propertyLevel) { After.Listing(model: model) }
        model.state = .hasData
        harness.flush()
      })
    // Before: the mount, its own write, the loaded data; after: the mount and the data.
    #expect(check.before.summary.bodyEvaluations == 3)
    #expect(check.recorded == ["Listing": 2])
    check.expectHolds()
    #expect(check.before.sessions.first?.nodes.first?.ownWrite == 1)
  }
}
