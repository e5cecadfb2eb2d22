import RedrawAnalysis
import RedrawTestSupport
import Testing

@Suite("observe events: subscriptions to whole objects")
struct ObserveEventTests {
  /// A screen holds its inbox twice (as an observed and an environment object) and reads only
  /// its title; a write to the unread count re-evaluates it.
  static let heldTwice = """
    {"e":"meta","format":"redraw-trace","version":1}
    {"e":"body","t":10,"tid":1,"id":1,"view":"InboxScreen","node":1}
    {"e":"observe","t":11,"tid":1,"obj":3,"type":"Inbox","detail":"observedObject"}
    {"e":"observe","t":12,"tid":1,"obj":3,"type":"Inbox","detail":"environmentObject"}
    {"e":"read","t":13,"tid":1,"obj":3,"type":"Inbox","prop":"title"}
    {"e":"end","t":14,"tid":1,"id":1}
    {"e":"write","t":20,"tid":1,"obj":3,"type":"Inbox","prop":"unreadCount"}
    {"e":"body","t":30,"tid":1,"id":2,"view":"InboxScreen","node":1}
    {"e":"observe","t":31,"tid":1,"obj":3,"type":"Inbox","detail":"observedObject"}
    {"e":"observe","t":32,"tid":1,"obj":3,"type":"Inbox","detail":"environmentObject"}
    {"e":"end","t":33,"tid":1,"id":2}
    {"e":"write","t":40,"tid":1,"obj":3,"type":"Inbox","prop":"unreadCount"}
    {"e":"body","t":50,"tid":1,"id":3,"view":"InboxScreen","node":1}
    {"e":"end","t":51,"tid":1,"id":3}

    """

  @Test func aSubscriptionWithoutAReadMakesTheWriteOverBroadAndIsNoProperty() throws {
    let analysis = try analyze(trace: Self.heldTwice)
    let node = try #require(analysis.sessions.first?.nodes.first)
    #expect(node.evaluations == 3)
    #expect(node.overBroad == 2, "written unreadCount, which the screen never reads")
    #expect(node.readProperties == ["Inbox.title"], "a subscription reads no property")
    #expect(analysis.summary.evaluationsWithPropertyTracking == 1)
  }

  @Test func anObserveEventOutsideABodyIsIgnoredAndCounted() throws {
    let analysis = try analyze(
      trace:
        """
        {"e":"meta","format":"redraw-trace","version":1}
        {"e":"observe","t":1,"tid":1,"obj":3,"type":"Inbox"}

        """)
    #expect(analysis.sessions.first?.diagnostics.map(\.message) == ["observe events outside a body (ignored)"])
  }
}

extension ObserveEventTests {
  /// A trace cut inside a body after an `observe` (found by the fuzzer): the open
  /// evaluation's reads are settled without the subscription's no-property key.
  @Test func anEvaluationCutAfterAnObserveEventSettlesItsRealReadsOnly() throws {
    let analysis = try analyze(
      trace:
        """
        {"e":"meta","format":"redraw-trace","version":1}
        {"e":"body","t":10,"tid":1,"id":1,"view":"InboxScreen","node":1}
        {"e":"observe","t":11,"tid":1,"obj":3,"type":"Inbox"}
        {"e":"read","t":12,"tid":1,"obj":3,"type":"Inbox","prop":"title"}

        """)
    #expect(analysis.sessions.first?.nodes.first?.readProperties == ["Inbox.title"])
    #expect(analysis.sessions.first?.truncation?.openSpans == 1)
  }
}
