import RedrawAnalysis
import Testing

@Suite("A writer of its own recorder learns every way its trace breaks the format")
struct ConformanceTests {
  static let broken = """
    {"e":"meta","format":"redraw-trace","version":1,"scenario":"mine"}
    {"e":"body","t":10,"tid":1,"id":1,"view":"A","node":1}
    {"e":"read","t":11,"tid":1,"obj":1,"type":"M"}
    {"e":"glow","t":12,"tid":1}
    {"e":"end","t":13,"tid":1,"id":7}
    {"e":"body","t":14,"tid":1,"id":2,"view":"A","node":1,"colour":"red"}

    """

  static let meta = #"{"e":"meta","format":"redraw-trace","version":1}"#

  static func conformance(_ text: String, allowingEmptySessions: Bool = false, naming: Int = 100) throws
    -> Conformance
  {
    var reader = TraceReader(lenient: true)
    let file = try reader.read(bytes: Array(text.utf8), name: "mine.jsonl")
    return Conformance(of: file, allowingEmptySessions: allowingEmptySessions, naming: naming)
  }

  @Test func problemsAreNamedInLineOrderAndNotesSayWhatIsAllowed() throws {
    let result = try Self.conformance(Self.broken)
    #expect(result.problems.map(\.line) == result.problems.map(\.line).sorted())
    #expect(result.problems.contains { $0.line == 3 && $0.message.contains("prop") }, "the read without its prop")
    #expect(result.problems.contains { $0.line == 5 && $0.message.contains("not open") }, "the end of no open span")
    #expect(result.problems.contains { $0.message.contains("never ended") }, "the two bodies never end")
    #expect(result.count >= 3)
    #expect(result.notes.contains { $0.contains(#"unknown kind "glow""#) })
    #expect(result.notes.contains { $0.contains("unknown key") })
  }

  @Test func aCleanTraceHasNoProblem() throws {
    let clean = OverBroadInvalidationRule.description.cleanExample
    let result = try Self.conformance(clean)
    #expect(result.problems.isEmpty)
    #expect(result.count == 0)
  }

  @Test func onlyTheFirstProblemsAreNamedButAllAreCounted() throws {
    let all = try Self.conformance(Self.broken)
    #expect(all.unnamed == 0, "every problem is named when the limit allows")
    let result = try Self.conformance(Self.broken, naming: 1)
    #expect(result.problems.count == 1)
    #expect(result.unnamed == all.count - all.problems[0].occurrences)
  }

  @Test func spansThatNeverEndedAreNamedWhereTheFirstBegan() throws {
    let text = """
      \(Self.meta)
      {"e":"body","t":10,"tid":1,"id":1,"view":"A","node":1}
      {"e":"body","t":11,"tid":1,"id":2,"view":"B","node":2,"parent":1}

      """
    let result = try Self.conformance(text)
    #expect(
      result.problems == [
        Conformance.Problem(line: 2, message: "2 spans never ended (the first began here)", occurrences: 2)
      ])
    #expect(result.count == 2)
    #expect(result.unnamed == 0, "no phantom problem: the one line stands for both spans")
  }

  @Test func anEmptySessionIsAProblemUnlessAllowed() throws {
    let empty = Self.meta + "\n"
    #expect(try Self.conformance(empty).problems.contains { $0.message == "the session has no events" })
    let allowed = try Self.conformance(empty, allowingEmptySessions: true)
    #expect(allowed.count == 0)
    #expect(allowed.notes.contains { $0.hasPrefix("the session has no events") })
  }
}
