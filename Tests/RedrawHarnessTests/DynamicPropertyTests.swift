import RedrawHarness
import Testing

/// `@propertyWrapper struct Counted: DynamicProperty { @State var count = 0 … }`.
@propertyWrapper
struct Counted: HarnessDynamicProperty {
  @ViewState var count = 0
  var wrappedValue: Int {
    get { count }
    nonmutating set { count = newValue }
  }
}

/// `@propertyWrapper struct Themed: DynamicProperty { @ObservedObject var theme: Theme … }`.
@propertyWrapper
struct Themed: HarnessDynamicProperty {
  @ViewObservedObject var theme: Theme
  var wrappedValue: Theme { theme }
  init(wrappedValue: Theme) { _theme = ViewObservedObject(wrappedValue: wrappedValue) }
}

struct TapCounter: HarnessView {
  @Counted var taps: Int
  let label: String
  func body(_ content: inout ViewContent) {
    content.text("\(label) \(taps)")
    let counter = _taps
    content.button("+") { counter.wrappedValue += 1 }
  }
}

/// Holds the theme through its own wrapper and never reads it.
struct ThemedBadge: HarnessView {
  @Themed var theme: Theme
  func body(_ content: inout ViewContent) { content.text("badge") }
}

struct CounterScreen: HarnessView {
  @ViewObservedObject var tint: Tint
  let theme: Theme
  func body(_ content: inout ViewContent) {
    content.text(tint.on ? "on" : "off")
    content.child(TapCounter(label: "A"))
    content.child(ThemedBadge(theme: theme))
  }
}

@Suite("The app's own DynamicProperty wrappers hold the view's state and subscriptions")
struct DynamicPropertyTests {
  /// The wrapper's state is the view's: a tap changes it and re-evaluates the view (its body
  /// read it); the parent's re-evaluation re-creates the struct with the same inputs (the
  /// state is storage, not an input), so the view neither runs again nor loses its count.
  @Test func aWrappersStateBelongsToTheViewsIdentity() {
    let (tint, theme) = (Tint(), Theme())
    let harness = ViewHarness { CounterScreen(tint: tint, theme: theme) }
    #expect(harness.texts["TapCounter"] == ["A 0"])
    harness.tap("+")
    harness.tap("+")
    #expect(harness.texts["TapCounter"] == ["A 2"])
    #expect(harness.evaluations(of: TapCounter.self) == 3)
    tint.on = true
    harness.flush()
    #expect(harness.evaluations(of: CounterScreen.self) == 2)
    #expect(harness.evaluations(of: TapCounter.self) == 3)
    #expect(harness.texts["TapCounter"] == ["A 2"])
  }

  /// The wrapper's `@ObservedObject` subscribes the view: with `ObservableObject` a write to
  /// the theme re-evaluates the badge that never reads it; with `@Observable`, not.
  @Test(arguments: [(ViewHarness.Tracking.objectLevel, 2), (.propertyLevel, 1)])
  func aWrappersObservedObjectSubscribesTheView(tracking: ViewHarness.Tracking, evaluations: Int) {
    let (tint, theme) = (Tint(), Theme())
    let harness = ViewHarness(tracking: tracking) { CounterScreen(tint: tint, theme: theme) }
    theme.tint = 3
    harness.flush()
    #expect(harness.evaluations(of: ThemedBadge.self) == evaluations)
  }
}
