import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// The reader's fast path for compact lines must read exactly what the general parser reads.
@Suite("Fast and general parsing agree")
struct FastPathTests {
  static let samples: [String] = {
    let folders = ["SampleTraces/rules", "SampleTraces/scenarios"]
    return folders.flatMap { folder in
      let url = repositoryRoot.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { "\(folder)/\($0)" }
    }
  }()

  /// `text` with a space after every `{` and `,` outside strings: the same JSON, which the
  /// fast path refuses, so the general parser reads every line.
  static func spaced(_ text: String) -> String {
    var out = ""
    var inString = false
    var escaped = false
    for character in text {
      out.append(character)
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "{" || character == "," {
        out.append(" ")
      }
    }
    return out
  }

  @Test(arguments: samples)
  func everySampleReadsTheSameBothWays(sample: String) throws {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(sample), encoding: .utf8)
    let fast = try analyze(trace: text)
    let general = try analyze(trace: Self.spaced(text))
    #expect(fast.summary == general.summary)
    #expect(fast.findings == general.findings)
    let fastNodes = fast.sessions.flatMap(\.nodes).map { "\($0.view) \($0.node) \($0.evaluations) \($0.overBroad)" }
    let generalNodes = general.sessions.flatMap(\.nodes).map {
      "\($0.view) \($0.node) \($0.evaluations) \($0.overBroad)"
    }
    #expect(fastNodes == generalNodes)
  }

  @Test(arguments: [
    #"{"e":"mark","t":01,"tid":1,"name":"x"}"#, #"{"e":"mark","t":1,"tid":1,"name":"x",}"#,
    #"{"e":"mark","t":1,"tid":1,"name":"x""#, #"{"e":"mark","t":-,"tid":1,"name":"x"}"#,
    #"{"e":"mark","t":"1","tid":1,"name":"x"}"#, #"{"e":"mark","t":1,"tid":1,"name":7}"#,
  ])
  func linesTheFastPathRefusesStillGetPreciseErrors(line: String) throws {
    let error = try #require(readError(trace(line)))
    #expect(error.line == 2)
    #expect(error.column > 1)
  }
}

@Suite("Parallel reading agrees with reading on one thread")
struct ParallelReadingTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  static func read(_ path: String, jobs: Int, lenient: Bool = false) throws -> Analysis {
    var reader = TraceReader(lenient: lenient, jobs: jobs)
    let file = try reader.read(path: path, name: "t.jsonl")
    return Analysis(files: [file], findings: RuleRegistry.run(on: file.sessions, context: RuleContext()))
  }

  @Test(arguments: FastPathTests.samples)
  func samplesReadTheSame(sample: String) throws {
    let path = repositoryRoot.appendingPathComponent(sample).path
    let one = try Self.read(path, jobs: 1)
    let three = try Self.read(path, jobs: 3)
    #expect(one.summary == three.summary)
    #expect(one.findings == three.findings)
  }

  @Test func aLargeTraceSpanningManyChunksReadsTheSame() throws {
    // Many sessions of the over-broad sample, past several 1 MiB chunks, cut at the end.
    let sample = try String(
      contentsOf: repositoryRoot.appendingPathComponent("SampleTraces/rules/over-broad-invalidation.jsonl"),
      encoding: .utf8)
    let text = String(repeating: sample, count: 1_500) + #"{"e":"read","t":5,"tid"#
    let path = try scratch.file("trace.jsonl", containing: text)
    let one = try Self.read(path, jobs: 1)
    let two = try Self.read(path, jobs: 2)
    #expect(one.summary == two.summary)
    #expect(two.summary.sessions == 1_500)
    #expect(two.files[0].partialLastLine?.line == one.files[0].partialLastLine?.line)
    #expect(one.files[0].partialLastLine != nil)
  }

  @Test func errorsNameTheSameLineBothWays() throws {
    var lines = [metaLine]
    for index in 0..<40_000 { lines.append(#"{"e":"mark","t":\#(index),"tid":1,"name":"step"}"#) }
    lines[30_000] = "{broken"
    let path = try scratch.file("trace.jsonl", containing: lines.joined(separator: "\n") + "\n")
    for jobs in [1, 2, 4] {
      #expect {
        try Self.read(path, jobs: jobs)
      } throws: { error in
        (error as? TraceInputError)?.description == "t.jsonl:30001:2: expected a key string"
      }
    }
    let lenient = try Self.read(path, jobs: 2, lenient: true)
    #expect(lenient.files[0].skippedLines == 1)
    #expect(lenient.summary.events == 40_000)
  }
}

@Suite("Event layout")
struct EventLayoutTests {
  @Test func eventsStayCompact() {
    // Reset for every line and copied between threads in batches: keep it small.
    #expect(MemoryLayout<TraceEvent>.size <= 128, "\(MemoryLayout<TraceEvent>.size) bytes")
  }

  @Test func optionalFieldsRoundTrip() {
    var event = TraceEvent()
    #expect(event.object == nil && event.view == nil && event.cause == nil && event.effect == nil)
    event.object = Int64.min
    event.parent = 0
    event.view = StringID(rawValue: 0)
    event.cause = .write
    event.effect = .analytics
    #expect(event.object == Int64.min && event.parent == 0 && event.owner == nil)
    #expect(event.view == StringID(rawValue: 0) && event.type == nil)
    #expect(event.cause == .write && event.effect == .analytics)
    event.object = nil
    #expect(event.object == nil && event.parent == 0)
  }
}
