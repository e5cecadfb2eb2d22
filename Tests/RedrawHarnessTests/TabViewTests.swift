import Observation
import RedrawHarness
import RedrawTrace
import Testing

/// Tab views, worked by hand from swiftyplace's measurements of `TabView` on iOS 17 and 18
/// (docs/harness.md, "Tab views"): on iOS 18 a tab is made when first shown and keeps its
/// state when another is shown; on iOS 17 every tab is made with the tab view.
@Suite struct TabViewTests {
  final class TVLog {
    var events: [String] = []
  }

  @Observable final class TVStore {
    var home = 0
    var library = 0
    var settings = 0
    var tab = "home"

    /// Reads only the named tab's property.
    func count(of tab: String) -> Int {
      switch tab {
      case "home": home
      case "library": library
      default: settings
      }
    }
  }

  struct TVTab: HarnessView {
    let name: String
    let store: TVStore
    let log: TVLog
    /// The selection, handed down in a plain property: the tab writes it, never reads it.
    let select: ViewBinding<String>
    @ViewState var taps = 0
    func body(_ content: inout ViewContent) {
      content.text("\(name) \(store.count(of: name)) \(taps)")
      let (name, log) = (name, log)
      content.onAppear { log.events.append("appear \(name)") }
      content.onDisappear { log.events.append("disappear \(name)") }
      content.button("Tap \(name)") { taps += 1 }
      content.button("Open settings from \(name)") { select.wrappedValue = "settings" }
    }
  }

  /// `@State var tab = "home"; TabView(selection: $tab) { ForEach(tags) { TVTab(…).tag($0) } }`.
  struct TVRoot: HarnessView {
    let store: TVStore
    let log: TVLog
    let loading: ViewContent.TabLoading
    @ViewState var tab = "home"
    func body(_ content: inout ViewContent) {
      let (store, log, select) = (store, log, $tab)
      content.tabView("Tab", selection: $tab, tags: ["home", "library", "settings"], loading: loading) {
        TVTab(name: $0, store: store, log: log, select: select)
      }
    }
  }

  @Test(arguments: [(ViewContent.TabLoading.whenShown, 1), (.all, 3)])
  func theTabsMadeAtFirst(loading: ViewContent.TabLoading, tabs: Int) {
    let log = TVLog()
    let harness = ViewHarness(tracking: .propertyLevel) { TVRoot(store: TVStore(), log: log, loading: loading) }
    #expect(harness.evaluations(of: TVTab.self) == tabs)
    #expect(log.events.count == tabs)
  }

  /// Showing the library: the home tab disappears, the library is made and appears; the
  /// root, which does not read the selection, does not run.
  @Test func pickingATabShowsItWithoutTheRoot() {
    let log = TVLog()
    let harness = ViewHarness(tracking: .propertyLevel) { TVRoot(store: TVStore(), log: log, loading: .whenShown) }
    harness.resetCounts()
    log.events = []
    #expect(harness.pick("library", from: "Tab"))
    #expect(harness.evaluations(of: TVRoot.self) == 0)
    #expect(harness.evaluations(of: TVTab.self) == 1)
    #expect(log.events == ["disappear home", "appear library"])
    #expect(harness.mounted(TVTab.self).map(\.view.name) == ["library"])
  }

  /// A tab keeps its state while hidden, and a change it reads while hidden re-evaluates it
  /// once, when it is shown again.
  @Test func aHiddenTabKeepsItsStateAndCatchesUpWhenShown() {
    let (store, log) = (TVStore(), TVLog())
    let harness = ViewHarness(tracking: .propertyLevel) { TVRoot(store: store, log: log, loading: .whenShown) }
    harness.tap("Tap home")
    harness.pick("library", from: "Tab")
    harness.resetCounts()
    store.home = 5
    harness.flush()
    #expect(harness.evaluations(of: TVTab.self) == 0)
    log.events = []
    harness.pick("home", from: "Tab")
    #expect(harness.evaluations(of: TVTab.self) == 1)
    #expect(harness.texts["TVTab"] == ["home 5 1"])
    #expect(log.events == ["disappear library", "appear home"])
  }

  /// A write to the selection from inside a tab shows the tab it names, as the tab bar would.
  @Test func aWriteToTheSelectionShowsTheTab() {
    let log = TVLog()
    let harness = ViewHarness(tracking: .propertyLevel) { TVRoot(store: TVStore(), log: log, loading: .whenShown) }
    harness.resetCounts()
    #expect(harness.tap("Open settings from home"))
    #expect(harness.evaluations(of: TVRoot.self) == 0)
    #expect(harness.mounted(TVTab.self).map(\.view.name) == ["settings"])
  }

  /// Under iOS 17's loading every tab lives, and a change re-evaluates the hidden tab that
  /// reads it.
  @Test func everyTabIsUpdatedWhenAllAreMade() {
    let store = TVStore()
    let harness = ViewHarness(tracking: .propertyLevel) { TVRoot(store: store, log: TVLog(), loading: .all) }
    harness.resetCounts()
    store.settings = 2
    harness.flush()
    #expect(harness.evaluations(of: TVTab.self) == 1)
    #expect(harness.pick("settings", from: "Tab"))
    #expect(harness.evaluations(of: TVTab.self) == 1)
  }

