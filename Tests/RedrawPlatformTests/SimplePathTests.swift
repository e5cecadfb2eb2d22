import CRedrawPlatform
import Dispatch
import RedrawPlatform
import Testing

/// The count of what keeps a recorded access off its simple path (`RedrawSwitches.h`), on
/// switches of the test's own: the process's are changed by every other test that records.
@Suite struct SimplePathTests {
  /// The blockers the switches' values make, counted the long way.
  private static func blockers(of switches: redraw_switches) -> Int64 {
    var count: Int64 = switches.recording_state == 2 ? 0 : 1
    count += switches.access_collectors
    if switches.active_scopes != 0 { count += 1 }
    if switches.resolving_thread != 0 { count += 1 }
    if REDRAW_CLOCK_HAS_COUNTER != 0, switches.clock_counter == 0 { count += 1 }
    return count
  }

  @Test func aProcessStartsWithThePathClosedUntilRecordingIsOn() {
    var switches = redraw_switches_initial()
    #expect(switches.simple_path_blockers == Self.blockers(of: switches))
    #expect(switches.simple_path_blockers != 0)
    redraw_switches_use_counter(&switches)
    redraw_switches_set_recording_state(&switches, 2)
    #expect(switches.simple_path_blockers == 0)
  }

  @Test func eachSwitchClosesThePathUntilItIsUndone() {
    var switches = redraw_switches_initial()
    redraw_switches_use_counter(&switches)
    redraw_switches_use_counter(&switches)  // a second time changes nothing
    redraw_switches_set_recording_state(&switches, 2)
    let steps: [(String, (inout redraw_switches) -> Void)] = [
      ("a collection", { redraw_switches_add_access_collectors(&$0, 1) }),
      ("a nested collection", { redraw_switches_add_access_collectors(&$0, 1) }),
      ("two scoped sessions", { redraw_switches_set_active_scopes(&$0, 2) }),
      ("a name resolved", { redraw_switches_set_resolving_thread(&$0, 7) }),
      ("recording off", { redraw_switches_set_recording_state(&$0, 1) }),
      ("recording off again", { redraw_switches_set_recording_state(&$0, 1) }),
      ("one scoped session", { redraw_switches_set_active_scopes(&$0, 1) }),
      ("the nested collection done", { redraw_switches_add_access_collectors(&$0, -1) }),
      ("the name resolved", { redraw_switches_set_resolving_thread(&$0, 0) }),
      ("no scoped session", { redraw_switches_set_active_scopes(&$0, 0) }),
      ("the collection done", { redraw_switches_add_access_collectors(&$0, -1) }),
      ("recording unconfigured", { redraw_switches_set_recording_state(&$0, 0) }),
      ("recording on", { redraw_switches_set_recording_state(&$0, 2) }),
    ]
    for (name, step) in steps {
      step(&switches)
      #expect(switches.simple_path_blockers == Self.blockers(of: switches), "after \(name)")
    }
    #expect(switches.simple_path_blockers == 0)
  }

  /// Collections begin and end on many threads at once, and scoped sessions and resolutions
  /// come and go beside them (each switch changed by one thread): the count ends where the
  /// switches do, and a thread that began a collection always sees the path closed.
  @Test func changesFromManyThreadsKeepTheCount() {
    nonisolated(unsafe) let switches = UnsafeMutablePointer<redraw_switches>.allocate(capacity: 1)
    defer { switches.deallocate() }
    switches.initialize(to: redraw_switches_initial())
    redraw_switches_use_counter(switches)
    redraw_switches_set_recording_state(switches, 2)
    let openDuringACollection = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 6) { thread in
      for round in 0..<5_000 {
        switch thread {
        case 0..<4:
          redraw_switches_add_access_collectors(switches, 1)
          if redraw_atomic_load_relaxed(&switches.pointee.simple_path_blockers) == 0 {
            openDuringACollection.withLock { $0 += 1 }
          }
          redraw_switches_add_access_collectors(switches, -1)
        case 4: redraw_switches_set_active_scopes(switches, Int64(round % 3))
        default: redraw_switches_set_resolving_thread(switches, Int64(round % 2) * 9)
        }
      }
    }
    // The scopes' last count was 4,999 % 3 = 1 and the resolver's last thread 4,999 % 2 × 9 = 9.
    #expect(switches.pointee.simple_path_blockers == 2)
    #expect(switches.pointee.simple_path_blockers == Self.blockers(of: switches.pointee))
    #expect(openDuringACollection.value == 0)
  }
}
