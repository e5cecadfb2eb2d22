import Dispatch

/// The flush timer: what bounds the loss of a process that is killed or crashes.
extension Recorder {
  /// Starts the timer that reads every thread's records and writes the destination's lines,
  /// twice every `interval`: a record made just after one tick waits for the next, and
  /// that tick's own work and its leeway still fit in the interval (at least 1 ms a tick;
  /// an interval too long to count in nanoseconds never fires). It runs on the writer
  /// queue; the recording path does no work for it.
  func startFlushTimer(every interval: Duration, generation: Int) -> any DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: writer)
    let period = Self.period(of: interval)
    timer.schedule(deadline: .now() + period, repeating: period, leeway: .milliseconds(5))
    timer.setEventHandler { [self] in
      withSessions { state in
        guard state.generation == generation else { return }
        drain(&state)
        writeMainBuffer(&state)
      }
    }
    timer.resume()
    return timer
  }

  /// Half of `interval`, the timer's period, as a dispatch interval of at least 1 ms,
  /// saturating instead of wrapping.
  static func period(of interval: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = (interval / 2).components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (nanoseconds, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    return .nanoseconds(overflow || carry ? Int.max : Int(clamping: max(nanoseconds, 1_000_000)))
  }
}
