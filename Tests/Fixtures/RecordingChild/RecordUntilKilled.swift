import Foundation
import RedrawTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records one event a millisecond until the process is killed, for the tests that check
/// what a killed process leaves: every event is a mark named with the monotonic clock's
/// nanoseconds when it was recorded, which a parent process reads on the same clock.
enum RecordUntilKilled {
  static func run(path: String, flushInterval: Duration?) -> Never {
    do {
      try Trace.start(.file(path), scenario: "record until killed", flushInterval: flushInterval)
    } catch {
      FileHandle.standardError.write(Data("redraw-recording-child: \(error)\n".utf8))
      exit(2)
    }
    while true {
      Trace.mark(String(monotonicNanoseconds()))
      usleep(1_000)
    }
  }

  static func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}
