import RedrawAnalysis
import RedrawTestSupport
import Testing

@Suite("action spans: user actions, their writes and the evaluations they cause")
struct ActionSpanTests {
  /// A Send button's action writes the outbox; the list that reads it is re-evaluated.
  static let sendTapped = """
    {"e":"meta","format":"redraw-trace","version":1}
    {"e":"body","t":10,"tid":1,"id":1,"view":"OutboxList","node":1}
    {"e":"read","t":11,"tid":1,"obj":4,"type":"Outbox","prop":"messages"}
    {"e":"end","t":12,"tid":1,"id":1}
    {"e":"action","t":20,"tid":1,"id":2,"name":"Send tapped"}
    {"e":"read","t":21,"tid":1,"obj":4,"type":"Outbox","prop":"draft"}
    {"e":"init","t":22,"tid":1,"id":3,"type":"Receipt","site":"Outbox.swift:9"}
    {"e":"end","t":23,"tid":1,"id":3,"obj":5}
    {"e":"write","t":24,"tid":1,"obj":4,"type":"Outbox","prop":"messages"}
    {"e":"end","t":25,"tid":1,"id":2}
    {"e":"body","t":30,"tid":1,"id":4,"view":"OutboxList","node":1}
    {"e":"read","t":31,"tid":1,"obj":4,"type":"Outbox","prop":"messages"}
    {"e":"end","t":32,"tid":1,"id":4}

    """

  @Test func anActionCountsItsWritesAndTheEvaluationsTheyCaused() throws {
    let session = try #require(try analyze(trace: Self.sendTapped).sessions.first)
    #expect(session.actions.map(\.name) == ["Send tapped"])
    let action = try #require(session.actions.first)
    #expect(action.performed == 1)
    #expect(action.writes == 1)
    #expect(action.evaluations == 1)
    #expect(action.overBroad == 0)
    #expect(action.first.line == 5)
  }

  @Test func readsAndInitializersInsideAnActionAreNeitherUntrackedNorConstruction() throws {
    let session = try #require(try analyze(trace: Self.sendTapped).sessions.first)
    #expect(!session.diagnostics.contains { $0.message.contains("untracked") })
    let receipt = try #require(session.initGroups.first { $0.type == "Receipt" })
    #expect(receipt.constructionRuns == 0, "made on purpose, in the action")
  }

  @Test(arguments: [
    (#"{"e":"action","t":1,"tid":1,"id":2}"#, "name"),
    (#"{"e":"action","t":1,"tid":1,"name":"Send"}"#, "id"),
  ])
  func anActionLineWithoutItsKeysNamesTheKey(line: String, key: String) throws {
    let error = try #require(readError(#"{"e":"meta","format":"redraw-trace","version":1}"# + "\n" + line + "\n"))
    #expect(error.description.contains("trace.jsonl:2:"))
    #expect(error.description.hasSuffix("expected \"\(key)\" in an \"action\" event"))
  }
}
