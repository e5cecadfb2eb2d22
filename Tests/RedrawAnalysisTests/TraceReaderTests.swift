import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@Suite("Reading whole files: line ends, sessions, truncation, leniency")
struct TraceReaderTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  @Test func crlfLineEndsAndBlankLinesAreAccepted() throws {
    let text = trace(#"{"e":"mark","t":1,"tid":1,"name":"a"}"#, "", "   ", #"{"e":"mark","t":2,"tid":1,"name":"b"}"#)
      .replacingOccurrences(of: "\n", with: "\r\n")
    let session = try #require(try analyze(trace: text).sessions.first)
    #expect(session.count(of: .mark) == 2)
  }

  /// The fast path reads a compact line ending in `\r\n` where it lies; it leaves a mark's
  /// name out of the string table, which the validating parser would have interned.
  @Test func compactLinesEndingInCRLFTakeTheFastPath() throws {
    let text = trace(#"{"e":"mark","t":1,"tid":1,"name":"frame 1"}"#).replacingOccurrences(of: "\n", with: "\r\n")
    var reader = TraceReader(lenient: false)
    let file = try reader.read(bytes: Array(text.utf8), name: "t.jsonl")
    #expect(file.events == 2)
    #expect(reader.strings.lookup("frame 1") == nil)
  }

  @Test func eachMetaStartsASessionAndIDsAreScopedToIt() throws {
    let second = #"{"e":"meta","format":"redraw-trace","version":1,"scenario":"second"}"#
    let analysis = try analyze(
      trace:
        trace(
          #"{"e":"body","t":1,"tid":1,"id":1,"view":"A","node":1}"#, #"{"e":"end","t":2,"tid":1,"id":1}"#, second,
          #"{"e":"body","t":1,"tid":1,"id":1,"view":"B","node":1}"#, #"{"e":"end","t":2,"tid":1,"id":1}"#))
    #expect(analysis.sessions.map(\.scenario) == ["test", "second"])
    #expect(analysis.sessions.map { $0.nodes.map(\.view) } == [["A"], ["B"]])
    #expect(analysis.sessions[1].line == 4)
    #expect(analysis.summary.bodyEvaluations == 2)
  }

  @Test func severalFilesAreSeparateSessionsInOneReport() throws {
    let first = try scratch.file("first.jsonl", containing: trace(#"{"e":"mark","t":1,"tid":1,"name":"a"}"#))
    let second = try scratch.file("second.jsonl", containing: trace(#"{"e":"mark","t":1,"tid":1,"name":"b"}"#))
    var reader = TraceReader(lenient: false)
    let files = [try reader.read(path: first), try reader.read(path: second)]
    #expect(files.map(\.sessions.count) == [1, 1])
    #expect(files[1].sessions[0].source == second)
  }

  @Test func aCutLastLineIsTruncationNotAnError() throws {
    let text = trace(#"{"e":"body","t":1,"tid":1,"id":1,"view":"A","node":1}"#) + #"{"e":"read","t":2,"ti"#
    let analysis = try analyze(trace: text)
    let session = try #require(analysis.sessions.first)
    let truncation = try #require(session.truncation)
    #expect(truncation.partialLastLine)
    #expect(truncation.line == 3)
    #expect(truncation.openSpans == 1)
    #expect(session.bodyEvaluations == 1)
    #expect(analysis.files[0].partialLastLine?.line == 3)
  }

  @Test func aCompleteLastLineWithoutLineEndIsAccepted() throws {
    let text = trace() + #"{"e":"mark","t":2,"tid":1,"name":"last"}"#
    let session = try #require(try analyze(trace: text).sessions.first)
    #expect(session.truncation == nil)
    #expect(session.count(of: .mark) == 1)
  }

  @Test func openSpansAtTheEndMeanTruncation() throws {
    let session = try #require(
      try analyze(trace: trace(#"{"e":"init","t":1,"tid":1,"id":1,"type":"Model"}"#)).sessions.first)
    #expect(session.truncation?.openSpans == 1)
    #expect(session.truncation?.partialLastLine == false)
  }

  @Test func aMalformedLineInTheMiddleFailsUnlessLenient() throws {
    let text = trace(#"{"e":"mark","t":1,"tid":1,"name":"a"}"#, "garbage", #"{"e":"mark","t":2,"tid":1,"name":"b"}"#)
    #expect(readError(text)?.line == 3)
    let lenient = try analyze(trace: text, lenient: true)
    #expect(lenient.files[0].skippedLines == 1)
    #expect(lenient.files[0].skipped.first?.line == 3)
    #expect(lenient.sessions.first?.count(of: .mark) == 2)
  }

  @Test func lenientReadsKeepOnlyTheFirstFewSkippedLines() throws {
    let lines = [metaLine] + Array(repeating: "{oops", count: 20) + [#"{"e":"mark","t":2,"tid":1,"name":"b"}"#]
    let analysis = try analyze(trace: lines.joined(separator: "\n") + "\n", lenient: true)
    #expect(analysis.files[0].skippedLines == 20)
    #expect(analysis.files[0].skipped.count == TraceReader.defaultNamedSkippedLines)
  }

  @Test func aNewerFormatVersionIsAClearError() throws {
    let error = try #require(readError(#"{"e":"meta","format":"redraw-trace","version":2}"# + "\n"))
    #expect(error.line == 1)
    #expect(error.message.contains("version 2 is not supported"))
  }

  @Test func anotherFormatIsAnError() throws {
    let error = try #require(readError(#"{"e":"meta","format":"chrome-trace","version":1}"# + "\n"))
    #expect(error.message.contains("redraw-trace"))
  }

  @Test func aMissingFileIsAnError() throws {
    var reader = TraceReader(lenient: false)
    #expect {
      try reader.read(path: "/nonexistent/trace.jsonl")
    } throws: { error in
      (error as? TraceInputError)?.description
        == "/nonexistent/trace.jsonl: cannot open the trace: No such file or directory"
    }
  }

  @Test func linesCrossingReadChunksAreWhole() throws {
    // A detail longer than one read chunk, between ordinary lines, read from a file: a trace
    // in memory is one buffer, which never refills.
    let long = String(repeating: "x", count: 5 << 20)
    let path = try scratch.file(
      "trace.jsonl",
      containing: trace(
        #"{"e":"mark","t":1,"tid":1,"name":"before"}"#,
        #"{"e":"effect","t":2,"tid":1,"kind":"log","detail":"\#(long)"}"#,
        #"{"e":"mark","t":3,"tid":1,"name":"after"}"#))
    let session = try #require(try Analyzer().analyze(paths: [path]).sessions.first)
    #expect(session.count(of: .mark) == 2)
    #expect(session.count(of: .effect) == 1)
  }
}

/// Mark names: events converters read them; sessions do not keep them.
@Suite("Mark names")
struct MarkNameTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  static let text =
    ([metaLine] + (1...500).map { #"{"e":"mark","t":\#($0),"tid":1,"name":"frame \#($0)"}"# })
    .joined(separator: "\n") + "\n"

  @Test func readingSessionsDoesNotKeepOneNamePerFrame() throws {
    var reader = TraceReader(lenient: false)
    let reading = try reader.read(path: try scratch.file("trace.jsonl", containing: Self.text))
    #expect(reading.events == 501)
    #expect(reading.sessions.first?.eventCounts[Int(EventKind.mark.rawValue)] == 500)
    #expect(reader.strings.count < 10)
  }

  @Test func convertersStillGetEveryName() throws {
    var reader = TraceReader(lenient: false)
    var names: [String] = []
    try reader.forEachEvent(path: try scratch.file("trace.jsonl", containing: Self.text)) { event, _, strings in
      if let name = event.name { names.append(strings[name]) }
    }
    #expect(names.count == 500)
    #expect(names.last == "frame 500")
  }
}
