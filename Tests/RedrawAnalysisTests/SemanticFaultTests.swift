import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// Traces from crashed apps, other writers and the wrong files: no crash, no hang, and a
/// precise error or a diagnostic that says what was skipped.
@Suite("Semantic faults and files that are not traces")
struct SemanticFaultTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  private func diagnostics(_ lines: String...) throws -> [String: Int] {
    let analysis = try analyze(trace: ([metaLine] + lines).joined(separator: "\n") + "\n")
    return Dictionary(analysis.sessions.flatMap(\.diagnostics).map { ($0.message, $0.count) }) { $0 + $1 }
  }

  @Test func anEndForAnUnknownSpan() throws {
    #expect(
      try diagnostics(#"{"e":"end","t":1,"tid":1,"id":42}"#)["end for a span that is not open on its thread"] == 1)
  }

  @Test func spansEndingOutOfOrder() throws {
    let found = try diagnostics(
      #"{"e":"body","t":1,"tid":1,"id":1,"view":"A","node":1}"#,
      #"{"e":"body","t":2,"tid":1,"id":2,"view":"B","node":2}"#, #"{"e":"end","t":3,"tid":1,"id":1}"#,
      #"{"e":"end","t":4,"tid":1,"id":2}"#)
    #expect(found["spans ended out of order: inner spans closed by an outer end"] == 1)
    #expect(found["end for a span that is not open on its thread"] == 1)
  }

  @Test func readsOnAThreadWithNoOpenSpan() throws {
    #expect(
      try diagnostics(#"{"e":"read","t":1,"tid":3,"obj":1,"type":"M","prop":"a"}"#)[
        "reads outside any body or init span (untracked reads)"] == 1)
  }

  @Test func timeGoingBackwards() throws {
    let found = try diagnostics(
      #"{"e":"mark","t":10,"tid":1,"name":"a"}"#, #"{"e":"mark","t":5,"tid":1,"name":"b"}"#,
      #"{"e":"mark","t":1,"tid":2,"name":"other thread"}"#)
    #expect(found["time went backwards on a thread"] == 1)
  }

  @Test func timeIsKeptPerThreadAcrossSwitches() throws {
    let found = try diagnostics(
      #"{"e":"mark","t":10,"tid":1,"name":"a"}"#, #"{"e":"mark","t":1,"tid":2,"name":"b"}"#,
      #"{"e":"mark","t":2,"tid":2,"name":"c"}"#, #"{"e":"mark","t":5,"tid":1,"name":"back on 1"}"#,
      #"{"e":"mark","t":3,"tid":2,"name":"on 2, later than its last"}"#)
    #expect(found["time went backwards on a thread"] == 1)
  }

  @Test func duplicateSpanIDs() throws {
    let found = try diagnostics(
      #"{"e":"body","t":1,"tid":1,"id":7,"view":"A","node":1}"#,
      #"{"e":"init","t":2,"tid":2,"id":7,"type":"M"}"#)
    #expect(found["a span id was used again while its span was open"] == 1)
  }

  @Test func anObjectIDReusedAfterDeinit() throws {
    let found = try diagnostics(
      #"{"e":"write","t":1,"tid":1,"obj":5,"type":"M","prop":"a"}"#,
      #"{"e":"deinit","t":2,"tid":1,"obj":5,"type":"M"}"#,
      #"{"e":"write","t":3,"tid":1,"obj":5,"type":"N","prop":"b"}"#)
    #expect(found["an object id was used again after its deinit"] == 1)
  }

  @Test func aWriteBeforeAnyMeta() throws {
    let analysis = try analyze(trace: #"{"e":"write","t":1,"tid":1,"obj":5,"type":"M","prop":"a"}"# + "\n")
    let session = try #require(analysis.sessions.first)
    #expect(session.scenario == nil)
    #expect(
      session.diagnostics.map(\.message) == ["events before any meta line: treated as one session without a scenario"])
  }

  @Test func aSessionWithNoEvents() throws {
    let analysis = try analyze(trace: metaLine + "\n" + metaLine + "\n")
    #expect(analysis.sessions.count == 2)
    #expect(analysis.sessions.allSatisfy { $0.diagnostics.map(\.message) == ["the session has no events"] })
  }

  @Test func aNulByteIsAPreciseError() throws {
    let error = try #require(readError(trace("{\"e\":\"mark\",\"t\":1,\"tid\":1,\"name\":\"a\u{0}b\"}")))
    #expect(error.line == 2 && error.column == 36)
    #expect(error.message.contains("control character"))
  }

  @Test func aLineOfSeveralMegabytesIsRead() throws {
    // Read from a file, in chunks smaller than the line: a trace in memory never refills.
    let detail = String(repeating: "é", count: 3 << 20)
    let path = try scratch.file(
      "trace.jsonl", containing: trace(#"{"e":"effect","t":1,"tid":1,"kind":"log","detail":"\#(detail)"}"#))
    let analysis = try Analyzer().analyze(paths: [path])
    #expect(analysis.summary.effects == 1)
  }

  @Test func aPNGIsNotATrace() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
    let path = try scratch.file("trace.jsonl", containing: Data(png))
    var reader = TraceReader(lenient: false)
    #expect {
      try reader.read(path: path, name: "image.png")
    } throws: { error in
      let text = (error as? TraceInputError)?.description ?? ""
      return text.hasPrefix("image.png:1:1: expected '{' to start an event object")
        && text.contains("this does not look like a Redraw trace")
    }
  }

  @Test func aJSONArrayIsNotATrace() throws {
    let error = try #require(readError(#"[{"e":"meta","format":"redraw-trace","version":1}]"# + "\n"))
    #expect(error.line == 1 && error.column == 1)
    #expect(error.message.contains("does not look like a Redraw trace"))
  }

  @Test func anEmptyFileHasNoSessions() throws {
    let analysis = try analyze(trace: "")
    #expect(analysis.sessions.isEmpty)
    #expect(analysis.findings.isEmpty)
  }
}
