import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A flush after writes that re-evaluates nothing still ends the update, as SwiftUI's pass
/// does: the writes after it are another update, and one a view missed is counted.
@Suite struct UpdateBoundaryTests {
  final class MailThread: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var isRead = false
  }

  final class Inbox: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var threads = [MailThread(), MailThread()]
    @Tracked var isLoading = false
  }

  /// Counts the unread threads of the inbox it observes: the threads it reads are nested.
  struct UnreadBadge: HarnessView {
    @ViewObservedObject var inbox: Inbox
    func body(_ content: inout ViewContent) { content.text("\(inbox.threads.filter { !$0.isRead }.count)") }
  }

  static func script(_ tracking: ViewHarness.Tracking) {
    let inbox = Inbox()
    let harness = ViewHarness(tracking: tracking, swiftUI: .xcode26) { UnreadBadge(inbox: inbox) }
    inbox.threads[0].isRead = true  // the badge, which observes the inbox, shows a stale count
    harness.flush()
    inbox.isLoading = true  // a later update re-evaluates it
    harness.flush()
  }

  @Test func aPassThatEvaluatesNothingEndsTheUpdate() throws {
    let check = try PredictionCheck(before: { Self.script(.objectLevel) }, after: { Self.script(.propertyLevel) })
    #expect(check.recorded == ["UnreadBadge": 2])
    check.expectHolds()
    let missed = check.before.findings.filter { $0.rule == "missed-update" }
    #expect(missed.map(\.count) == [1], "\(missed.map(\.message))")
    let recording = Trace.record(scenario: "boundary", reproducible: true) { _ in Self.script(.objectLevel) }
    #expect(recording.lines.contains { $0.contains(#""e":"mark""#) && $0.contains("pass without evaluations") })
  }
}
