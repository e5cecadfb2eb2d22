import Testing

@testable import RedrawTrace

extension RecorderTests {
  /// The recorder reads the clock before its lock; a session's lines stay in time order.
  @Suite("Event times never go back within a session")
  struct EventTimeTests {
    @Test func aClockReadBeforeTheLastLinesTakesItsTime() {
      var session = SessionState(buffer: EventBuffer(capacity: 0))
      defer { session.buffer.deallocate() }
      #expect(session.timestamp(at: session.start + 5_000) == 5_000)
      // A thread that read the clock, then waited for the lock while another wrote a line.
      #expect(session.timestamp(at: session.start + 4_000) == 5_000)
      #expect(session.timestamp(at: session.start + 7_000) == 7_000)
    }

    @Test func aClockReadBeforeTheSessionStartedIsItsStart() {
      var session = SessionState(buffer: EventBuffer(capacity: 0))
      defer { session.buffer.deallocate() }
      #expect(session.timestamp(at: session.start - 1_000) == 0)
      #expect(session.timestamp(at: session.start + 10) == 10)
    }

    @Test func aReproducibleSessionCountsMicroseconds() {
      var session = SessionState(buffer: EventBuffer(capacity: 0), reproducible: true)
      defer { session.buffer.deallocate() }
      #expect(session.timestamp(at: 0) == 1_000)
      #expect(session.timestamp(at: session.start + 99) == 2_000)
    }
  }
}
