import Observation
import RedrawHarness
import RedrawTrace
import Testing

/// `NavigationLink(destination:)`, worked by hand: the body makes the destination's struct
/// each time it runs; a push shows it and a pop removes it without running the body
/// (the Settings port's recipe, a `@ViewState` read in the body, ran it on each).
@Suite struct NavigationLinkTests {
  final class NLLog {
    var events: [String] = []
  }

  @Observable final class NLSettings {
    var speed = "1.0x"
  }

  struct NLSpeedPicker: HarnessView {
    let settings: NLSettings
    let log: NLLog
    @ViewState var taps = 0
    func body(_ content: inout ViewContent) {
      content.text("\(settings.speed) \(taps)")
      let (settings, log) = (settings, log)
      content.button("1.5x") {
        taps += 1
        settings.speed = "1.5x"
      }
      content.onAppear { log.events.append("appear") }
      content.onDisappear { log.events.append("disappear") }
    }
  }

  /// `List { NavigationLink(destination: NLSpeedPicker(…)) { Text(settings.speed) } }`.
  struct NLSettingsList: HarnessView {
    let settings: NLSettings
    let log: NLLog
    @ViewState var pushed = false
    func body(_ content: inout ViewContent) {
      content.text(settings.speed)
      content.navigationLink("Playback speed", isPresented: $pushed) {
        NLSpeedPicker(settings: settings, log: log)
      }
    }
  }

  @Test func aPushAndAPopRunNoBodyButTheDestinations() {
    let (settings, log) = (NLSettings(), NLLog())
    let harness = ViewHarness(tracking: .propertyLevel) { NLSettingsList(settings: settings, log: log) }
    #expect(harness.evaluations(of: NLSpeedPicker.self) == 0)
    harness.resetCounts()
    #expect(harness.tap("Playback speed"))
    #expect(harness.evaluations(of: NLSettingsList.self) == 0)
    #expect(harness.evaluations(of: NLSpeedPicker.self) == 1)
    // A tap in the pushed view: the list (it reads the speed) and the picker run.
    #expect(harness.tap("1.5x"))
    #expect(harness.evaluations(of: NLSettingsList.self) == 1)
    #expect(harness.evaluations(of: NLSpeedPicker.self) == 2)
    #expect(harness.texts["NLSpeedPicker"] == ["1.5x 1"])
    #expect(harness.tap("Back from Playback speed"))
    #expect(harness.evaluations(of: NLSettingsList.self) == 1)
    #expect(harness.mounted(NLSpeedPicker.self).isEmpty)
    // Pushed again, it is made afresh: its state went with the pop.
    #expect(harness.tap("Playback speed"))
    #expect(harness.texts["NLSpeedPicker"] == ["1.5x 0"])
    #expect(log.events == ["appear", "disappear", "appear"])
  }
}

/// `@Environment(\.dismiss)` in a pushed destination: a key of the test's own holding the
/// link's binding, given through `values:`; the destination's "Done" pops it.
@Suite struct NavigationLinkDismissTests {
  struct DismissKey: HarnessEnvironmentKey { static var defaultValue: ViewBinding<Bool>? { nil } }

  struct Detail: HarnessView {
    func body(_ content: inout ViewContent) {
      let dismiss = content.environment(\.dismissPush)
      content.button("Done") { dismiss?.wrappedValue = false }
    }
  }

  struct Screen: HarnessView {
    @ViewState var pushed = false
    func body(_ content: inout ViewContent) {
      let pushed = $pushed
      content.navigationLink("Open", isPresented: pushed) {
        Detail()
      } values: {
        $0.dismissPush = pushed
      }
    }
  }

  @Test func aDestinationDismissesThroughTheValueItWasGiven() {
    let harness = ViewHarness(tracking: .propertyLevel) { Screen() }
    #expect(harness.tap("Open"))
    #expect(harness.mounted(Detail.self).count == 1)
    #expect(harness.tap("Done"))
    #expect(harness.mounted(Detail.self).isEmpty)
  }
}

extension HarnessEnvironmentValues {
  fileprivate var dismissPush: ViewBinding<Bool>? {
    get { self[NavigationLinkDismissTests.DismissKey.self] }
    set { self[NavigationLinkDismissTests.DismissKey.self] = newValue }
  }
}
