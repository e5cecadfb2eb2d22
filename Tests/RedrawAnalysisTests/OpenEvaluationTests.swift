import RedrawAnalysis
import RedrawTestSupport
import Testing

/// Writes that land while a view's body is still being evaluated, and evaluations a trace
/// never ends: the builder judges an open evaluation by what it has read so far.
@Suite("Evaluations still open when a write lands")
struct OpenEvaluationTests {
  private let begin = #"{"e":"body","t":10,"tid":1,"id":1,"view":"V","node":1}"#
  private func read(_ property: String, object: Int = 1, at time: Int) -> String {
    #"{"e":"read","t":\#(time),"tid":1,"obj":\#(object),"type":"M","prop":"\#(property)"}"#
  }
  private func write(_ property: String, object: Int = 1, at time: Int, thread: Int = 1) -> String {
    #"{"e":"write","t":\#(time),"tid":\#(thread),"obj":\#(object),"type":"M","prop":"\#(property)"}"#
  }
  private let end = #"{"e":"end","t":30,"tid":1,"id":1}"#
  private let again = [
    #"{"e":"body","t":40,"tid":1,"id":2,"view":"V","node":1}"#, #"{"e":"end","t":41,"tid":1,"id":2}"#,
  ]

  private func view(_ lines: [String]) throws -> NodeSummary {
    let analysis = try analyze(trace: ([metaLine] + lines).joined(separator: "\n") + "\n")
    return try #require(analysis.sessions.first?.nodes.first { $0.view == "V" })
  }

  @Test func aWriteToWhatTheOpenEvaluationReadMakesTheNextNeeded() throws {
    let node = try view([begin, read("a", at: 11), write("a", at: 12, thread: 2), end] + again)
    #expect((node.initial, node.needed, node.overBroad) == (1, 1, 0))
  }

  @Test func aWriteToAnotherPropertyOfAnObjectItReadIsOverBroad() throws {
    let node = try view([begin, read("a", at: 11), write("b", at: 12, thread: 2), end] + again)
    #expect((node.initial, node.needed, node.overBroad) == (1, 0, 1))
  }

  @Test func aWriteBeforeTheOpenEvaluationReadsTheObjectDoesNotCount() throws {
    let node = try view([begin, write("a", at: 11, thread: 2), read("a", at: 12), end] + again)
    #expect((node.initial, node.needed, node.overBroad, node.unknown) == (1, 0, 0, 1))
  }

  @Test func whatTheLastEvaluationReadDoesNotCountWhileTheNextIsOpen() throws {
    // The first evaluation read `a`; the second is open and has not read it yet.
    let first = [begin, read("a", at: 11), end]
    let second = [#"{"e":"body","t":40,"tid":1,"id":2,"view":"V","node":1}"#, write("a", at: 41, thread: 2)]
    let rest = [read("b", at: 42), #"{"e":"end","t":43,"tid":1,"id":2}"#]
    let third = [#"{"e":"body","t":50,"tid":1,"id":3,"view":"V","node":1}"#, #"{"e":"end","t":51,"tid":1,"id":3}"#]
    let node = try view(first + second + rest + third)
    #expect((node.initial, node.needed, node.overBroad, node.unknown) == (1, 0, 0, 2))
    #expect(node.readProperties == ["M.a", "M.b"])
  }

  @Test func anEvaluationTheTraceNeverEndsStillShowsWhatItRead() throws {
    let node = try view([begin, read("a", at: 11), read("c", object: 2, at: 12)])
    #expect(node.readProperties == ["M.a", "M.c"])
    #expect(node.propertiesRead == 2)
  }
}

/// A write made during a body belongs to the update that follows the evaluation: a view that
/// read the property without subscribing and is re-evaluated in that update (by its parent)
/// did not miss it, even when writes outside any body come between.
@Suite("A write during a body is the next update's")
struct WriteDuringBodyUpdateTests {
  /// Screen observes the model; Reader, its child, reads `state` without subscribing;
  /// Loader, another child, writes `state` in its body, and its own child is evaluated. A
  /// task then writes another object, and the write re-evaluates Screen, which re-creates
  /// Reader.
  static let trace = """
    {"e":"meta","format":"redraw-trace","version":1}
    {"e":"body","t":10,"tid":1,"id":1,"view":"Screen","node":1}
    {"e":"observe","t":11,"tid":1,"obj":1,"type":"Model","detail":"observedObject"}
    {"e":"end","t":12,"tid":1,"id":1}
    {"e":"body","t":20,"tid":1,"id":2,"view":"Reader","node":2,"parent":1}
    {"e":"read","t":21,"tid":1,"obj":1,"type":"Model","prop":"state"}
    {"e":"end","t":22,"tid":1,"id":2}
    {"e":"body","t":30,"tid":1,"id":3,"view":"Loader","node":3,"parent":1}
    {"e":"write","t":31,"tid":1,"obj":1,"type":"Model","prop":"state"}
    {"e":"end","t":32,"tid":1,"id":3}
    {"e":"body","t":35,"tid":1,"id":6,"view":"Spinner","node":4,"parent":3}
    {"e":"end","t":36,"tid":1,"id":6}
    {"e":"write","t":40,"tid":1,"obj":2,"type":"Other","prop":"progress"}
    {"e":"body","t":50,"tid":1,"id":4,"view":"Screen","node":1}
    {"e":"observe","t":51,"tid":1,"obj":1,"type":"Model","detail":"observedObject"}
    {"e":"end","t":52,"tid":1,"id":4}
    {"e":"body","t":60,"tid":1,"id":5,"view":"Reader","node":2,"parent":1}
    {"e":"read","t":61,"tid":1,"obj":1,"type":"Model","prop":"state"}
    {"e":"end","t":62,"tid":1,"id":5}

    """

  @Test func aReaderReEvaluatedInTheNextUpdateMissedNothing() throws {
    let analysis = try analyze(trace: Self.trace)
    #expect(!analysis.findings.contains { $0.rule == "missed-update" }, "\(analysis.findings.map(\.message))")
    #expect(analysis.summary.addedEvaluations == 0)
  }
}
