import RedrawHarness
import RedrawTrace
import Testing

struct AccentKey: HarnessEnvironmentKey { static let defaultValue = "blue" }

extension HarnessEnvironmentValues {
  var accent: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}

final class AccentSettings: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var accent = "red"
  @Tracked var other = 0
}

/// `.environment(\.accent, settings.accent)` on the panel.
struct AccentRoot: HarnessView {
  @ViewObservedObject var settings: AccentSettings
  func body(_ content: inout ViewContent) {
    let accent = settings.accent
    content.child(AccentPanel(), values: { $0.accent = accent })
    content.child(AccentLabel())  // outside the panel: the default
  }
}

/// Reads no accent; its second label's accent is its own.
struct AccentPanel: HarnessView {
  func body(_ content: inout ViewContent) {
    content.child(AccentLabel())
    content.child(PlainLabel())
    content.child(AccentLabel(), values: { $0.accent = "gold" })
  }
}

/// `@Environment(\.accent) var accent`, shown.
struct AccentLabel: HarnessView {
  func body(_ content: inout ViewContent) { content.text(content.environment(\.accent)) }
}

struct PlainLabel: HarnessView {
  func body(_ content: inout ViewContent) { content.text("plain") }
}

@Suite("Custom environment values re-evaluate the views that read them, only those")
struct EnvironmentValuesTests {
  /// A new accent: the root (it reads the setting) and the one label under the panel that
  /// reads the root's accent run again; the panel (re-created with the same inputs, reading
  /// no accent), the plain label, the label with the panel's own accent and the label outside
  /// the panel do not.
  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func aChangedValueReEvaluatesItsReadersOnly(tracking: ViewHarness.Tracking) {
    let settings = AccentSettings()
    let harness = ViewHarness(tracking: tracking) { AccentRoot(settings: settings) }
    #expect(harness.texts["AccentLabel"] == ["red", "gold", "blue"])
    harness.resetCounts()
    settings.accent = "green"
    harness.flush()
    #expect(harness.texts["AccentLabel"] == ["green", "gold", "blue"])
    #expect(harness.evaluationCounts == ["AccentRoot": 1, "AccentLabel": 1])
  }

  /// The root runs again for another property (with `ObservableObject` only) and sets the
  /// same accent: no value changed, no reader runs.
  @Test(arguments: [(ViewHarness.Tracking.propertyLevel, [String: Int]()), (.objectLevel, ["AccentRoot": 1])])
  func theSameValueAgainReEvaluatesNoReader(tracking: ViewHarness.Tracking, expected: [String: Int]) {
    let settings = AccentSettings()
    let harness = ViewHarness(tracking: tracking) { AccentRoot(settings: settings) }
    harness.resetCounts()
    settings.other = 1
    harness.flush()
    #expect(harness.evaluationCounts == expected)
  }
}
