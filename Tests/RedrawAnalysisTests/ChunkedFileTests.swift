import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReading
@testable import RedrawRules
@testable import RedrawSchema
@testable import RedrawSessions

/// Parser threads read their own chunks: every line must come out of exactly one chunk,
/// whole, wherever the chunk ends fall.
@Suite("Chunked reading")
struct ChunkedFileTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  /// Lines of many lengths: empty, one byte, CRLF, longer than a chunk, and a last line
  /// without its line end.
  static let text =
    "a\n\nbc\r\n" + String(repeating: "x", count: 150) + "\n" + (0..<40).map { "line \($0)\n" }.joined()
    + String(repeating: "y", count: 9_000) + "\nlast"

  /// The lines of every chunk, in order, and whether each chunk said it reached the end.
  static func chunks(of text: String, chunkSize: Int) throws -> (bytes: [UInt8], reachesEnd: [Bool]) {
    let scratch = ScratchDirectory()
    let path = try scratch.file("trace.jsonl", containing: text)
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    let file = ChunkedFile(descriptor: descriptor, size: text.utf8.count, chunkSize: chunkSize)
    var bytes: [UInt8] = []
    var reachesEnd: [Bool] = []
    for index in 0..<file.chunks {
      let lines = try file.lines(ofChunk: index).get()
      if !lines.range.isEmpty {
        // A chunk's lines begin at a line start.
        let start = lines.range.lowerBound
        #expect(bytes.isEmpty || bytes.last == 0x0A, "chunk \(index) of \(chunkSize)")
        #expect(start == 0 || lines.bytes[start - 1] == 0x0A || index == 0)
      }
      bytes += lines.bytes[lines.range]
      reachesEnd.append(lines.reachesEnd)
      // A chunk with lines says it reached the end exactly when its lines end there.
      if !lines.range.isEmpty { #expect(lines.reachesEnd == (bytes.count == text.utf8.count)) }
    }
    return (bytes, reachesEnd)
  }

  @Test(arguments: Array(1...24) + [64, 100, 4_096, 5_000, 1 << 20])
  func everyByteComesOutOfExactlyOneChunk(chunkSize: Int) throws {
    let (bytes, reachesEnd) = try Self.chunks(of: Self.text, chunkSize: chunkSize)
    #expect(bytes == Array(Self.text.utf8))
    #expect(reachesEnd.contains(true))
  }

  @Test func aFileEndingWithALineEndReachesItsEnd() throws {
    let (bytes, reachesEnd) = try Self.chunks(of: "one\ntwo\n", chunkSize: 3)
    #expect(bytes == Array("one\ntwo\n".utf8))
    // "one\n", then "two\n" (begun in the second chunk), then no line begins in the third.
    #expect(reachesEnd == [false, true, false])
  }

  @Test(arguments: [7, 64, 1_000])
  func smallChunksReadTheSameAnalysisAsOneThread(chunkSize: Int) throws {
    let sample = try String(
      contentsOf: repositoryRoot.appendingPathComponent("SampleTraces/rules/over-broad-invalidation.jsonl"),
      encoding: .utf8)
    let path = try scratch.file(
      "trace.jsonl", containing: String(repeating: sample, count: 20) + #"{"e":"read","t":5,"tid"#)
    var one = TraceReader(lenient: false)
    let expected = try one.read(path: path, name: "t.jsonl")
    var strings = StringTable()
    var parallel = ParallelTraceReader(workers: 2, lenient: false)
    parallel.chunkSize = chunkSize
    var builder = SessionBuilder(source: "t.jsonl", collecting: RuleCollectors.self)
    let read = try parallel.read(path: path, name: "t.jsonl", strings: &strings) {
      builder.add($0, line: $1, strings: $2)
    }
    builder.finish(
      strings: strings, partialLastLine: read.partialLastLine != nil, lastLine: read.partialLastLine?.line ?? 0)
    let sessions = builder.sessions
    #expect(read.events == expected.events)
    #expect(read.bytes == expected.bytes)
    #expect(read.partialLastLine == expected.partialLastLine)
    let findings = RuleRegistry.run(on: sessions, context: RuleContext())
    let expectedFindings = RuleRegistry.run(on: expected.sessions, context: RuleContext())
    #expect(findings.map(\.message) == expectedFindings.map(\.message))
    #expect(findings.map(\.evidence) == expectedFindings.map(\.evidence))
  }
}

extension ChunkedFileTests {
  @Test(arguments: [64, 5_000])
  func aLineTooLongIsNamedByItsNumber(chunkSize: Int) throws {
    var lines = [metaLine] + (1...30).map { #"{"e":"mark","t":\#($0),"tid":1,"name":"step"}"# }
    lines[20] = #"{"e":"mark","t":20,"tid":1,"name":"\#(String(repeating: "z", count: 20_000))"}"#
    let path = try scratch.file("trace.jsonl", containing: lines.joined(separator: "\n") + "\n")
    var strings = StringTable()
    var parallel = ParallelTraceReader(workers: 2, lenient: true)
    parallel.chunkSize = chunkSize
    parallel.maximumLineLength = 10_000
    #expect {
      try parallel.read(path: path, name: "t.jsonl", strings: &strings) { _, _, _ in }
    } throws: { error in
      (error as? TraceInputError)?.description == "t.jsonl:21:1: expected a line end within 10000 bytes"
    }
    parallel.maximumLineLength = 30_000
    #expect(try parallel.read(path: path, name: "t.jsonl", strings: &strings) { _, _, _ in }.events == 31)
  }
}

extension ChunkedFileTests {
  /// A pipe cannot be read in chunks: with `--jobs`, it is read on one thread.
  @Test func aPipeIsReadOnOneThreadWithJobs() throws {
    let text =
      ([metaLine] + (1...200).map { #"{"e":"mark","t":\#($0),"tid":1,"name":"step"}"# })
      .joined(separator: "\n") + "\n"
    let path = scratch.path("trace.fifo")
    #expect(mkfifo(path, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(ChunkedFile.regularFileSize(atPath: path) == nil)
    #expect(ChunkedFile.regularFileSize(atPath: scratch.url.path) == nil)
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: path)
      handle?.write(Data(text.utf8))
      try? handle?.close()
    }
    writer.start()
    var reader = TraceReader(lenient: false, jobs: 2)
    let reading = try reader.read(path: path, name: "pipe")
    #expect(reading.events == 201)
    #expect(reading.bytes == Int64(text.utf8.count))
  }
}
