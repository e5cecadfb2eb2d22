import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

@testable import redraw_samples

// The chat screen of the chat-actions sample: a message field, a send button, a list of
// sent messages and an unread dot.
typealias Chat = ChatScenario.Chat
typealias Composer = ChatScenario.Composer
typealias MessageRow = ChatScenario.MessageRow
typealias ChatScreen = ChatScenario.ChatScreen

@Suite("Actions driven from inside mounted views")
struct InteractionTests {
  /// Property level: a keystroke re-evaluates the composer (4); a send, the composer and the
  /// list (4). Object level: every view subscribes to the chat (`@ObservedObject`), so a
  /// keystroke also re-evaluates the screen, the list and the unread dot, none of which reads
  /// the draft (4 × 4, 12 of them over-broad); a send also the screen and the dot (2 × 4, 4).
  @Test(arguments: [(ViewHarness.Tracking.propertyLevel, 8, 0), (.objectLevel, 24, 16)])
  func typingAndTappingAreRecordedAsActionsWithTheEvaluationsTheyCaused(
    tracking: ViewHarness.Tracking, evaluations: Int, overBroad: Int
  ) throws {
    let chat = Chat()
    let recording = Trace.record(scenario: "type and send", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { ChatScreen(chat: chat) }
      #expect(harness.type("Hi", into: "Message"))
      #expect(harness.tap("Send"))
      #expect(harness.type("Yo", into: "Message", in: Composer.self))
      #expect(harness.tap("Send", in: Composer.self))
      #expect(!harness.tap("Delete"), "no view declares it")
      #expect(harness.texts["MessageRow"] == ["Hi", "Yo"], "every row's text, in order")
      let rows = harness.mounted(MessageRow.self)
      #expect(rows.map(\.texts) == [["Hi"], ["Yo"]])
      #expect(rows.map(\.evaluations) == [1, 1])
      #expect(Set(rows.map(\.node)).count == 2)
    }
    #expect(chat.messages == ["Hi", "Yo"])
    let session = try #require(try analyzeWithAndWithoutCauses(recording).sessions.first)
    let actions = Dictionary(uniqueKeysWithValues: session.actions.map { ($0.name, $0) })
    let message = try #require(actions["Message"])
    let send = try #require(actions["Send"])
    #expect(message.performed == 4 && message.writes == 4)
    #expect(send.performed == 2 && send.writes == 4, "each send appends and clears the draft")
    #expect(message.evaluations + send.evaluations == evaluations)
    #expect(message.overBroad + send.overBroad == overBroad)
    #expect(!session.diagnostics.contains { $0.message.contains("untracked reads") }, "an action's reads are tracked")
  }
}

/// A button that starts a task: the task's writes, made before the next update, are the
/// action's, as the app's `Task { }` started in the handler (the emitron App Root port's
/// "Sign In" showed 0 writes → 0 evaluations).
@Suite struct ActionTaskTests {
  final class Counter: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var count = 0
  }

  struct CounterView: HarnessView {
    let counter: Counter
    func body(_ content: inout ViewContent) {
      content.text("\(counter.count)")
      let counter = self.counter
      content.button("Via task") { AppEffects.task("increment") { counter.count += 1 } }
      content.button("Direct") { counter.count += 1 }
      content.button("Nothing") {}
    }
  }

  @Test func aTaskTheActionStartedWritesForIt() throws {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let counter = Counter()
    let recording = Trace.record(scenario: "tap both", reproducible: true) { _ in
      let harness = ViewHarness(tracking: .propertyLevel) { CounterView(counter: counter) }
      harness.tap("Via task")
      harness.tap("Direct")
      // An action that starts nothing owns no later write: this one is the test's.
      harness.tap("Nothing")
      counter.count += 1
      harness.flush()
    }
    let session = try #require(try recording.analyze().sessions.first)
    let actions = Dictionary(uniqueKeysWithValues: session.actions.map { ($0.name, $0) })
    let viaTask = try #require(actions["Via task"])
    let direct = try #require(actions["Direct"])
    #expect(viaTask.writes == 1 && viaTask.evaluations == 1)
    #expect(direct.writes == 1 && direct.evaluations == 1)
    #expect(actions["Nothing"].map { ($0.writes, $0.evaluations) } ?? (-1, -1) == (0, 0))
  }
}

/// `harness.clear(_:)`: one edit to the empty text, through a binding or a closure.
@Suite struct ClearTextFieldTests {
  final class Query: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var text = ""
  }

  struct SearchBar: HarnessView {
    let query: Query
    @ViewState var note = ""
    func body(_ content: inout ViewContent) {
      let query = query
      content.textField("Search", text: query.text) { query.text = $0 }
      content.textField("Note", text: $note)
    }
  }

  @Test func clearingIsOneEdit() {
    let query = Query()
    let harness = ViewHarness(tracking: .propertyLevel) { SearchBar(query: query) }
    #expect(harness.type("owl", into: "Search"))
    #expect(harness.type("hi", into: "Note"))
    harness.resetCounts()
    #expect(harness.clear("Search"))
    #expect(harness.clear("Note"))
    #expect(query.text.isEmpty)
    #expect(harness.texts["SearchBar"] == ["", ""])
    // The body reads the query's text; the note only its field reads, through `$note`.
    #expect(harness.evaluations(of: SearchBar.self) == 1)
    #expect(!harness.clear("Missing"))
  }
}
