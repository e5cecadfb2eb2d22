import RedrawHarness
import RedrawTrace
import Testing

/// SwiftUI invalidates a view for a change of its `@State` only when its body read that
/// state (docs/harness.md cites the sources); a read in an event handler, which runs outside
/// the body, is no dependency.
@Suite struct StateReadTests {
  /// Toggles state its body never reads: the toggle reads it in the action only.
  struct Disclosure: HarnessView {
    @ViewState var expanded = false
    @ViewState var taps = 0
    func body(_ content: inout ViewContent) {
      content.text("\(taps)")
      content.button("Toggle") { expanded.toggle() }
      content.button("Tap") { taps += 1 }
    }
  }

  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func aStateChangeReEvaluatesOnlyABodyThatReadsIt(tracking: ViewHarness.Tracking) {
    let harness = ViewHarness(tracking: tracking) { Disclosure() }
    harness.resetCounts()
    harness.tap("Toggle")
    #expect(harness.evaluations(of: Disclosure.self) == 0)
    #expect(harness.view(Disclosure.self)?.expanded == true)
    harness.tap("Tap")
    #expect(harness.evaluations(of: Disclosure.self) == 1)
    #expect(harness.texts["Disclosure"] == ["1"])
  }

  /// Reads `expanded` only while it is shown: once the body stops reading it, a change no
  /// longer re-evaluates the view.
  struct Toggled: HarnessView {
    @ViewState var showsDetail = true
    @ViewState var expanded = false
    func body(_ content: inout ViewContent) {
      if showsDetail { content.text(expanded ? "open" : "closed") }
      content.button("Hide") { showsDetail = false }
      content.button("Toggle") { expanded.toggle() }
    }
  }

  @Test func aReadCountsForTheEvaluationThatMadeIt() {
    let harness = ViewHarness(tracking: .propertyLevel) { Toggled() }
    harness.resetCounts()
    harness.tap("Toggle")
    #expect(harness.evaluations(of: Toggled.self) == 1)
    harness.tap("Hide")
    #expect(harness.evaluations(of: Toggled.self) == 2)
    harness.tap("Toggle")
    #expect(harness.evaluations(of: Toggled.self) == 2)
  }
}

/// Assigning a state the value it has changes nothing, as SwiftUI's state storage compares
/// (docs/harness.md cites it).
@Suite struct EqualStateWriteTests {
  struct Toggle: HarnessView {
    @ViewState var isOn = false
    func body(_ content: inout ViewContent) {
      content.text(isOn ? "on" : "off")
      content.button("Off") { isOn = false }
      content.button("On") { isOn = true }
    }
  }

  @Test func theSameValueAgainDoesNotReEvaluateTheView() {
    let harness = ViewHarness(tracking: .propertyLevel) { Toggle() }
    harness.resetCounts()
    harness.tap("Off")
    #expect(harness.evaluations(of: Toggle.self) == 0)
    harness.tap("On")
    #expect(harness.evaluations(of: Toggle.self) == 1)
  }
}
