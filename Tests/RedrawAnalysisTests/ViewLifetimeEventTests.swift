import RedrawAnalysis
import RedrawTestSupport
import Testing

/// `unmount` (a view left the tree) and `bind` (a body made a binding to a property).
@Suite("unmount and bind events")
struct ViewLifetimeEventTests {
  /// A row reads a thread it does not observe; the thread changes while it shows, the row
  /// leaves, and the thread changes again.
  static let rowThatLeaves = """
    {"e":"meta","format":"redraw-trace","version":1}
    {"e":"body","t":10,"tid":1,"id":1,"view":"Inbox","node":1}
    {"e":"observe","t":11,"tid":1,"obj":3,"type":"Mailbox","detail":"observedObject"}
    {"e":"end","t":12,"tid":1,"id":1}
    {"e":"body","t":20,"tid":1,"id":2,"view":"ThreadRow","node":2,"parent":1}
    {"e":"read","t":21,"tid":1,"obj":4,"type":"MailThread","prop":"isRead"}
    {"e":"end","t":22,"tid":1,"id":2}
    {"e":"mark","t":30,"tid":1,"name":"read it"}
    {"e":"write","t":31,"tid":1,"obj":4,"type":"MailThread","prop":"isRead"}
    {"e":"mark","t":40,"tid":1,"name":"hide the threads"}
    {"e":"write","t":41,"tid":1,"obj":3,"type":"Mailbox","prop":"showsThreads"}
    {"e":"body","t":42,"tid":1,"id":3,"view":"Inbox","node":1}
    {"e":"observe","t":43,"tid":1,"obj":3,"type":"Mailbox","detail":"observedObject"}
    {"e":"end","t":44,"tid":1,"id":3}
    {"e":"unmount","t":45,"tid":1,"view":"ThreadRow","node":2}
    {"e":"mark","t":50,"tid":1,"name":"unread it"}
    {"e":"write","t":51,"tid":1,"obj":4,"type":"MailThread","prop":"isRead"}

    """

  @Test func updatesAfterTheRowLeftAreNotMissed() throws {
    let analysis = try analyze(trace: Self.rowThatLeaves)
    let row = try #require(analysis.sessions.first?.nodes.first { $0.view == "ThreadRow" })
    #expect(row.missedUpdates == 1, "the update while it showed")
    let without = Self.rowThatLeaves.replacingOccurrences(
      of: #"{"e":"unmount","t":45,"tid":1,"view":"ThreadRow","node":2}"# + "\n", with: "")
    let counted = try #require(try analyze(trace: without).sessions.first?.nodes.first { $0.view == "ThreadRow" })
    #expect(counted.missedUpdates == 2, "without the event, every later update counts")
  }

  @Test func theFastPathAndTheGeneralParserReadThemAlike() throws {
    let trace = Self.rowThatLeaves + #"{"e":"bind","t":60,"tid":1,"obj":3,"type":"Mailbox"}"# + "\n"
    let fast = try analyze(trace: trace)
    let general = try analyze(trace: FastPathTests.spaced(trace))
    #expect(fast.summary == general.summary)
    #expect(fast.sessions.map(\.diagnostics) == general.sessions.map(\.diagnostics))
  }

  @Test func aBindingMarksItsViewAndOneOutsideABodyIsIgnoredAndCounted() throws {
    let analysis = try analyze(
      trace: """
        {"e":"meta","format":"redraw-trace","version":1}
        {"e":"body","t":10,"tid":1,"id":1,"view":"SearchBar","node":1}
        {"e":"bind","t":11,"tid":1,"obj":3,"type":"Inbox","prop":"query"}
        {"e":"bind","t":12,"tid":1,"obj":5,"type":"Filter"}
        {"e":"end","t":13,"tid":1,"id":1}
        {"e":"bind","t":20,"tid":1,"obj":3,"type":"Inbox","prop":"query"}
        {"e":"unmount","t":30,"tid":1,"view":"Gone","node":9}

        """)
    let session = try #require(analysis.sessions.first)
    #expect(session.nodes.first?.bindings == ["Filter", "Inbox"])
    #expect(
      session.diagnostics.map(\.message) == [
        "bind events outside a body (ignored)", "unmount events of nodes never evaluated (ignored)",
      ])
  }

  @Test func aBindingWithoutItsTypeIsAnErrorAtItsLine() throws {
    #expect(throws: TraceInputError.self) {
      try analyze(
        trace: """
          {"e":"meta","format":"redraw-trace","version":1}
          {"e":"bind","t":11,"tid":1,"obj":3}

          """)
    }
  }
}
