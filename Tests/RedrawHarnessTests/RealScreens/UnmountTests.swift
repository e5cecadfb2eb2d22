import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A view that left the tree sees no later update: the harness records its `unmount`, and
/// `missed-update` and the plan's added evaluations stop counting for it there.
@Suite struct UnmountTests {
  final class Mailbox: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var showsThreads = true
    let threads = [MailThread(), MailThread()]
  }

  final class MailThread: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var isRead = false
  }

  struct Inbox: HarnessView {
    @ViewObservedObject var mailbox: Mailbox
    func body(_ content: inout ViewContent) {
      if mailbox.showsThreads {
        for (index, thread) in mailbox.threads.enumerated() { content.child(ThreadRow(thread: thread), id: index) }
      }
    }
  }

  /// Reads a nested object it does not observe: with `ObservableObject` it shows stale data.
  struct ThreadRow: HarnessView {
    let thread: MailThread
    func body(_ content: inout ViewContent) { content.text(thread.isRead ? "read" : "unread") }
  }

  static func script(_ tracking: ViewHarness.Tracking) {
    let mailbox = Trace.make(Mailbox())
    let harness = ViewHarness(tracking: tracking, swiftUI: .xcode26) { Inbox(mailbox: mailbox) }
    Trace.mark("read the first thread")
    mailbox.threads[0].isRead = true
    harness.flush()
    Trace.mark("hide the threads")
    mailbox.showsThreads = false
    harness.flush()
    Trace.mark("unread the first thread")
    mailbox.threads[0].isRead = false
    harness.flush()
  }

  @Test func updatesAfterAViewLeftTheTreeAreNotMissed() throws {
    let check = try PredictionCheck(before: { Self.script(.objectLevel) }, after: { Self.script(.propertyLevel) })
    #expect(check.recorded == ["Inbox": 2, "ThreadRow": 3])
    check.expectHolds()
    let missed = check.before.findings.filter { $0.rule == "missed-update" }
    #expect(missed.map(\.count) == [1], "\(missed.map(\.message))")
  }

  @Test func theHarnessRecordsEachViewThatLeavesInItsParentsOrder() throws {
    let recording = Trace.record(scenario: "unmount", reproducible: true) { _ in Self.script(.propertyLevel) }
    let unmounts = recording.lines.filter { $0.contains(#""e":"unmount""#) }
    #expect(
      unmounts == [
        #"{"e":"unmount","t":25000,"tid":1,"view":"ThreadRow","node":2}"#,
        #"{"e":"unmount","t":26000,"tid":1,"view":"ThreadRow","node":3}"#,
      ])
  }
}
