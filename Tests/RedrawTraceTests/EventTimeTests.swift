import CRedrawPlatform
import Foundation
import Testing

@testable import RedrawTrace

extension RecorderTests {
  /// The recorder reads the clock before its lock; a session's lines stay in time order.
  @Suite("Event times never go back within a session")
  struct EventTimeTests {
    /// The clock is chosen with the recorder: before it, a session's start would be read
    /// on another clock than the events after it.
    init() { _ = Recorder.shared }

    /// The clock's units in `nanoseconds` (rounded down, so that converting back gives at
    /// most `nanoseconds`).
    func ticks(_ nanoseconds: UInt64) -> UInt64 {
      var ticks = nanoseconds
      while MonotonicClock.nanoseconds(in: ticks) > nanoseconds { ticks -= 1 }
      while MonotonicClock.nanoseconds(in: ticks + 1) <= nanoseconds { ticks += 1 }
      return ticks
    }

    @Test func aClockReadBeforeTheLastLinesTakesItsTime() {
      var session = SessionState(buffer: EventBuffer(capacity: 0))
      defer { session.buffer.deallocate() }
      let five = session.timestamp(at: session.start + ticks(5_000))
      #expect((4_990...5_000).contains(five))
      // A thread that read the clock, then waited for the lock while another wrote a line.
      #expect(session.timestamp(at: session.start + ticks(4_000)) == five)
      #expect((6_990...7_000).contains(session.timestamp(at: session.start + ticks(7_000))))
    }

    @Test func aClockReadBeforeTheSessionStartedIsItsStart() {
      var session = SessionState(buffer: EventBuffer(capacity: 0))
      defer { session.buffer.deallocate() }
      #expect(session.timestamp(at: session.start - 1_000) == 0)
      #expect(session.timestamp(at: session.start) == 0)
    }

    @Test func aReproducibleSessionCountsMicroseconds() {
      var session = SessionState(buffer: EventBuffer(capacity: 0), reproducible: true)
      defer { session.buffer.deallocate() }
      #expect(session.timestamp(at: 0) == 1_000)
      #expect(session.timestamp(at: session.start + 99) == 2_000)
    }
  }

  /// What a record's clock is, and how the writer turns it into nanoseconds (RedrawClock.h).
  @Suite("The clock of records")
  struct RecordClockTests {
    /// The kernel's own choice decides: the counter where it keeps time by the counter.
    @Test func theCounterIsReadWhereTheKernelKeepsTimeByIt() throws {
      _ = Recorder.shared
      #if os(Linux) && arch(x86_64)
        let source = try String(
          contentsOfFile: "/sys/devices/system/clocksource/clocksource0/current_clocksource", encoding: .utf8)
        #expect(MonotonicClock.readsCounter == (source == "tsc\n"))
      #else
        #expect(!MonotonicClock.readsCounter)
      #endif
    }

    @Test(arguments: [("tsc", true), ("tsc\n", true), ("kvm-clock\n", false), ("hpet\n", false), ("", false)])
    func aClocksourceIsTheCounterOnlyByItsName(name: String, isCounter: Bool) {
      #expect(MonotonicClock.sourceIsCounter(name) == isCounter)
    }

    /// The scale is nanoseconds a tick with 48 bits of fraction: a 3 GHz counter's third
    /// of a nanosecond converts back to within a nanosecond over a minute of ticks.
    @Test func theScaleOfACounterConvertsItsTicksBackToTheirNanoseconds() {
      let minute: UInt64 = 60_000_000_000
      let scale = MonotonicClock.scale(ticks: 3 * minute, nanoseconds: minute)
      #expect(scale == (1 << 48) / 3)
      #expect(MonotonicClock.scale(ticks: 0, nanoseconds: 5) == 1 << 48)
      #expect(MonotonicClock.nanoseconds(in: 12_345, scale: 1 << 48) == 12_345)
      // The identity's scale, where records hold nanoseconds.
      #expect(MonotonicClock.nanoseconds(in: .max, scale: 1 << 48) == .max)
      #expect(MonotonicClock.nanoseconds(in: 3 * minute, scale: scale) >= minute - 1)
      #expect(MonotonicClock.nanoseconds(in: 3 * minute, scale: scale) <= minute)
    }

    /// A trace's times are the system clock's nanoseconds, whichever clock records: two
    /// marks around a pause are at least the pause apart, and at most what the system's
    /// monotonic clock measured around both.
    @Test func theTimesBetweenEventsAreTheSystemClocksNanoseconds() throws {
      var outside: UInt64 = 0
      let lines = try record {
        let before = DispatchTime.now().uptimeNanoseconds
        Trace.mark("before")
        usleep(20_000)
        Trace.mark("after")
        outside = DispatchTime.now().uptimeNanoseconds - before
      }
      let marks = lines.filter { $0.e == "mark" }
      try #require(marks.count == 2)
      let between = try #require(marks[1].t) - (try #require(marks[0].t))
      #expect(between >= 20_000_000)
      // The counter's rate is measured within a fraction of a percent at the first drain.
      #expect(Double(between) <= Double(outside) * 1.01 + 1_000)
    }
  }
}
