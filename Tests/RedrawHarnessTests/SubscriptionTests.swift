import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

@testable import redraw_samples

typealias Timeline = SubscriptionScenario.Timeline
typealias TimelineOwner = SubscriptionScenario.TimelineOwner
typealias PostList = SubscriptionScenario.PostList
typealias Mailbox = SubscriptionScenario.Mailbox
typealias MailboxList = SubscriptionScenario.MailboxList

/// A parent that re-renders a timeline screen, to see the state object survive re-creation.
final class Appearance: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var dark = false
}

struct AppearanceRoot: HarnessView {
  @ViewObservedObject var appearance: Appearance
  func body(_ content: inout ViewContent) {
    content.text(appearance.dark ? "dark" : "light")
    content.child(TimelineOwner())
  }
}

@Suite("Object-level tracking follows subscriptions, as ObservableObject does")
struct SubscriptionTests {
  @Test(arguments: [(ViewHarness.Tracking.propertyLevel, 0), (.objectLevel, 2)])
  func anOwnerThatOnlyPassesItsModelDownIsReEvaluatedOnlyWithObservableObject(
    tracking: ViewHarness.Tracking, ownerEvaluations: Int
  ) throws {
    let recording = try Trace.record(scenario: "refresh", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { TimelineOwner() }
      harness.resetCounts()
      let timeline = try #require(harness.view(TimelineOwner.self)?.timeline)
      timeline.isRefreshing = true
      harness.flush()
      timeline.posts.append("hello")
      harness.flush()
      #expect(harness.evaluations(of: TimelineOwner.self) == ownerEvaluations)
      #expect(harness.texts["PostList"] == ["hello"])
    }
    let analysis = try analyzeWithAndWithoutCauses(recording)
    // Object level: each write also re-evaluates the owner and the child that does not read
    // the written property (2 × 2 over-broad).
    #expect(analysis.summary.overBroadEvaluations == (ownerEvaluations == 0 ? 0 : 4))
    #expect(analysis.summary.evaluationsWithPropertyTracking == 5, "the what-if removes what subscriptions cost")
    let observes = recording.lines.filter { $0.hasPrefix(#"{"e":"observe""#) }
    #expect(observes.isEmpty == (ownerEvaluations == 0), "subscriptions are recorded for object-level models")
    #expect(observes.allSatisfy { $0.contains(#""type":"Timeline""#) })
    #expect(observes.contains { $0.contains(#""detail":"stateObject""#) } == (ownerEvaluations > 0))
  }

  @Test(arguments: [
    (ViewHarness.Tracking.propertyLevel, ["Lunch?", "● Release notes"]),
    (.objectLevel, ["● Lunch?", "● Release notes"]),
  ])
  func aNestedObjectReadThroughAnotherDoesNotInvalidateWithObservableObject(
    tracking: ViewHarness.Tracking, shown: [String]
  ) {
    let mailbox = Mailbox()
    let harness = ViewHarness(tracking: tracking) { MailboxList(mailbox: mailbox) }
    mailbox.threads[0].isRead = true
    harness.flush()
    #expect(harness.texts["MailboxList"] == shown, "object level: the stale row of ObservableObject")
  }

  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func aStateObjectsInitialValueRunsOncePerIdentity(tracking: ViewHarness.Tracking) throws {
    let appearance = Appearance()
    let recording = Trace.record(scenario: "toggle appearance", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { AppearanceRoot(appearance: appearance) }
      let first = harness.view(TimelineOwner.self)?.timeline
      for _ in 0..<3 {
        appearance.dark.toggle()
        harness.flush()
      }
      #expect(harness.view(TimelineOwner.self)?.timeline === first, "the identity keeps its object")
    }
    let inits = recording.lines.filter { $0.contains(#""e":"init""#) && $0.contains(#""type":"Timeline""#) }
    #expect(inits.count == 1, "@StateObject's autoclosure: once, where @State's default runs four times")
    let analysis = try analyzeWithAndWithoutCauses(recording)
    #expect(!analysis.findings.contains { $0.rule == "repeated-init" })
  }
}
