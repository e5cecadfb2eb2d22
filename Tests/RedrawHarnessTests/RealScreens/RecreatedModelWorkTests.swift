import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// Models a wasted evaluation makes, and what their work re-evaluates (emitron-iOS,
/// Apache-2.0, 00a07223: `ChildContentListingView` holds the message bus in
/// `@EnvironmentObject` to post to it, and calls `dynamicContentViewModel(for:)` in its body,
/// which makes a new view model per episode row; each starts loading its state).
///
/// Before the move a message re-evaluates the listing (over-broad); its rows get new models,
/// show their loading branch (a view mounted by that wasted evaluation) and, when the new
/// models load, their loaded branch again. After it none of that happens. The plan counts
/// the rows' evaluations for the new models' writes and the views those evaluations mounted
/// as cascaded from the listing's, and predicts the after run.
@Suite struct RecreatedModelWorkTests {
  enum LoadState { case notStarted, hasData }

  final class MessageBus: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var message: String?
  }

  /// Starts loading its state when made, as the app's `DynamicContentViewModel.initialiseIfRequired`.
  final class EpisodeModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var state = LoadState.notStarted
    init() {
      AppEffects.task("load episode") { [weak self] in self?.state = .hasData }
    }
  }

  /// Holds the bus in a wrapper (what object-level tracking subscribes to) and reads none of it.
  struct Listing: HarnessView {
    @ViewObservedObject var bus: MessageBus
    func body(_ content: inout ViewContent) {
      for id in 1...3 { content.child(EpisodeRow(model: Trace.make(EpisodeModel())), id: id) }
      let bus = self.bus
      content.button("Bookmark") { bus.message = "Bookmarked" }
    }
  }

  struct EpisodeRow: HarnessView {
    @ViewObservedObject var model: EpisodeModel
    func body(_ content: inout ViewContent) {
      if model.state == .hasData { content.child(CompletedIcon()) } else { content.child(NumberIcon()) }
    }
  }

  struct CompletedIcon: HarnessView {
    func body(_ content: inout ViewContent) { content.text("✓") }
  }

  struct NumberIcon: HarnessView {
    func body(_ content: inout ViewContent) { content.text("1") }
  }

  static func script(_ tracking: ViewHarness.Tracking) {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let bus = MessageBus()
    let harness = ViewHarness(tracking: tracking) { Listing(bus: bus) }
    harness.flush()  // the models load
    harness.tap("Bookmark")
    harness.flush()
  }

  @Test func theWorkOfModelsAWastedEvaluationMadeIsSavedWithIt() throws {
    let check = try PredictionCheck(before: { Self.script(.objectLevel) }, after: { Self.script(.propertyLevel) })
    // After: the listing once, each row for its mount and its load, each icon once.
    #expect(check.recorded == ["Listing": 1, "EpisodeRow": 6, "NumberIcon": 3, "CompletedIcon": 3])
    #expect(check.before.summary.bodyEvaluations > check.after.summary.bodyEvaluations)
    check.expectHolds()
  }
}
