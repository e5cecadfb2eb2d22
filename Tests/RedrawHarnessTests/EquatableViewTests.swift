import RedrawHarness
import RedrawTrace
import Testing

/// A view with its own `==` that is not plain data is compared by it, as SwiftUI "prefers the
/// view's == but falls back to its own field compare if no ==" (John Harper, quoted in
/// docs/sources/swiftui-runtime.md §9): a row given a new closure each time, whose `==`
/// compares only its title, does not run again (the winston port's `.equatable()` views).
@Suite struct EquatableViewTests {
  final class Feed: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var title = "Inbox"
    @Tracked var unread = 0
  }

  struct Row: HarnessView, Equatable {
    let title: String
    let onTap: () -> Void
    func body(_ content: inout ViewContent) { content.text(title) }
    static func == (lhs: Row, rhs: Row) -> Bool { lhs.title == rhs.title }
  }

  struct Plain: HarnessView {
    let title: String
    let onTap: () -> Void
    func body(_ content: inout ViewContent) { content.text(title) }
  }

  struct Screen: HarnessView {
    @ViewObservedObject var feed: Feed
    func body(_ content: inout ViewContent) {
      content.text("\(feed.unread)")
      content.child(Row(title: feed.title, onTap: {}))
      content.child(Plain(title: feed.title, onTap: {}))
    }
  }

  @Test func aViewsOwnEqualityDecides() {
    let feed = Feed()
    let harness = ViewHarness(tracking: .propertyLevel) { Screen(feed: feed) }
    harness.resetCounts()
    feed.unread = 1
    harness.flush()
    #expect(harness.evaluations(of: Row.self) == 0, "its == says the same")
    #expect(harness.evaluations(of: Plain.self) == 1, "a closure field is never the same")
    feed.title = "Archive"
    harness.flush()
    #expect(harness.evaluations(of: Row.self) == 1)
  }

  /// Its struct events say no closure decided it (`whole-model-read` counts such a child).
  @Test func aViewComparedByItsOwnEqualityHasNoClosureInput() {
    let feed = Feed()
    let recording = Trace.record(scenario: "a new title", reproducible: true) { _ in
      let harness = ViewHarness(tracking: .propertyLevel) { Screen(feed: feed) }
      feed.title = "Archive"
      harness.flush()
    }
    let structs = recording.text.split(separator: "\n").filter { $0.contains(#""e":"struct""#) }
    #expect(structs.contains { $0.contains(#""Plain""#) && $0.contains(#""closure":true"#) })
    let rows = structs.filter { $0.contains(#""Row""#) }
    #expect(!rows.isEmpty && !rows.contains { $0.contains("closure") })
  }
}
