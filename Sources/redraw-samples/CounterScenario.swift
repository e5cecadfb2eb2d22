import RedrawHarness
import RedrawTrace

/// A counter model kept by a child view three ways: in a plain stored property (reset by
/// every parent re-render), in view state, and made lazily in a task.
enum CounterScenario {
  final class CounterModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var count = 0
  }

  final class Theme: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var accent = 0
  }

  struct PlainRoot: HarnessView {
    @ViewObservedObject var theme: Theme
    func body(_ content: inout ViewContent) {
      content.text("accent \(theme.accent)")
      content.child(PlainCounterView())
    }
  }

  struct PlainCounterView: HarnessView {
    let model = Trace.make(CounterModel())
    func body(_ content: inout ViewContent) { content.text("\(model.count)") }
  }

  struct StateRoot: HarnessView {
    @ViewObservedObject var theme: Theme
    func body(_ content: inout ViewContent) {
      content.text("accent \(theme.accent)")
      content.child(StateCounterView())
    }
  }

  struct StateCounterView: HarnessView {
    @ViewState var model = Trace.make(CounterModel())
    func body(_ content: inout ViewContent) { content.text("\(model.count)") }
  }

  struct DeferredRoot: HarnessView {
    @ViewObservedObject var theme: Theme
    func body(_ content: inout ViewContent) {
      content.text("accent \(theme.accent)")
      content.child(DeferredCounterView())
    }
  }

  struct DeferredCounterView: HarnessView {
    @ViewState var model: CounterModel? = nil
    func body(_ content: inout ViewContent) {
      content.text(model.map { "\($0.count)" } ?? "…")
      let state = _model
      content.task("make counter") {
        if state.wrappedValue == nil { state.wrappedValue = Trace.make(CounterModel()) }
      }
    }
  }

  /// Taps the counter three times, each time followed by a parent re-render.
  static func tapAndRerender(_ theme: Theme, _ harness: ViewHarness, counter: () -> CounterModel?) {
    for _ in 0..<3 {
      Trace.mark("tap +")
      counter()?.count += 1
      harness.flush()
      Trace.mark("change accent")
      theme.accent += 1
      harness.flush()
    }
  }

  static let plainProperty = Scenario(
    name: "counter-plain-property", title: "counter in a plain stored property", modes: [.propertyLevel]
  ) { tracking in
    let theme = Theme()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { PlainRoot(theme: theme) }
    tapAndRerender(theme, harness) { harness.view(PlainCounterView.self)?.model }
  }

  static let viewState = Scenario(
    name: "counter-view-state", title: "counter in view state", modes: [.propertyLevel]
  ) { tracking in
    let theme = Theme()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { StateRoot(theme: theme) }
    tapAndRerender(theme, harness) { harness.view(StateCounterView.self)?.model }
  }

  static let deferred = Scenario(
    name: "counter-deferred", title: "counter made in a task", modes: [.propertyLevel]
  ) { tracking in
    let theme = Theme()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { DeferredRoot(theme: theme) }
    tapAndRerender(theme, harness) { harness.view(DeferredCounterView.self)?.model }
  }
}
