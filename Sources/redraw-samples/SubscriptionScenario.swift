import RedrawHarness
import RedrawTrace

/// How views hold `ObservableObject`s: an owner that keeps a model in `@StateObject` only to
/// hand it to its children, and a list that reads nested objects through the one it observes.
enum SubscriptionScenario {
  // MARK: - An owner that only passes its model down

  final class Timeline: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var posts: [String] = []
    @Tracked var isRefreshing = false
  }

  /// Owns the timeline and reads nothing of it: with `ObservableObject` it is re-evaluated on
  /// every change all the same, since `@StateObject` subscribes it.
  struct TimelineOwner: HarnessView {
    @ViewStateObject var timeline = Trace.make(Timeline())
    func body(_ content: inout ViewContent) {
      content.child(PostList(timeline: timeline))
      content.child(RefreshIndicator(timeline: timeline))
    }
  }

  struct PostList: HarnessView {
    @ViewObservedObject var timeline: Timeline
    func body(_ content: inout ViewContent) {
      for post in timeline.posts { content.text(post) }
    }
  }

  struct RefreshIndicator: HarnessView {
    @ViewObservedObject var timeline: Timeline
    func body(_ content: inout ViewContent) { content.text(timeline.isRefreshing ? "refreshing" : "") }
  }

  static let owner = Scenario(
    name: "state-object-owner", title: "refresh a timeline three times", modes: Scenario.Mode.allCases
  ) { tracking in
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { TimelineOwner() }
    let timeline = harness.view(TimelineOwner.self)?.timeline
    for index in 1...3 {
      Trace.mark("pull to refresh")
      timeline?.isRefreshing = true
      harness.flush()
      timeline?.posts.append("post \(index)")
      timeline?.isRefreshing = false
      harness.flush()
    }
  }

  // MARK: - Nested objects read through another

  final class MailThread: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var subject: String
    @Tracked var isRead = false

    init(subject: String) { self.subject = subject }
  }

  final class Mailbox: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var threads = [MailThread(subject: "Lunch?"), MailThread(subject: "Release notes")]
  }

  /// Observes the mailbox and reads each thread through it: with `ObservableObject`, a change
  /// of a thread does not reach the list, whose rows stay stale; `@Observable` tracks the
  /// nested reads.
  struct MailboxList: HarnessView {
    @ViewObservedObject var mailbox: Mailbox
    func body(_ content: inout ViewContent) {
      for thread in mailbox.threads { content.text((thread.isRead ? "" : "● ") + thread.subject) }
    }
  }

  static let nested = Scenario(
    name: "nested-items", title: "mark both threads read", modes: Scenario.Mode.allCases
  ) { tracking in
    let mailbox = Mailbox()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { MailboxList(mailbox: mailbox) }
    for thread in mailbox.threads {
      Trace.mark("open \(thread.subject)")
      thread.isRead = true
      harness.flush()
    }
  }
}
