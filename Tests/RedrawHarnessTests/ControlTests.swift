import RedrawHarness
import RedrawTrace
import Testing

final class Preferences: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var wifi = false
  @Tracked var size = "M"
  @Tracked var quantity = 1
}

/// `Toggle("Wi-Fi", isOn: $prefs.wifi)`, a size picker and a quantity stepper: making each
/// binding reads its value.
struct PreferencesForm: HarnessView {
  @ViewObservedObject var prefs: Preferences
  func body(_ content: inout ViewContent) {
    content.toggle("Wi-Fi", isOn: $prefs.wifi)
    content.picker("Size", selection: $prefs.size, options: ["S", "M", "L"])
    content.stepper("Quantity", value: $prefs.quantity, in: 1...3)
  }
}

struct PreferencesSummary: HarnessView {
  @ViewObservedObject var prefs: Preferences
  func body(_ content: inout ViewContent) {
    content.text("\(prefs.wifi ? "on" : "off") \(prefs.size) ×\(prefs.quantity)")
  }
}

struct PreferencesScreen: HarnessView {
  let prefs: Preferences
  func body(_ content: inout ViewContent) {
    content.child(PreferencesForm(prefs: prefs))
    content.child(PreferencesSummary(prefs: prefs))
  }
}

@Suite("Toggles, pickers and steppers write through their bindings")
struct ControlTests {
  /// Three actions, each a write: with `@Observable` the summary (it reads them) and the form
  /// (making each binding read its value, which the binding keeps) run again each time; with
  /// `ObservableObject` both views subscribe, so both run each time too. A choice the picker
  /// does not offer, and a step past the stepper's bounds, change nothing beyond the bounds.
  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func eachControlWritesItsBindingAsOneAction(tracking: ViewHarness.Tracking) {
    let prefs = Preferences()
    let harness = ViewHarness(tracking: tracking) { PreferencesScreen(prefs: prefs) }
    harness.resetCounts()
    #expect(harness.toggle("Wi-Fi"))
    #expect(harness.pick("L", from: "Size"))
    #expect(!harness.pick("XL", from: "Size"))
    #expect(harness.increment("Quantity", by: 5))
    #expect(harness.texts["PreferencesSummary"] == ["on L ×3"])
    #expect(harness.evaluations(of: PreferencesSummary.self) == 3)
    #expect(harness.evaluations(of: PreferencesForm.self) == 3)
    #expect(!harness.toggle("Bluetooth"))
  }
}
