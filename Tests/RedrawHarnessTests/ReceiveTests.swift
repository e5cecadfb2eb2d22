import RedrawHarness
import RedrawTrace
import Testing

/// `.onReceive` of publishers the test controls, worked by hand from SwiftUI's and Combine's
/// rules (docs/harness.md, "Publishers and timers").
@Suite struct ReceiveTests {
  /// An `ObservableObject` whose `@Published var query` publishes in `willSet`.
  final class RCSearch: TrackedModel {
    let tracking = ModelTracking()
    let queryChanges = EffectSubject(current: "")
    @Tracked var query = "" { willSet { queryChanges.send(newValue) } }
  }

  /// `.onReceive(model.$query) { received.append("\($0)|\(model.query)") }`.
  struct RCSearchLog: HarnessView {
    let model: RCSearch
    @ViewState var received: [String] = []
    func body(_ content: inout ViewContent) {
      content.text(received.joined(separator: " "))
      let model = self.model
      let log = $received
      content.onReceive(model.queryChanges) { query in log.wrappedValue.append("\(query)|\(model.query)") }
    }
  }

  /// Subscribing gives the current value now; each assignment then runs the action with the
  /// new value while the property still holds the old one (`willSet`).
  @Test func aPublishedPropertyPublishesInWillSet() {
    let model = RCSearch()
    let harness = ViewHarness(tracking: .propertyLevel) { RCSearchLog(model: model) }
    model.query = "o"
    model.query = "ow"
    harness.flush()
    #expect(harness.texts["RCSearchLog"] == ["| o| ow|o"])
  }

  /// A clock that ticks while the view is mounted: `let timer = Timer.publish(every: 1, …)
  /// .autoconnect()` as a stored property is made again with the struct; held in state it is not.
  final class RCTicks {
    var count = 0
  }

  struct RCClock: HarnessView {
    let timer = EffectTimer(every: .seconds(1))
    @ViewState var kept = EffectTimer(every: .seconds(1))
    let keepsTimer: Bool
    let received: RCTicks
    @ViewState var ticks = 0
    func body(_ content: inout ViewContent) {
      content.text("\(ticks)")
      let ticks = $ticks
      let received = self.received
      content.onReceive(keepsTimer ? kept : timer) { _ in
        ticks.wrappedValue += 1
        received.count += 1
      }
    }
  }

  struct RCClockScreen: HarnessView {
    let keepsTimer: Bool
    let received: RCTicks
    @ViewState var title = "Clock"
    @ViewState var showsClock = true
    func body(_ content: inout ViewContent) {
      content.text(title)
      if showsClock { content.child(RCClock(keepsTimer: keepsTimer, received: received)) }
      content.button("Rename") { title += "!" }
      content.button("Close") { showsClock = false }
    }
  }

  /// Ticks at 1 s and 2 s, each an update of the clock. At 2.5 s the screen is renamed: its
  /// new evaluation makes a new clock struct; with a stored timer that is a new timer, which
  /// starts over (next tick at 3.5 s), with a kept one the next tick stays at 3 s. At 3.2 s
  /// only the kept timer has ticked a third time. Closing ends the subscription: no more ticks.
  @Test(arguments: [(false, 2, 3), (true, 3, 4)])
  func aTimerTicksOnTheTestClockWhileSubscribed(keepsTimer: Bool, at3200ms: Int, at4000ms: Int) {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let received = RCTicks()
    let harness = ViewHarness(tracking: .propertyLevel) { RCClockScreen(keepsTimer: keepsTimer, received: received) }
    harness.resetCounts()
    harness.advance(by: .milliseconds(2500))
    #expect(harness.texts["RCClock"] == ["2"])
    #expect(harness.evaluations(of: RCClock.self) == 2)
    harness.tap("Rename")
    harness.advance(by: .milliseconds(700))
    #expect(harness.texts["RCClock"] == ["\(at3200ms)"])
    harness.advance(by: .milliseconds(800))
    #expect(harness.texts["RCClock"] == ["\(at4000ms)"])
    harness.tap("Close")
    harness.advance(by: .seconds(3))
    #expect(AppEffects.now == .seconds(7))
    #expect(received.count == at4000ms, "no tick reaches the closed clock")
  }

  /// A timer a model schedules in `init`, as `Timer.scheduledTimer` would: it fires for the
  /// thread's life unless invalidated, each fire an update.
  final class RCTicker: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var seconds = 0
    var timer: EffectSubscription?
    init() { timer = AppEffects.timer("tick", every: .seconds(1)) { [self] in seconds += 1 } }
  }

  struct RCTickerView: HarnessView {
    let ticker: RCTicker
    func body(_ content: inout ViewContent) { content.text("\(ticker.seconds)") }
  }

  @Test func aScheduledTimerFiresUntilInvalidated() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let ticker = RCTicker()
    let harness = ViewHarness(tracking: .propertyLevel) { RCTickerView(ticker: ticker) }
    harness.resetCounts()
    harness.advance(by: .seconds(3))
    #expect(ticker.seconds == 3)
    #expect(harness.evaluations(of: RCTickerView.self) == 3)
    ticker.timer?.cancel()
    harness.advance(by: .seconds(3))
    #expect(ticker.seconds == 3)
  }

  /// `.onReceive(NotificationCenter.default.publisher(for: .didUpdate)) { … }` in a view whose
  /// body runs again: the publisher is equal for the same name, so the subscription is kept,
  /// and each post runs the action once.
  struct RCUpdates: HarnessView {
    @ViewState var posts = 0
    func body(_ content: inout ViewContent) {
      content.text("\(posts)")
      let posts = $posts
      content.onReceive(AppEffects.publisher(for: "didUpdate")) { posts.wrappedValue += 1 }
    }
  }

  @Test func aNotificationPublisherKeepsItsSubscription() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let harness = ViewHarness(tracking: .propertyLevel) { RCUpdates() }
    AppEffects.post("didUpdate")
    harness.flush()
    AppEffects.post("didUpdate")
    harness.flush()
    AppEffects.post("other")
    harness.flush()
    #expect(harness.texts["RCUpdates"] == ["2"])
    #expect(harness.evaluations(of: RCUpdates.self) == 3)
  }
}
