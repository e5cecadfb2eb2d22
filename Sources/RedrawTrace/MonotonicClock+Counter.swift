import CRedrawPlatform
import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The choice of the time-stamp counter as the clock, and the measure of its rate.
extension MonotonicClock {
  /// The bits of a scale below its point: a scale is nanoseconds a tick, in fixed point.
  static let scaleShift: UInt64 = 48

  /// Whether this build can read the counter (`REDRAW_CLOCK_HAS_COUNTER`, RedrawSwitches.h).
  static let buildReadsCounter = REDRAW_CLOCK_HAS_COUNTER != 0

  /// Fewer ticks than this since the first reading tell the rate less well than the first
  /// ten microseconds did.
  static let calibrationTicks: UInt64 = 1 << 20

  /// The reading the counter's rate is measured from: ticks and nanoseconds at one moment,
  /// taken once when the counter is chosen.
  private static let firstReading = Locked<(ticks: UInt64, nanoseconds: UInt64)?>(nil)

  /// Chooses the clock, once, before it is first read (before the recorder exists, since every
  /// session reads it): the counter on x86-64 Linux whose kernel's clocksource
  /// (`/sys/devices/system/clocksource/clocksource0/current_clocksource`) is `tsc`, the
  /// system clock otherwise or when the file cannot be read.
  static func choose() {
    guard buildReadsCounter else { return }
    let file = open("/sys/devices/system/clocksource/clocksource0/current_clocksource", O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return }
    var name = [UInt8](repeating: 0, count: 32)
    let length = read(file, &name, name.count)
    close(file)
    guard length > 0, sourceIsCounter(String(decoding: name[..<length], as: UTF8.self)) else { return }
    useCounter()
  }

  /// Whether a kernel clocksource of this name (as the file spells it, with or without its
  /// newline) is the time-stamp counter.
  static func sourceIsCounter(_ name: String) -> Bool { name == "tsc" || name == "tsc\n" }

  /// The scale `nanoseconds` over `ticks` make (0 ticks: the identity's; a rate too large to
  /// hold: the largest).
  static func scale(ticks: UInt64, nanoseconds: UInt64) -> UInt64 {
    guard ticks > 0 else { return 1 << scaleShift }
    let shifted = (high: nanoseconds >> (64 - scaleShift), low: nanoseconds << scaleShift)
    guard shifted.high < ticks else { return .max }
    return ticks.dividingFullWidth(shifted).quotient
  }

  /// Measures the counter's rate again, from the first reading to now, and sets the scale:
  /// the writer's, before it converts a drain's records. Nothing when the clock is not the
  /// counter, or when it ticked too few times since the first reading to tell its rate.
  static func calibrate() {
    guard redraw_clock_uses_counter() != 0, let first = firstReading.withLock({ $0 }) else { return }
    let now = readBoth()
    guard now.ticks > first.ticks, now.ticks - first.ticks >= calibrationTicks, now.nanoseconds > first.nanoseconds
    else { return }
    redraw_clock_set_scale(scale(ticks: now.ticks - first.ticks, nanoseconds: now.nanoseconds - first.nanoseconds))
  }

  /// Starts using the counter: takes the first reading its rate is measured from, and a first
  /// rate over ten microseconds, for the records the first drain converts.
  private static func useCounter() {
    let first = readBoth()
    var now = first
    while now.nanoseconds &- first.nanoseconds < 10_000 { now = readBoth() }
    guard now.ticks > first.ticks else { return }  // a counter that does not advance
    firstReading.withLock { $0 = first }
    redraw_clock_set_scale(scale(ticks: now.ticks - first.ticks, nanoseconds: now.nanoseconds - first.nanoseconds))
    redraw_clock_use_counter()
  }

  /// The counter and the system clock read together: the counter's reading is the middle of
  /// two around the system clock's, so neither the call's start nor its end biases it. Of
  /// four tries, the one whose two counter readings are closest: a thread preempted between
  /// them would put the middle far from the system clock's reading.
  private static func readBoth() -> (ticks: UInt64, nanoseconds: UInt64) {
    var best = (ticks: UInt64(0), nanoseconds: UInt64(0))
    var narrowest = UInt64.max
    for _ in 0..<4 {
      let before = redraw_clock_counter()
      let now = redraw_clock_system_now()
      let after = redraw_clock_counter()
      guard after >= before, after - before < narrowest else { continue }
      narrowest = after - before
      best = (before + narrowest / 2, now)
    }
    return best
  }
}
