import CRedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic nanoseconds and wall-clock timestamps for trace events.
@usableFromInline
enum MonotonicClock {
  /// Nanoseconds on a monotonic clock.
  ///
  /// Linux: `CLOCK_MONOTONIC` (vDSO: no system call). Apple platforms: `CLOCK_UPTIME_RAW`,
  /// whose `CLOCK_MONOTONIC` only ticks in microseconds (it is derived from
  /// `gettimeofday`), too coarse for short bodies and initializers. Read in C
  /// (`redraw_clock_now`), inlined into the recording path.
  @inlinable @inline(__always)
  static func now() -> UInt64 { redraw_clock_now() }

  /// The current UTC time as ISO 8601 with milliseconds, e.g. `2026-11-30T02:36:14.123Z`.
  static func iso8601Now() -> String {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    var seconds = spec.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func pad(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let millis = Int32(spec.tv_nsec / 1_000_000)
    return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
      + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(millis, 3))Z"
  }
}
