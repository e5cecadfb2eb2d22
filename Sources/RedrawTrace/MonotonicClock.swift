import CRedrawPlatform
import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clock of trace events, and wall-clock timestamps.
///
/// A record holds ``now()``; the writer turns the time since its session started into
/// nanoseconds (``nanoseconds(in:)``). Which clock that is (`RedrawClock.h`):
/// - x86-64 Linux whose kernel keeps time by the time-stamp counter (its clocksource is
///   `tsc`; virtual machines often use `kvm-clock` or a hypervisor's instead): the counter,
///   read with `lfence; rdtsc` as the kernel reads it, at a rate measured against
///   `CLOCK_MONOTONIC` from the recorder's start to each drain. The call to
///   `clock_gettime` made the recording path save registers around it (performance.md).
/// - Other Linux: `CLOCK_MONOTONIC` (vDSO: no system call).
/// - Apple platforms: `CLOCK_UPTIME_RAW`, whose `CLOCK_MONOTONIC` only ticks in
///   microseconds (it is derived from `gettimeofday`), too coarse for short bodies and
///   initializers.
@usableFromInline
enum MonotonicClock {
  /// The clock a record holds: counter ticks or nanoseconds, as chosen by ``choose()``.
  /// Read in C (`redraw_clock_now`), inlined into the recording path.
  @inlinable @inline(__always)
  static func now() -> UInt64 { redraw_clock_now() }

  /// Whether ``now()`` reads the time-stamp counter.
  static var readsCounter: Bool { redraw_clock_uses_counter() != 0 }

  /// The nanoseconds in `elapsed` units of ``now()``, at the rate the writer last measured.
  @inline(__always)
  static func nanoseconds(in elapsed: UInt64) -> UInt64 { nanoseconds(in: elapsed, scale: redraw_clock_scale()) }

  /// The nanoseconds in `elapsed` units of ``now()`` at `scale` (``scale(ticks:nanoseconds:)``).
  /// Where records hold nanoseconds the scale stays the identity's, 2⁴⁸, and so does this.
  @inline(__always)
  static func nanoseconds(in elapsed: UInt64, scale: UInt64) -> UInt64 {
    let product = elapsed.multipliedFullWidth(by: scale)
    return product.high << (64 - scaleShift) | product.low >> scaleShift
  }

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
