import Notes
import RedrawHarness
import RedrawTesting
import Testing

/// What a budget counts, in numbers docs/ci.md states (NotesFixtureTests checks them).
@Suite(.redraw) struct SyncBadgeTests {
  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func syncingRedrawsTheBadge(tracking: ViewHarness.Tracking) {
    let inbox = NotesInbox(titles: ["Groceries", "Ideas"])
    let harness = ViewHarness(tracking: tracking) { NotesScreen(inbox: inbox) }
    harness.resetCounts()  // the test counts from here; a budget counts the first render too
    for _ in 1...3 {
      inbox.sync()
      harness.flush()
    }
    #expect(harness.evaluations(of: SyncBadge.self) == 3)
    #expect(harness.evaluations(of: NotesScreen.self) == (tracking == .objectLevel ? 3 : 0))
    #expect(harness.evaluations(of: NoteRow.self) == 0)  // same titles: the rows are not re-evaluated
  }
}
