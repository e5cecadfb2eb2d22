import Dispatch

/// The flush timer: what bounds the loss of a process that is killed or crashes.
extension Recorder {
  /// Starts the timer that hands the current buffer to the writer every `interval` (at
  /// least 1 ms; an interval too long to count in nanoseconds never fires).
  ///
  /// The timer runs on the writer queue and takes the lock only to swap buffers, so
  /// buffers reach the writer in the order they were filled, and the recording path does
  /// no work for it.
  func startFlushTimer(every interval: Duration, generation: Int) -> any DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: writer)
    let period = Self.period(of: interval)
    timer.schedule(deadline: .now() + period, repeating: period, leeway: .milliseconds(5))
    timer.setEventHandler { [self] in
      state.withLock { state in
        guard state.generation == generation, state.main.buffer.count > 0 else { return }
        _ = replaceBuffer(&state)
      }
    }
    timer.resume()
    return timer
  }

  /// `interval` as a dispatch interval of at least 1 ms, saturating instead of wrapping.
  static func period(of interval: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = interval.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (nanoseconds, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    return .nanoseconds(overflow || carry ? Int.max : Int(clamping: max(nanoseconds, 1_000_000)))
  }
}
