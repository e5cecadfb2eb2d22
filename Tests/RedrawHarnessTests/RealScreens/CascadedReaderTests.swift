import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A child re-evaluated with its parent after a write it reads itself: `@Observable` still
/// re-evaluates it, so the plan does not count it as saved.
@Suite struct CascadedReaderTests {
  final class Model: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var x = 0
  }

  /// Holds the model and reads nothing of it; hands it down with a closure, which SwiftUI
  /// cannot compare, so the child runs whenever the parent does.
  struct Parent: HarnessView {
    @ViewObservedObject var model: Model
    func body(_ content: inout ViewContent) {
      content.child(Child(model: model, onTap: {}))
    }
  }

  struct Child: HarnessView {
    let model: Model
    let onTap: () -> Void
    func body(_ content: inout ViewContent) { content.text("\(model.x)") }
  }

  static func script(_ tracking: ViewHarness.Tracking) {
    let model = Trace.make(Model())
    let harness = ViewHarness(tracking: tracking, swiftUI: .xcode26) { Parent(model: model) }
    model.x = 1
    harness.flush()
  }

  @Test func aCascadedChildThatReadsTheWrittenPropertyIsNotSaved() throws {
    let check = try PredictionCheck(before: { Self.script(.objectLevel) }, after: { Self.script(.propertyLevel) })
    #expect(check.recorded == ["Parent": 1, "Child": 2])
    check.expectHolds()
  }
}
