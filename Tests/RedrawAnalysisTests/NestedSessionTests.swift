import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReading
@testable import RedrawRules
@testable import RedrawSchema
@testable import RedrawSessions

/// A process's session interrupted by the blocks of test sessions and continued by a `meta`
/// line with its `session` id, as docs/trace-format.md shows.
@Suite struct NestedSessionTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  /// The example of docs/trace-format.md: a process session, a test's block, the process again.
  static let nested = """
    {"e":"meta","format":"redraw-trace","version":1,"startedAt":"2026-11-30T09:00:00.000Z","session":1}
    {"e":"body","t":1000,"tid":1,"id":1,"view":"AppRoot","node":1}
    {"e":"meta","format":"redraw-trace","version":1,"scenario":"FeedTests/refresh()"}
    {"e":"body","t":1000,"tid":2,"id":1,"view":"FeedView","node":7}
    {"e":"end","t":2000,"tid":2,"id":1}
    {"e":"meta","format":"redraw-trace","version":1,"session":1}
    {"e":"end","t":9000,"tid":1,"id":1}

    """

  @Test func theDocumentedExampleIsReadAsItsPageSays() throws {
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/trace-format.md"), encoding: .utf8)
    #expect(page.contains(Self.nested.trimmingCharacters(in: .newlines)))
  }

  /// `session` and `count` are two keys: a `meta` line with a stray `count`, or a `lost`
  /// line with a stray `session`, changes neither the session id nor the lost count.
  @Test(arguments: [1, 2])
  func theSessionIdAndALostCountAreKeptApart(jobs: Int) throws {
    let text = """
      {"e":"meta","format":"redraw-trace","version":1,"session":1,"count":9}
      {"e":"body","t":1000,"tid":1,"id":1,"view":"AppRoot","node":1}
      {"e":"lost","t":1500,"tid":1,"count":5,"session":null}
      {"e":"meta","format":"redraw-trace","version":1,"scenario":"block"}
      {"e":"meta","format":"redraw-trace","version":1,"session":1}
      {"e":"end","t":9000,"tid":1,"id":1}

      """
    let sessions = try read(text, jobs: jobs)
    #expect(sessions.map(\.scenario) == [nil, "block"], "the last meta line continues session 1, not 9")
    #expect(sessions[0].lostEvents == 5)
    #expect(sessions[0].truncation == nil, "the body's end came back to it")
  }

  @Test(arguments: [1, 2])
  func aContinuedSessionKeepsItsSpansAndComesFirst(jobs: Int) throws {
    let sessions = try read(Self.nested, jobs: jobs)
    #expect(sessions.map(\.scenario) == [nil, "FeedTests/refresh()"])
    #expect(sessions.map(\.line) == [1, 3])
    #expect(sessions[0].nodes.map(\.view) == ["AppRoot"])
    #expect(sessions[1].nodes.map(\.view) == ["FeedView"])
    #expect(sessions.allSatisfy { $0.truncation == nil })
    #expect(sessions.allSatisfy { $0.diagnostics.isEmpty }, "\(sessions.map(\.diagnostics))")
  }

  /// The clean counterpart: without the id, the third `meta` starts a third session, and the
  /// first one's span is reported open.
  @Test func withoutAnIdEveryMetaStartsASession() throws {
    let plain = Self.nested.replacingOccurrences(of: #","session":1"#, with: "")
    let sessions = try read(plain, jobs: 1)
    #expect(sessions.count == 3)
    #expect(sessions[0].truncation?.openSpans == 1)
  }

  @Test func aSessionThatOnlyContinuesWithoutEventsIsEmpty() throws {
    let text = """
      {"e":"meta","format":"redraw-trace","version":1,"session":4}
      {"e":"meta","format":"redraw-trace","version":1,"scenario":"t"}
      {"e":"mark","t":1,"tid":1,"name":"x"}
      {"e":"meta","format":"redraw-trace","version":1,"session":4}

      """
    let sessions = try read(text, jobs: 1)
    #expect(sessions.count == 2)
    #expect(sessions[0].diagnostics.map(\.message) == [Session.emptySession])
    #expect(sessions[1].diagnostics.isEmpty)
  }

  @Test func twoProcessSessionsEachContinueTheirOwn() throws {
    let text = """
      {"e":"meta","format":"redraw-trace","version":1,"scenario":"a","session":1}
      {"e":"body","t":1,"tid":1,"id":1,"view":"A","node":1}
      {"e":"meta","format":"redraw-trace","version":1,"scenario":"b","session":2}
      {"e":"body","t":1,"tid":1,"id":1,"view":"B","node":1}
      {"e":"meta","format":"redraw-trace","version":1,"session":1}
      {"e":"end","t":2,"tid":1,"id":1}
      {"e":"meta","format":"redraw-trace","version":1,"session":2}
      {"e":"end","t":2,"tid":1,"id":1}

      """
    let sessions = try read(text, jobs: 1)
    #expect(sessions.map(\.scenario) == ["a", "b"])
    #expect(sessions.map { $0.nodes.map(\.view) } == [["A"], ["B"]])
    #expect(sessions.allSatisfy { $0.truncation == nil })
  }

  private func read(_ text: String, jobs: Int) throws -> [Session] {
    let path = try scratch.file("trace.jsonl", containing: text)
    if jobs == 1 {
      var reader = TraceReader(lenient: false)
      return try reader.read(path: path, name: "t.jsonl").sessions
    }
    var strings = StringTable()
    var parallel = ParallelTraceReader(workers: jobs, lenient: false)
    parallel.chunkSize = 64
    var builder = SessionBuilder(source: "t.jsonl", collecting: RuleCollectors.self)
    let read = try parallel.read(path: path, name: "t.jsonl", strings: &strings) {
      builder.add($0, line: $1, strings: $2)
    }
    builder.finish(
      strings: strings, partialLastLine: read.partialLastLine != nil, lastLine: read.partialLastLine?.line ?? 0)
    return builder.sessions
  }
}
