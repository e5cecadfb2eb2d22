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

  /// Reads the whole session to choose what to show, and keeps a refresh toggle of its own.
  struct Main: HarnessView {
    @ViewObservedObject var session: Session
    @ViewState var refresh = false
    func body(_ content: inout ViewContent) {
      content.text("\(session.user) \(session.token) \(session.state) \(refresh)")
      content.child(Tabs(onSignOut: {}))
      content.button("Refresh") { refresh.toggle() }
    }
  }

  /// Two refreshes (the state) and one new token (the model): one child evaluation is the
  /// model's doing, and the finding counts it alone.
  @Test func onlyTheModelsWritesCount() throws {
    let session = Session()
    let recording = Trace.record(scenario: "refresh twice, then a new token", reproducible: true) { _ in
      let harness = ViewHarness(tracking: .objectLevel) { Main(session: session) }
      harness.tap("Refresh")
      harness.tap("Refresh")
      session.token = "t2"
      harness.flush()
      #expect(harness.evaluations(of: Tabs.self) == 4)
    }
    let findings = try recording.analyze().findings.filter { $0.rule == "whole-model-read" }
    #expect(findings.map(\.count) == [1])
    #expect(findings.first?.message.contains("1 time") == true)
  }
}
