import CRedrawPlatform
import Foundation
import Observation
import RedrawTrace

/// Records the accesses of `@Observable` models with Redraw's members and of a `@Tracked`
/// one to a file, in a process of its own, where no test's scoped session keeps the simple
/// path closed (`redraw_record_simple_access`, `redraw_record_named_access`). Prints
/// `simple path: open` when it was open before and after the accesses, otherwise why not.
enum SimplePath {
  static func run(path: String) -> Never {
    do {
      try Trace.start(.file(path), scenario: "simple path", flushInterval: nil)
    } catch {
      FileHandle.standardError.write(Data("redraw-recording-child: \(error)\n".utf8))
      exit(2)
    }
    // Each property's first access names it (the slow path); the accesses after it are the
    // simple path's, on instances new to it, whose types it notes for their `deinit`.
    warmUp()
    Trace.mark("named")
    var open = redraw_simple_path_blockers() == 0
    var sum = 0
    do {
      let inbox = PastedInbox()
      let gauge = PastedGauge()
      let counter = TrackedCounter()
      for round in 1...3 {
        sum += inbox.unread + inbox.title.count + gauge.value + gauge.unread + counter.value
        inbox.unread = round
        gauge.value = round
        counter.value = round
      }
      open = open && redraw_simple_path_blockers() == 0
    }
    Trace.stop()
    print(open ? "simple path: open" : "simple path: closed (\(closedBecause()))")
    print("sum \(sum)")
    exit(0)
  }

  /// Names every property the run reads and writes, on instances released before it: an
  /// `@Observable` write is named by its key path, cached once seen twice.
  private static func warmUp() {
    let inbox = PastedInbox()
    let gauge = PastedGauge()
    let counter = TrackedCounter()
    _ = inbox.unread + inbox.title.count + gauge.value + gauge.unread + counter.value
    for value in 0..<2 {
      inbox.unread = value
      gauge.value = value
      counter.value = value
    }
  }

  private static func closedBecause() -> String {
    if redraw_recording_state() != 2 { return "recording is not on" }
    if REDRAW_CLOCK_HAS_COUNTER != 0, redraw_clock_uses_counter() == 0 {
      return "the clock is not the time-stamp counter"
    }
    return "\(redraw_simple_path_blockers()) blockers"
  }
}

// MARK: - Models

/// An `@Observable` model with Redraw's members.
@Observable final class PastedInbox: TrackedModel {
  var title = "Inbox"
  var unread = 0

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<PastedInbox, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<PastedInbox, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// Another, with a property named as one of `PastedInbox`'s: one name literal, two types.
@Observable final class PastedGauge: TrackedModel {
  var value = 0
  var unread = 7

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<PastedGauge, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<PastedGauge, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// A `@Tracked` model.
final class TrackedCounter: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var value = 0
}
