import RedrawHarness
import RedrawTrace
import Testing

/// Lazy containers, worked by hand from Apple's "Creating performant scrollable stacks" and
/// WWDC's lazy-stack sessions (docs/harness.md, "Lazy containers"): only the rows in view are
/// made and evaluated; scrolling makes the rows that come into view, and the others go.
@Suite struct LazyContainerTests {
  struct LCItem: Identifiable, Equatable {
    var id: Int
    var title: String
  }

  final class LCFeed: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var items = (0..<30).map { LCItem(id: $0, title: "Post \($0)") }
    @Tracked var header = "Feed"
  }

  final class LCLog {
    var disappeared: [Int] = []
  }

  struct LCRow: HarnessView {
    let item: LCItem
    let log: LCLog
    @ViewState var expanded = false
    func body(_ content: inout ViewContent) {
      content.text("\(item.title)\(expanded ? "+" : "")")
      let id = item.id
      let log = self.log
      content.onDisappear { log.disappeared.append(id) }
      content.button("Expand \(item.id)") { expanded = true }
    }
  }

  /// A sibling of the list whose closure input is new in every struct the screen makes.
  struct LCToolbar: HarnessView {
    let title: String
    let onRefresh: () -> Void
    func body(_ content: inout ViewContent) { content.button(title) { onRefresh() } }
  }

  /// A toolbar above `List(feed.items) { LCRow(item: $0) }` with five rows in view, or a
  /// `VStack` of them.
  struct LCScreen: HarnessView {
    let feed: LCFeed
    let log: LCLog
    let lazy: Bool
    var keptUpdates = 0
    func body(_ content: inout ViewContent) {
      content.child(LCToolbar(title: feed.header, onRefresh: {}))
      let log = self.log
      if lazy {
        content.lazy("feed", feed.items, visible: 5, keptUpdates: keptUpdates) { LCRow(item: $0, log: log) }
      } else {
        for item in feed.items { content.child(LCRow(item: item, log: log), id: item.id) }
      }
    }
  }

  @Test(arguments: [(true, 5), (false, 30)])
  func onlyTheRowsInViewAreEvaluated(lazy: Bool, rows: Int) {
    let harness = ViewHarness(tracking: .propertyLevel) { LCScreen(feed: LCFeed(), log: LCLog(), lazy: lazy) }
    #expect(harness.evaluations(of: LCRow.self) == rows)
    #expect(harness.mounted(LCRow.self).map(\.view.item.id) == Array(0..<rows))
  }

  /// Scrolling to row 3: rows 0–2 go (their onDisappear runs), rows 5–7 are made and
  /// evaluated, rows 3 and 4 are left alone, and neither the screen's body nor its toolbar's
  /// runs (no struct of either is made).
  @Test func scrollingMakesTheRowsThatComeIntoView() {
    let log = LCLog()
    let harness = ViewHarness(tracking: .propertyLevel) { LCScreen(feed: LCFeed(), log: log, lazy: true) }
    harness.resetCounts()
    #expect(harness.scroll("feed", to: 3))
    #expect(harness.evaluations(of: LCScreen.self) == 0)
    #expect(harness.evaluations(of: LCToolbar.self) == 0)
    #expect(harness.evaluations(of: LCRow.self) == 3)
    #expect(log.disappeared == [0, 1, 2])
    #expect(harness.mounted(LCRow.self).map(\.view.item.id) == [3, 4, 5, 6, 7])
    #expect(!harness.scroll("comments", to: 1))
  }

  /// Past the end, the last five rows are in view.
  @Test func scrollingStopsAtTheEnd() {
    let harness = ViewHarness(tracking: .propertyLevel) { LCScreen(feed: LCFeed(), log: LCLog(), lazy: true) }
    harness.scroll("feed", to: 100)
    #expect(harness.mounted(LCRow.self).map(\.view.item.id) == [25, 26, 27, 28, 29])
  }

  /// A row's state goes with it: scrolled away and back, it is made afresh.
  @Test func aRowScrolledAwayLosesItsState() {
    let harness = ViewHarness(tracking: .propertyLevel) { LCScreen(feed: LCFeed(), log: LCLog(), lazy: true) }
    harness.tap("Expand 1")
    #expect(harness.mounted(LCRow.self)[1].texts == ["Post 1+"])
    harness.scroll("feed", to: 10)
    harness.scroll("feed", to: 0)
    #expect(harness.mounted(LCRow.self)[1].texts == ["Post 1"])
  }

  /// The screen runs again (a new header): the rows in view keep their place, are re-created
  /// with the same inputs and not evaluated; the scroll position stays.
  @Test func aNewEvaluationOfTheScreenKeepsTheWindow() {
    let feed = LCFeed()
    let harness = ViewHarness(tracking: .propertyLevel) { LCScreen(feed: feed, log: LCLog(), lazy: true) }
    harness.scroll("feed", to: 10)
    harness.resetCounts()
    feed.header = "Today"
    harness.flush()
    #expect(harness.evaluations(of: LCScreen.self) == 1)
    #expect(harness.evaluations(of: LCRow.self) == 0)
    #expect(harness.mounted(LCRow.self).map(\.view.item.id) == [10, 11, 12, 13, 14])
  }

  /// Scrolling is a user action in the recording: the rows made for it are made inside it.
  @Test func aScrollIsRecordedAsAnAction() {
    let recording = Trace.record(scenario: "scroll", reproducible: true) { _ in
      let harness = ViewHarness(tracking: .propertyLevel) { LCScreen(feed: LCFeed(), log: LCLog(), lazy: true) }
      harness.scroll("feed", to: 1)
    }
    let lines = recording.lines
    let start = lines.firstIndex { $0.contains(#""name":"scroll feed""#) }
    #expect(start != nil)
    let structs = lines.indices.filter {
      lines[$0].contains(#""e":"struct""#) && lines[$0].contains(#""view":"LCRow""#)
    }
    #expect(structs.count == 6)
    #expect(structs.last.map { $0 > start ?? .max } == true)
  }

  /// `ForEach(feed.items) { LCRow(item: $0).onAppear { if last { feed.loadMore() } }
  /// .onTapGesture { selected = $0 } }` in a list four rows high: the attached actions run no
  /// body of their own; a tap reaches the row's own button first.
  struct LCPagedScreen: HarnessView {
    let feed: LCFeed
    let log: LCLog
    @ViewState var selected = -1
    func body(_ content: inout ViewContent) {
      content.text("\(selected)")
      let feed = self.feed
      let log = self.log
      let selected = $selected
      content.lazy("feed", feed.items, visible: 4) {
        LCRow(item: $0, log: log)
      } modifiers: { item, modifiers in
        modifiers.onAppear {
          guard item.id == feed.items.last?.id else { return }
          feed.items += [LCItem(id: feed.items.count, title: "More")]
        }
        modifiers.onTapGesture("Select") { selected.wrappedValue = item.id }
        modifiers.onTapGesture("Expand 2") { selected.wrappedValue = 100 }
      }
    }
  }

  @Test func actionsAttachedToRowsRunWithoutABodyOfTheirOwn() {
    let feed = LCFeed()
    feed.items = Array(feed.items.prefix(6))
    let harness = ViewHarness(tracking: .propertyLevel) { LCPagedScreen(feed: feed, log: LCLog()) }
    #expect(harness.evaluations(of: LCRow.self) == 4)
    harness.scroll("feed", to: 2)
    // Rows 4 and 5 appear; the last one's onAppear loads one more item.
    #expect(feed.items.count == 7)
    harness.tap("Select", node: harness.mounted(LCRow.self)[0].node)
    #expect(harness.texts["LCPagedScreen"] == ["2"])
    harness.tap("Expand 2")
    #expect(harness.texts["LCPagedScreen"] == ["2"])
    #expect(harness.mounted(LCRow.self)[0].texts == ["Post 2+"])
  }

  /// Rows kept for some updates once scrolled away (`keptUpdates`): scrolled back in time, a
  /// row has its state and is not evaluated, and its onAppear runs again; scrolled back after
  /// its updates ran out (the scroll away was one), it is made afresh. Its onDisappear ran
  /// when it left either way.
  @Test(arguments: [(0, "Post 1", 5), (1, "Post 1", 5), (3, "Post 1+", 0)])
  func rowsScrolledAwayKeepTheirStateForTheUpdatesGiven(kept: Int, text: String, evaluations: Int) {
    let log = LCLog()
    let harness = ViewHarness(tracking: .propertyLevel) {
      LCScreen(feed: LCFeed(), log: log, lazy: true, keptUpdates: kept)
    }
    harness.tap("Expand 1")
    harness.scroll("feed", to: 10)
    #expect(log.disappeared == [0, 1, 2, 3, 4])
    harness.resetCounts()
    harness.scroll("feed", to: 0)
    #expect(harness.mounted(LCRow.self)[1].texts == [text])
    #expect(harness.evaluations(of: LCRow.self) == evaluations)
  }

  /// A list that goes takes the rows it keeps scrolled away with it: each is unmounted.
  @Test func aListThatGoesUnmountsItsKeptRows() {
    let recording = Trace.record(scenario: "close", reproducible: true) { _ in
      let harness = ViewHarness(tracking: .propertyLevel) { LCHost() }
      harness.scroll("feed", to: 10)
      harness.tap("Close")
    }
    let unmounted = recording.lines.filter { $0.contains(#""e":"unmount""#) && $0.contains(#""view":"LCRow""#) }
    #expect(unmounted.count == 10)
  }

  struct LCHost: HarnessView {
    @ViewState var shows = true
    let feed = LCFeed()
    func body(_ content: inout ViewContent) {
      if shows { content.child(LCScreen(feed: feed, log: LCLog(), lazy: true, keptUpdates: 5)) }
      content.button("Close") { shows = false }
    }
  }
}
