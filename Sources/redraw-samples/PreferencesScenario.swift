import RedrawHarness
import RedrawTrace

/// A preferences screen of controls over bindings, a custom environment value and a text field
/// on an app's own property wrapper: a toggle, a stepper in a child given `$prefs.volume`, an
/// accent picker whose value reaches a preview through the environment, and a note.
///
/// The screen makes a binding to each property, which reads it, so it depends on all three;
/// the status line reads `wifi` only. With object-level tracking the status line runs again
/// for the volume and the accent too; the preview runs only for a new accent (it reads the
/// environment key), its swatch never; the note runs for its own keystrokes only.
enum PreferencesScenario {
  final class Preferences: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var wifi = false
    @Tracked var volume = 3
    @Tracked var accent = "blue"
  }

  struct AccentKey: HarnessEnvironmentKey { static let defaultValue = "blue" }

  /// A draft kept as state, as an app's `@propertyWrapper struct Draft: DynamicProperty`
  /// made of `@State` is.
  @propertyWrapper
  struct Draft: HarnessDynamicProperty {
    @ViewState var text = ""
    var wrappedValue: String {
      get { text }
      nonmutating set { text = newValue }
    }
    var projectedValue: ViewBinding<String> { $text }
  }

  struct PreferencesScreen: HarnessView {
    @ViewObservedObject var prefs: Preferences
    func body(_ content: inout ViewContent) {
      content.toggle("Wi-Fi", isOn: $prefs.wifi)
      content.picker("Accent", selection: $prefs.accent, options: ["blue", "red"])
      content.child(VolumeRow(volume: $prefs.volume))
      let accent = prefs.accent
      content.child(AccentPreview(), values: { $0.previewAccent = accent })
      content.child(StatusLine(prefs: prefs))
      content.child(NoteField())
    }
  }

  struct VolumeRow: HarnessView {
    @ViewBinding var volume: Int
    func body(_ content: inout ViewContent) {
      content.stepper("Volume", value: $volume, in: 0...10)
      content.text("\(volume)")
    }
  }

  struct AccentPreview: HarnessView {
    func body(_ content: inout ViewContent) {
      content.text(content.environment(\.previewAccent))
      content.child(Swatch())
    }
  }

  struct Swatch: HarnessView {
    func body(_ content: inout ViewContent) { content.text("■") }
  }

  struct StatusLine: HarnessView {
    @ViewObservedObject var prefs: Preferences
    func body(_ content: inout ViewContent) { content.text(prefs.wifi ? "Online" : "Offline") }
  }

  struct NoteField: HarnessView {
    @Draft var note: String
    func body(_ content: inout ViewContent) {
      content.textField("Note", text: $note)
      content.text("\(note.count) characters")
    }
  }

  static let scenario = Scenario(
    name: "preferences", title: "toggle, step, pick an accent and type a note", modes: Scenario.Mode.allCases
  ) { tracking in
    let prefs = Trace.make(Preferences())
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { PreferencesScreen(prefs: prefs) }
    harness.toggle("Wi-Fi")
    harness.increment("Volume", by: 2)
    harness.pick("red", from: "Accent")
    harness.type("hi", into: "Note")
  }
}

extension HarnessEnvironmentValues {
  /// `@Entry var previewAccent = "blue"`.
  var previewAccent: String {
    get { self[PreferencesScenario.AccentKey.self] }
    set { self[PreferencesScenario.AccentKey.self] = newValue }
  }
}
