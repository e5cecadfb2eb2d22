import RedrawHarness
import RedrawTrace
import Testing

/// What lifecycle actions did, in order.
final class ActionLog {
  var entries: [String] = []
}

final class QueryModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var query = ""
  @Tracked var results = 0
  @Tracked var showsDetail = true
}

/// Reads the query and searches when it changes, as `.onChange(of: model.query)` does.
struct QueryField: HarnessView {
  @ViewObservedObject var search: QueryModel
  let log: ActionLog
  func body(_ content: inout ViewContent) {
    let query = search.query
    content.text(query)
    content.onChange(of: query) { old, new in
      log.entries.append("change \(old)→\(new)")
      search.results = new.count
    }
  }
}

/// Shows how many results there are: re-evaluated by the search's writes, one update later.
struct CountLabel: HarnessView {
  @ViewObservedObject var search: QueryModel
  func body(_ content: inout ViewContent) { content.text("\(search.results)") }
}

struct QueryScreen: HarnessView {
  let search: QueryModel
  let log: ActionLog
  func body(_ content: inout ViewContent) {
    content.child(QueryField(search: search, log: log))
    content.child(CountLabel(search: search))
  }
}

struct Pane: HarnessView {
  let log: ActionLog
  let label: String
  func body(_ content: inout ViewContent) {
    content.onAppear { log.entries.append("\(label) appear") }
    content.onDisappear { log.entries.append("\(label) disappear") }
    content.task("\(label) task") { log.entries.append("\(label) task") }
  }
}

/// A parent and a child that each declare `onAppear`, and a branch that comes and goes.
struct LifecyclePage: HarnessView {
  @ViewObservedObject var search: QueryModel
  let log: ActionLog
  func body(_ content: inout ViewContent) {
    content.onAppear { log.entries.append("page appear") }
    content.onChange(of: search.showsDetail, initial: true) { old, new in
      log.entries.append("initial \(old) \(new)")
    }
    if search.showsDetail {
      content.child(Pane(log: log, label: "detail"))
    } else {
      content.child(Pane(log: log, label: "summary"))
    }
    content.task("page task") { log.entries.append("page task") }
  }
}

@Suite("onAppear, onDisappear and onChange run after the update, as SwiftUI's")
struct LifecycleTests {
  /// Appear actions run after the pass, children's before their parent's, and before any
  /// task starts (children's first too); `onChange(initial: true)` runs with them, given
  /// the value twice.
  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func appearActionsRunChildrenFirstBeforeTheTasks(tracking: ViewHarness.Tracking) {
    let (search, log) = (QueryModel(), ActionLog())
    _ = ViewHarness(tracking: tracking) { LifecyclePage(search: search, log: log) }
    #expect(log.entries == ["detail appear", "page appear", "initial true true", "detail task", "page task"])
  }

  /// A branch switch is a disappearance and an appearance: the old branch's `onDisappear`
  /// first, then the new one's `onAppear`; the parent's `onAppear` does not run again, and
  /// its `onChange` sees the new value.
  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func aBranchSwitchRunsTheOldBranchsDisappearAndTheNewOnesAppear(tracking: ViewHarness.Tracking) {
    let (search, log) = (QueryModel(), ActionLog())
    let harness = ViewHarness(tracking: tracking) { LifecyclePage(search: search, log: log) }
    log.entries = []
    search.showsDetail = false
    harness.flush()
    #expect(log.entries == ["detail disappear", "summary appear", "initial true false", "summary task"])
  }

  /// A new query: the field's update sees it, and its `onChange` runs after that update;
  /// the count it writes starts the next one. With `@Observable` each view is evaluated
  /// once; with `ObservableObject` both views subscribe to the search, so each write
  /// re-evaluates both: twice each.
  @Test(arguments: [(ViewHarness.Tracking.propertyLevel, 1), (.objectLevel, 2)])
  func anOnChangeWriteStartsTheNextUpdate(tracking: ViewHarness.Tracking, evaluations: Int) {
    let (search, log) = (QueryModel(), ActionLog())
    let harness = ViewHarness(tracking: tracking) { QueryScreen(search: search, log: log) }
    #expect(log.entries.isEmpty)  // no `initial`: nothing on appear
    harness.resetCounts()
    search.query = "ab"
    harness.flush()
    #expect(log.entries == ["change →ab"])
    #expect(harness.passesInLastFlush == 2)
    #expect(harness.evaluationCounts == ["QueryField": evaluations, "CountLabel": evaluations])
    #expect(harness.texts["CountLabel"] == ["2"])
  }

  /// A value set and set back before the view is evaluated again is no change it sees.
  @Test func aChangeTheBodyNeverSeesRunsNothing() {
    let (search, log) = (QueryModel(), ActionLog())
    let harness = ViewHarness { QueryScreen(search: search, log: log) }
    search.query = "a"
    search.query = ""
    harness.flush()
    #expect(log.entries.isEmpty)
    search.query = "a"
    harness.flush()
    search.query = "a"  // the same value: no change, whether or not the field runs again
    harness.flush()
    #expect(log.entries == ["change →a"])
  }
}