  /// `TabView(selection: $store.tab)`: making the binding reads the property, so the root
  /// runs for a new tab (and makes the tab's struct then).
  struct TVModelRoot: HarnessView {
    @ViewBindable var store: TVStore
    let log: TVLog
    func body(_ content: inout ViewContent) {
      let (store, log) = (self.store, log)
      let select = $store.tab
      content.tabView("Tab", selection: select, tags: ["home", "library"]) {
        TVTab(name: $0, store: store, log: log, select: select)
      }
    }
  }

  @Test func aSelectionInAModelRunsTheBodyThatBindsIt() {
    let store = TVStore()
    let harness = ViewHarness(tracking: .propertyLevel) { TVModelRoot(store: store, log: TVLog()) }
    harness.resetCounts()
    #expect(harness.pick("library", from: "Tab"))
    #expect(harness.evaluations(of: TVModelRoot.self) == 1)
    #expect(harness.mounted(TVTab.self).map(\.view.name) == ["library"])
  }
}

extension TabViewTests {
  /// A tab given a new input while hidden: shown again, it is evaluated with it, and its
  /// `onAppear` runs after that evaluation with the closure it declared, as SwiftUI runs it
  /// after the update.
  struct TVVersionedTab: HarnessView {
    let name: String
    let version: Int
    let log: TVLog
    func body(_ content: inout ViewContent) {
      let (name, version, log) = (name, version, log)
      log.events.append("body \(name) \(version)")
      content.onAppear { log.events.append("appear \(name) \(version)") }
    }
  }

  struct TVVersionedRoot: HarnessView {
    let store: TVStore
    let log: TVLog
    @ViewState var tab = "home"
    func body(_ content: inout ViewContent) {
      let (version, log) = (store.home, log)
      content.tabView("Tab", selection: $tab, tags: ["home", "library"]) {
        TVVersionedTab(name: $0, version: version, log: log)
      }
    }
  }

  @Test func aTabShownAgainAppearsWithItsNewClosure() {
    let (store, log) = (TVStore(), TVLog())
    let harness = ViewHarness(tracking: .propertyLevel) { TVVersionedRoot(store: store, log: log) }
    harness.pick("library", from: "Tab")
    store.home = 1
    harness.flush()
    log.events = []
    harness.pick("home", from: "Tab")
    #expect(log.events == ["body home 1", "appear home 1"])
  }
}

extension TabViewTests {
  struct TVHome: HarnessView {
    func body(_ content: inout ViewContent) { content.text("Home") }
  }

  struct TVDownloads: HarnessView {
    let count: Int
    func body(_ content: inout ViewContent) { content.text("\(count) downloads") }
  }

  /// `TabView { HomeView().tag(0); DownloadsView().tag(1) }`: tabs of different types.
  struct TVMixedRoot: HarnessView {
    @ViewState var tab = 0
    func body(_ content: inout ViewContent) {
      content.tabView(selection: $tab, tags: [0, 1]) { tag in
        switch tag {
        case 0: TVHome()
        default: TVDownloads(count: 2)
        }
      }
    }
  }

  @Test func tabsMayBeViewsOfDifferentTypes() {
    let harness = ViewHarness(tracking: .propertyLevel) { TVMixedRoot() }
    #expect(harness.pick(1, from: "Tab"))
    #expect(harness.evaluations(of: TVHome.self) == 1)
    #expect(harness.evaluations(of: TVDownloads.self) == 1)
    #expect(harness.texts["TVDownloads"] == ["2 downloads"])
  }
}

extension TabViewTests {
  struct TVTitleKey: HarnessEnvironmentKey { static let defaultValue = "" }

  /// A tab that counts its structs and shows the title its environment gives it.
  struct TVCountedTab: HarnessView {
    let name: String
    init(name: String, log: TVLog) {
      self.name = name
      log.events.append("made \(name)")
    }
    func body(_ content: inout ViewContent) { content.text(content.environment(\.tvTitle)) }
  }

  /// `TabView { ForEach(tags) { TVCountedTab($0).environment(\.tvTitle, $0.uppercased()) } }`.
  struct TVCountedRoot: HarnessView {
    let store: TVStore
    let log: TVLog
    @ViewState var tab = "home"
    func body(_ content: inout ViewContent) {
      _ = store.home
      let log = self.log
      content.tabView(selection: $tab, tags: ["home", "library"]) {
        TVCountedTab(name: $0, log: log)
      } values: {
        tag, values in
        values.tvTitle = tag.uppercased()
      }
    }
  }

  /// The body makes every tab's struct each time it runs, shown or not; a switch makes none.
  @Test func theBodyMakesEveryTab() {
    let (store, log) = (TVStore(), TVLog())
    let harness = ViewHarness(tracking: .propertyLevel) { TVCountedRoot(store: store, log: log) }
    #expect(log.events == ["made home", "made library"])
    #expect(harness.texts["TVCountedTab"] == ["HOME"])
    log.events = []
    harness.pick("library", from: "Tab")
    #expect(log.events.isEmpty)
    #expect(harness.texts["TVCountedTab"] == ["LIBRARY"])
    store.home = 1
    harness.flush()
    #expect(log.events == ["made home", "made library"])
  }
}

extension HarnessEnvironmentValues {
  fileprivate var tvTitle: String {
    get { self[TabViewTests.TVTitleKey.self] }
    set { self[TabViewTests.TVTitleKey.self] = newValue }
  }
}
