import RedrawHarness
import RedrawTrace
import Testing

/// Tasks that await, worked by hand from SwiftUI's `.task(id:)` and Swift's `Task`
/// (docs/harness.md, "Tasks that await"): the code after an `await` runs when the test
/// resumes it, in an update of its own; a task whose view goes or whose id changes is
/// cancelled, and what waits on a cancellable `await` never runs.
@Suite struct AsyncTaskTests {
  final class ATSearch: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var query = "owl"
    @Tracked var isLoading = false
    @Tracked var results: [String] = []
  }

  /// `.task(id: model.query) { isLoading = true; results = await search(query); isLoading = false }`.
  struct ATResults: HarnessView {
    let model: ATSearch
    func body(_ content: inout ViewContent) {
      content.text(model.isLoading ? "Loading" : model.results.joined(separator: ", "))
      let model = self.model
      let query = model.query
      content.task("search", id: query) { task in
        model.isLoading = true
        task.await("results") {
          model.results = [query + "s"]
          model.isLoading = false
        }
      }
    }
  }

  struct ATScreen: HarnessView {
    let model: ATSearch
    @ViewState var showsResults = true
    func body(_ content: inout ViewContent) {
      if showsResults { content.child(ATResults(model: model)) }
      content.button("Hide") { showsResults = false }
    }
  }

  /// Mounting: one pass evaluates both views; the task starts after it and sets isLoading,
  /// a second pass re-evaluates the results. Resuming: one update, one evaluation.
  @Test func theCodeAfterAnAwaitRunsInAnUpdateOfItsOwn() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let model = ATSearch()
    let harness = ViewHarness(tracking: .propertyLevel) { ATScreen(model: model) }
    #expect(harness.passesInLastFlush == 2)
    #expect(harness.evaluations(of: ATResults.self) == 2)
    #expect(harness.texts["ATResults"] == ["Loading"])
    #expect(AppEffects.suspended == ["results"])
    harness.resetCounts()
    #expect(harness.resume("results"))
    #expect(harness.passesInLastFlush == 1)
    #expect(harness.evaluations(of: ATResults.self) == 1)
    #expect(harness.evaluations(of: ATScreen.self) == 0)
    #expect(harness.texts["ATResults"] == ["owls"])
    #expect(!harness.resume("results"))
  }

  /// A new query before the results: the update re-evaluates the view, the task restarts
  /// after it, and the old one's results never land.
  @Test func aNewIDCancelsTheTaskItReplaces() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let model = ATSearch()
    let harness = ViewHarness(tracking: .propertyLevel) { ATScreen(model: model) }
    model.query = "cat"
    harness.flush()
    #expect(AppEffects.suspended == ["results"])
    #expect(harness.resume("results"))
    #expect(model.results == ["cats"])
    #expect(AppEffects.suspended.isEmpty)
  }

  /// The view goes: its task is cancelled, and what it awaited does not come back.
  @Test func aViewThatDisappearsCancelsItsTask() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let model = ATSearch()
    let harness = ViewHarness(tracking: .propertyLevel) { ATScreen(model: model) }
    harness.tap("Hide")
    #expect(!harness.isMounted(ATResults.self))
    #expect(AppEffects.suspended.isEmpty)
    #expect(!harness.resume("results"))
    #expect(model.isLoading)
  }

  /// A model that starts its own work in `init`, as a model library linking RedrawTrace only
  /// can: a non-cancellable `await` still runs after a cancel, and sees it; a sleep ends
  /// when the test clock passes it.
  final class ATFeed: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var posts: [String] = []
    @Tracked var saved = false
    var task: EffectTask?

    init() {
      task = AppEffects.task("load") { [self] task in
        task.sleep(for: .seconds(2)) { [self] in posts = ["Hello"] }
      }
    }

    func save() {
      AppEffects.task("save") { [self] task in
        task.await("write", cancellable: false) { [self] in saved = !task.isCancelled }
        task.cancel()
      }
    }
  }

  struct ATFeedView: HarnessView {
    let feed: ATFeed
    func body(_ content: inout ViewContent) { content.text("\(feed.posts.count) \(feed.saved)") }
  }

  @Test func aSleepEndsOnTheTestClock() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let feed = ATFeed()
    let harness = ViewHarness(tracking: .propertyLevel) { ATFeedView(feed: feed) }
    harness.resetCounts()
    harness.advance(by: .seconds(1))
    #expect(feed.posts.isEmpty)
    #expect(harness.evaluations(of: ATFeedView.self) == 0)
    harness.advance(by: .seconds(1))
    #expect(feed.posts == ["Hello"])
    #expect(harness.evaluations(of: ATFeedView.self) == 1)
    #expect(AppEffects.now == .seconds(2))
  }

  @Test func aCancelledTaskDropsItsSleepButNotAnAwaitThatFinishesAnyway() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let feed = ATFeed()
    let harness = ViewHarness(tracking: .propertyLevel) { ATFeedView(feed: feed) }
    feed.task?.cancel()
    harness.advance(by: .seconds(5))
    #expect(feed.posts.isEmpty)
    feed.save()
    harness.flush()
    #expect(AppEffects.suspended == ["write"])
    #expect(harness.resume("write"))
    #expect(!feed.saved)
    #expect(harness.texts["ATFeedView"] == ["0 false"])
  }

  /// `.refreshable { await model.reload() }` whose `reload` catches its error:
  /// `do { items = try await api.items() } catch { failed = true }`.
  final class ATInbox: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var items = 0
    @Tracked var failed = false

    func reload(_ task: EffectTask) {
      task.await("items") { [self] in
        items += 1
      } catch: { [self] in
        failed = true
      }
    }
  }

  struct ATInboxView: HarnessView {
    let inbox: ATInbox
    func body(_ content: inout ViewContent) {
      content.text("\(inbox.items) \(inbox.failed)")
      let inbox = self.inbox
      content.refreshable { inbox.reload($0) }
    }
  }

  /// A pull starts the action; the items arriving is one update; a failed pull runs the catch.
  @Test func pullingToRefreshStartsATaskWhoseErrorsTheTestDecides() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let inbox = ATInbox()
    let harness = ViewHarness(tracking: .propertyLevel) { ATInboxView(inbox: inbox) }
    #expect(harness.refresh())
    #expect(harness.resume("items"))
    #expect(harness.refresh(in: ATInboxView.self))
    #expect(harness.fail("items"))
    #expect(harness.texts["ATInboxView"] == ["1 true"])
    #expect(!harness.refresh(in: ATFeedView.self))
  }

  /// Cancelling a task whose `await` has a catch runs the catch after the update, as the
  /// thrown `CancellationError` reaches it.
  @Test func aCancelledAwaitThrowsIntoItsCatch() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let inbox = ATInbox()
    let harness = ViewHarness(tracking: .propertyLevel) { ATInboxView(inbox: inbox) }
    let task = AppEffects.task("reload") { inbox.reload($0) }
    harness.flush()
    task.cancel()
    #expect(!inbox.failed)
    harness.flush()
    #expect(inbox.failed)
    #expect(!harness.resume("items"))
  }
}

