import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// `whole-model-read` counts the children a whole-model read re-evaluates: those its parent's
/// evaluations for writes to the model re-created, not those its state or its own inputs did
/// (the emitron App Root port: MainView's closure-holding TabView, re-evaluated with MainView
/// for a message and a refresh toggle, was counted against MainView's read of the session).
@Suite struct WholeModelReadCauseTests {
  final class Session: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var user = "ann"
    @Tracked var token = "t1"
    @Tracked var state = "loggedIn"
  }

  /// A child given a closure: re-evaluated every time its parent is.
  struct Tabs: HarnessView {
    let onSignOut: () -> Void
    func body(_ content: inout ViewContent) { content.button("Sign out") { onSignOut() } }
  }

  /// A child given a narrow value of the session.
  struct Badge: HarnessView {
    let token: String
    func body(_ content: inout ViewContent) { content.text(token) }
  }

  /// Reads the whole session to choose what to show, and keeps a refresh toggle of its own.
  struct Main: HarnessView {
    @ViewObservedObject var session: Session
    @ViewState var refresh = false
    let badge: Bool
    func body(_ content: inout ViewContent) {
      content.text("\(session.user) \(session.token) \(session.state) \(refresh)")
      content.child(Tabs(onSignOut: {}))
      if badge { content.child(Badge(token: session.token)) }
      content.button("Refresh") { refresh.toggle() }
    }
  }

  /// Two refreshes (the state) and one new token (the model): the badge's evaluation for the
  /// new token is the model's doing, and the finding counts it alone; the tabs, given a
  /// closure, run with every evaluation of Main, which narrower values would not change
  /// (the Tyflocentrum News port: status views given retry closures were counted); with no
  /// badge there is nothing to report.
  @Test(arguments: [(true, [1]), (false, [])])
  func onlyTheModelsWritesCount(badge: Bool, counts: [Int]) throws {
    let session = Session()
    let recording = Trace.record(scenario: "refresh twice, then a new token", reproducible: true) { _ in
      let harness = ViewHarness(tracking: .objectLevel) { Main(session: session, badge: badge) }
      harness.tap("Refresh")
      harness.tap("Refresh")
      session.token = "t2"
      harness.flush()
      #expect(harness.evaluations(of: Tabs.self) == 4)
      #expect(harness.evaluations(of: Badge.self) == (badge ? 2 : 0))
    }
    let findings = try recording.analyze().findings.filter { $0.rule == "whole-model-read" }
    #expect(findings.map(\.count) == counts)
    #expect(findings.allSatisfy { $0.message.contains("1 time") })
  }
}
