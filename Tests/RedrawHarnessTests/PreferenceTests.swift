import Observation
import RedrawHarness
import RedrawTrace
import Testing

/// Preferences, worked by hand from Apple's `onPreferenceChange(_:perform:)` and OpenSwiftUI's
/// `PreferenceBinder` (docs/harness.md, "Preferences"): values flow up after an update; the
/// action runs after the update in which its content first hands one up and after each
/// update that changes it, and its writes start the next update.
@Suite struct PreferenceTests {
  struct PTitleKey: HarnessPreferenceKey {
    static let defaultValue = ""
    static func reduce(value: inout String, nextValue: () -> String) { value = nextValue() }
  }

  struct PSumKey: HarnessPreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
  }

  @Observable final class PStore {
    var title = "Inbox"
    var badge = 0
  }

  /// `Text(store.title).preference(key: PTitleKey.self, value: store.title)`.
  struct PTitle: HarnessView {
    let store: PStore
    func body(_ content: inout ViewContent) {
      content.text(store.title)
      content.preference(PTitleKey.self, store.title)
    }
  }

  /// A sibling that reads another property and hands nothing up.
  struct PBadge: HarnessView {
    let store: PStore
    func body(_ content: inout ViewContent) { content.text("\(store.badge)") }
  }

  /// `@State var shown = ""`, a header showing it, and `.onPreferenceChange(PTitleKey.self)
  /// { shown = $0 }` around the content.
  struct PScreen: HarnessView {
    let store: PStore
    let log: PLog
    @ViewState var shown = ""
    func body(_ content: inout ViewContent) {
      content.text("Header \(shown)")
      content.child(PTitle(store: store))
      content.child(PBadge(store: store))
      let log = self.log
      content.onPreferenceChange(PTitleKey.self) { title in
        log.values.append(title)
        shown = title
      }
    }
  }

  final class PLog {
    var values: [String] = []
  }

  /// The first update hands "Inbox" up; the action runs after it and its write re-evaluates
  /// the screen (2 evaluations), not the title, whose inputs are the same.
  @Test func theActionRunsAfterTheFirstUpdate() {
    let log = PLog()
    let harness = ViewHarness(tracking: .propertyLevel) { PScreen(store: PStore(), log: log) }
    #expect(log.values == ["Inbox"])
    #expect(harness.evaluations(of: PScreen.self) == 2)
    #expect(harness.evaluations(of: PTitle.self) == 1)
    #expect(harness.texts["PScreen"] == ["Header Inbox"])
  }

  /// A new title: the title runs, hands it up, the action runs and the screen with it; a
  /// change that leaves the value as it was (the badge) runs no action.
  @Test func aNewValueRunsTheActionAndAnEqualOneDoesNot() {
    let (store, log) = (PStore(), PLog())
    let harness = ViewHarness(tracking: .propertyLevel) { PScreen(store: store, log: log) }
    harness.resetCounts()
    store.badge = 3
    harness.flush()
    #expect(log.values == ["Inbox"])
    #expect(harness.evaluations(of: PScreen.self) == 0)
    store.title = "Archive"
    harness.flush()
    #expect(log.values == ["Inbox", "Archive"])
    #expect(harness.evaluations(of: PScreen.self) == 1)
    #expect(harness.evaluations(of: PTitle.self) == 1)
    #expect(harness.passesInLastFlush == 2)
  }

  struct PCount: HarnessView {
    let value: Int
    func body(_ content: inout ViewContent) { content.preference(PSumKey.self, value) }
  }

  /// A group that hands up its own value in place of its children's.
  struct PGroup: HarnessView {
    let own: Int?
    func body(_ content: inout ViewContent) {
      content.child(PCount(value: 10))
      content.child(PCount(value: 20))
      if let own { content.preference(PSumKey.self, own) }
    }
  }

  struct PTotal: HarnessView {
    let own: Int?
    let log: PSumLog
    let watch: Bool
    func body(_ content: inout ViewContent) {
      content.child(PCount(value: 1))
      content.child(PGroup(own: own))
      guard watch else { return }
      let log = self.log
      content.onPreferenceChange(PSumKey.self) { log.values.append($0) }
    }
  }

  final class PSumLog {
    var values: [Int] = []
  }

  /// Children's values are reduced in order; a view's own value replaces its children's.
  @Test(arguments: [(nil, 31), (5, 6)] as [(Int?, Int)])
  func valuesAreCombinedUpTheTree(own: Int?, total: Int) {
    let log = PSumLog()
    _ = ViewHarness(tracking: .propertyLevel) { PTotal(own: own, log: log, watch: true) }
    #expect(log.values == [total])
  }

  struct PSilent: HarnessView {
    let log: PLog
    func body(_ content: inout ViewContent) {
      content.child(PBadge(store: PStore()))
      let log = self.log
      content.onPreferenceChange(PTitleKey.self) { log.values.append($0) }
    }
  }

  /// Content that hands nothing up never runs the action.
  @Test func noValueNoAction() {
    let log = PLog()
    _ = ViewHarness(tracking: .propertyLevel) { PSilent(log: log) }
    #expect(log.values.isEmpty)
  }

  /// Each tab hands its name up as the title; showing a tab that was made before (no
  /// evaluation) still changes the value the screen sees.
  struct PTab: HarnessView {
    let name: String
    func body(_ content: inout ViewContent) { content.preference(PTitleKey.self, name) }
  }

  struct PTabs: HarnessView {
    let log: PLog
    @ViewState var tab = "home"
    func body(_ content: inout ViewContent) {
      content.tabView("Tab", selection: $tab, tags: ["home", "library"]) { PTab(name: $0) }
      let log = self.log
      content.onPreferenceChange(PTitleKey.self) { log.values.append($0) }
    }
  }

  @Test func aTabShownAgainHandsItsValueUp() {
    let log = PLog()
    let harness = ViewHarness(tracking: .propertyLevel) { PTabs(log: log) }
    harness.pick("library", from: "Tab")
    harness.resetCounts()
    harness.pick("home", from: "Tab")
    #expect(harness.evaluations(of: PTab.self) == 0)
    #expect(log.values == ["home", "library", "home"])
  }
}

extension PreferenceTests {
  struct PHeightKey: HarnessPreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value = max(value, nextValue()) }
  }

  /// emitron's MainButtonView: `.background(GeometryReader { Color.clear.preference(key:
  /// SizePreferenceKey.self, value: proxy.size) }).onPreferenceChange(…) { height = $0 }`.
  struct PMeasured: HarnessView {
    @ViewState var height = 0
    func body(_ content: inout ViewContent) {
      content.text("height \(height)")
      content.preference(PHeightKey.self, 48)
      content.onPreferenceChange(PHeightKey.self) { height = $0 }
    }
  }

  /// The watcher sees its own body's value: it runs after the first update, and its write
  /// runs the body once more, as on a device.
  @Test func aWatcherSeesThePreferenceItsOwnBodySets() {
    let harness = ViewHarness(tracking: .propertyLevel) { PMeasured() }
    #expect(harness.evaluations(of: PMeasured.self) == 2)
    #expect(harness.texts["PMeasured"] == ["height 48"])
  }
}