extension AsyncTaskTests {
  /// Two sleeps one job started, due at one instant: their work runs before one update.
  final class SleepsModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var first = 0
    @Tracked var second = 0
  }

  struct SleepsView: HarnessView {
    let model: SleepsModel
    func body(_ content: inout ViewContent) {
      content.text("\(model.first) \(model.second)")
      let model = self.model
      content.task("sleeps") { task in
        task.sleep(for: .seconds(2)) { model.first = 1 }
        AppEffects.task("other") { other in other.sleep(for: .seconds(2)) { model.second = 1 } }
      }
    }
  }

  @Test func sleepsDueAtOneInstantMakeOneUpdate() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let model = SleepsModel()
    let harness = ViewHarness(tracking: .propertyLevel) { SleepsView(model: model) }
    harness.resetCounts()
    harness.advance(by: .seconds(2))
    #expect(harness.evaluations(of: SleepsView.self) == 1)
    #expect(harness.texts["SleepsView"] == ["1 1"])
  }
}

extension AsyncTaskTests {
  /// Work that starts a task: the started task is a job queued while the main queue drains,
  /// which runs only in its next drain, after the update (libdispatch's main queue runs the
  /// jobs queued before its drain began; CFRunLoop updates before it drains again). An action's
  /// task and a run-loop timer's task run in the drain that precedes the update.
  final class ChainModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var steps: [String] = []
  }

  struct ChainView: HarnessView {
    let model: ChainModel
    func body(_ content: inout ViewContent) {
      content.text(model.steps.joined(separator: " "))
      let model = self.model
      content.button("Start") {
        AppEffects.task("outer") {
          model.steps.append("outer")
          AppEffects.task("inner") { model.steps.append("inner") }
        }
      }
      content.button("Load") {
        AppEffects.task("load") { task in
          task.await("response") {
            model.steps.append("response")
            AppEffects.task("save") { model.steps.append("saved") }
          }
        }
      }
    }
  }

  enum Start: String, CaseIterable {
    case taskStartingATask, codeAfterAnAwaitStartingATask, sleepStartingATask, timerStartingATask
  }

  @Test(arguments: Start.allCases)
  func aTaskStartedByAJobRunsAfterTheNextUpdate(_ start: Start) {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let model = ChainModel()
    let harness = ViewHarness(tracking: .propertyLevel) { ChainView(model: model) }
    var timer: EffectSubscription?
    harness.resetCounts()
    let expected: Int
    switch start {
    case .taskStartingATask:
      // The action's task runs before the update; the task it starts, after it.
      harness.tap("Start")
      expected = 2
    case .codeAfterAnAwaitStartingATask:
      harness.tap("Load")
      harness.resetCounts()
      harness.resume("response")
      expected = 2
    case .sleepStartingATask:
      AppEffects.task("wait") { task in
        task.sleep(for: .seconds(1)) {
          model.steps.append("woke")
          AppEffects.task("after") { model.steps.append("after") }
        }
      }
      harness.flush()
      harness.resetCounts()
      harness.advance(by: .seconds(1))
      expected = 2
    case .timerStartingATask:
      // A run-loop timer fires outside the queue's drain: its task joins the next one.
      timer = AppEffects.timer("tick", every: .seconds(1)) {
        model.steps.append("tick")
        AppEffects.task("tock") { model.steps.append("tock") }
      }
      harness.advance(by: .seconds(1))
      expected = 1
    }
    #expect(harness.evaluations(of: ChainView.self) == expected)
    #expect(model.steps.count == 2)
    timer?.cancel()
  }
}

extension AsyncTaskTests {
  final class PollCounter {
    var polls = 0
    func poll() {
      AppEffects.task("poll") { [self] in
        polls += 1
        poll()
      }
    }
  }

  /// A task that starts itself again without awaiting never lets the queue empty: the flush
  /// stops after ``ViewHarness/maximumPasses`` turns instead of hanging the test.
  @Test func aTaskThatStartsItselfForeverStops() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let counter = PollCounter()
    let harness = ViewHarness(tracking: .propertyLevel) { SleepsView(model: SleepsModel()) }
    counter.poll()
    harness.flush()
    #expect(counter.polls == ViewHarness.maximumPasses)
  }
}
