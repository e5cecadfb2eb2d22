import Dispatch
import Testing

@testable import RedrawTrace

@Suite struct FlushIntervalTests {
  @Test(arguments: [
    // Twice an interval: a record just after a tick waits half of it.
    (Duration.milliseconds(100), DispatchTimeInterval.nanoseconds(50_000_000)),
    (.microseconds(10), .nanoseconds(1_000_000)),  // at least 1 ms
    (.seconds(2), .nanoseconds(1_000_000_000)),
    (.seconds(Int64.max), .nanoseconds(Int.max)),  // saturates instead of wrapping to 1 ms
  ])
  func theTimersPeriodIsHalfTheIntervalClampedAndSaturated(interval: Duration, period: DispatchTimeInterval) {
    #expect(Recorder.period(of: interval) == period)
  }
}
