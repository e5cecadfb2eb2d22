import Foundation
import RedrawAnalysis
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
        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
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
    let fast = try analyze(text)
    let general = try analyze(Self.spaced(text))
    #expect(fast.summary == general.summary)
    #expect(fast.findings == general.findings)
    let fastNodes = fast.sessions.flatMap(\.nodes).map { "\($0.view) \($0.node) \($0.evaluations) \($0.overBroad)" }
    let generalNodes = general.sessions.flatMap(\.nodes).map { "\($0.view) \($0.node) \($0.evaluations) \($0.overBroad)" }
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
