import RedrawHarness
import RedrawTrace
import Testing

/// A push covers the screen its link is on, a pop shows it again (docs/harness.md, "Other
/// SwiftUI, translated"): its views' `onDisappear` and `onAppear` run, their tasks stop and
/// start again, and views outside the navigation stack see none of it.
@Suite struct NavigationCoverTests {
  final class NCLog {
    var events: [String] = []
  }

  struct NCRow: HarnessView {
    let id: Int
    let log: NCLog
    @ViewState var pushed = false
    func body(_ content: inout ViewContent) {
      let (id, log) = (id, log)
      content.onAppear { log.events.append("row \(id) appear") }
      content.onDisappear { log.events.append("row \(id) disappear") }
      content.navigationLink("Open \(id)", isPresented: $pushed) { NCDetail(id: id, log: log) }
    }
  }

  struct NCDetail: HarnessView {
    let id: Int
    let log: NCLog
    @ViewState var pushed = false
    func body(_ content: inout ViewContent) {
      let log = log
      content.onAppear { log.events.append("detail appear") }
      content.onDisappear { log.events.append("detail disappear") }
      content.navigationLink("More", isPresented: $pushed) { NCMore() }
    }
  }

  struct NCMore: HarnessView {
    func body(_ content: inout ViewContent) {}
  }

  /// `NavigationView { List { … } .onAppear { reloadIfDirty() } .task { await load() } }`.
  struct NCList: HarnessView {
    let log: NCLog
    func body(_ content: inout ViewContent) {
      content.navigationStack()
      let log = log
      content.onAppear { log.events.append("list appear") }
      content.onDisappear { log.events.append("list disappear") }
      content.task("load") { task in
        log.events.append("load")
        task.await("page") { log.events.append("page") }
      }
      for id in 1...2 { content.child(NCRow(id: id, log: log), id: id) }
    }
  }

  /// The tab bar's view, outside the stack.
  struct NCTabs: HarnessView {
    let log: NCLog
    func body(_ content: inout ViewContent) {
      let log = log
      content.onDisappear { log.events.append("tabs disappear") }
      content.child(NCList(log: log))
    }
  }

  @Test func aPushCoversTheScreenAndAPopShowsItAgain() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let log = NCLog()
    let harness = ViewHarness(tracking: .propertyLevel) { NCTabs(log: log) }
    #expect(log.events == ["row 1 appear", "row 2 appear", "list appear", "load"])
    log.events = []
    #expect(harness.tap("Open 1"))
    // Children before their parents; the destination's own appear after the screen's going.
    #expect(log.events == ["row 2 disappear", "row 1 disappear", "list disappear", "detail appear"])
    #expect(!harness.resume("page"), "the list's task was cancelled with the push")
    log.events = []
    #expect(harness.tap("More"))
    #expect(log.events == ["detail disappear"], "only the screen the link is on")
    log.events = []
    #expect(harness.tap("Back from More"))
    #expect(log.events == ["detail appear"])
    log.events = []
    #expect(harness.tap("Back from Open 1"))
    #expect(log.events == ["detail disappear", "row 1 appear", "row 2 appear", "list appear", "load"])
    #expect(harness.resume("page"), "its task started again")
    #expect(!log.events.contains("tabs disappear"))
  }

  /// Without `navigationStack()` the screen is the whole tree.
  struct NCBareList: HarnessView {
    let log: NCLog
    func body(_ content: inout ViewContent) {
      let log = log
      content.onDisappear { log.events.append("list disappear") }
      content.child(NCRow(id: 1, log: log))
    }
  }

  @Test func withoutAStackTheWholeTreeIsTheScreen() {
    let log = NCLog()
    let harness = ViewHarness(tracking: .propertyLevel) { NCBareList(log: log) }
    log.events = []
    #expect(harness.tap("Open 1"))
    #expect(log.events == ["row 1 disappear", "list disappear", "detail appear"])
  }
}

/// Links that keep their own push state, several in one body, and links pushed by a tag.
extension NavigationCoverTests {
  struct NCCast: HarnessView {
    let names: [String]
    @ViewState var selection: String?
    func body(_ content: inout ViewContent) {
      // `ForEach(cast) { NavigationLink(destination: PeopleDetail(name)) { PeopleRow(name) } }`
      for name in names {
        content.navigationLink("Cast \(name)") { NCPerson(name: name) }
      }
      // `NavigationLink(destination: Reviews(), tag: "reviews", selection: $selection) { … }`
      content.navigationLink("Reviews", tag: "reviews", selection: $selection) { NCMore() }
      content.text(selection ?? "none")
    }
  }

  struct NCPerson: HarnessView {
    let name: String
    func body(_ content: inout ViewContent) { content.text(name) }
  }

  @Test func eachLinkKeepsItsOwnPushState() {
    let harness = ViewHarness(tracking: .propertyLevel) { NCCast(names: ["Ann", "Bo"]) }
    harness.resetCounts()
    #expect(harness.tap("Cast Bo"))
    // The push runs no body but the destination's.
    #expect(harness.evaluations(of: NCCast.self) == 0)
    #expect(harness.texts["NCPerson"] == ["Bo"])
    #expect(harness.tap("Back from Cast Bo"))
    #expect(!harness.isMounted(NCPerson.self))
    #expect(harness.tap("Cast Ann"))
    #expect(harness.texts["NCPerson"] == ["Ann"])
  }

  @Test func aTaggedLinkIsPushedWhileTheSelectionIsItsTag() {
    let harness = ViewHarness(tracking: .propertyLevel) { NCCast(names: []) }
    harness.resetCounts()
    #expect(harness.tap("Reviews"))
    #expect(harness.isMounted(NCMore.self))
    // The body reads the selection: it runs for the push, as SwiftUI's would.
    #expect(harness.evaluations(of: NCCast.self) == 1)
    #expect(harness.texts["NCCast"] == ["reviews"])
    #expect(harness.tap("Back from Reviews"))
    #expect(!harness.isMounted(NCMore.self))
    #expect(harness.texts["NCCast"] == ["none"])
  }
}
