import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@Suite("The byte-level parser accepts JSON and rejects what is not")
struct LineParserTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  @Test func readsEveryFieldOfTheFormat() throws {
    let analysis = try analyze(
      trace:
        trace(
          #"{"e":"init","t":1,"tid":1,"id":1,"type":"FeedModel","site":"FeedView.swift:14","owner":3}"#,
          #"{"e":"effect","t":2,"tid":1,"kind":"network","detail":"GET /feed","site":"FeedModel.swift:9"}"#,
          #"{"e":"end","t":3,"tid":1,"id":1,"obj":7}"#,
          #"{"e":"body","t":4,"tid":1,"id":2,"view":"FeedView","node":3,"parent":1,"cause":"initial"}"#,
          #"{"e":"read","t":5,"tid":1,"obj":7,"type":"FeedModel","prop":"posts"}"#,
          #"{"e":"end","t":6,"tid":1,"id":2}"#,
          #"{"e":"write","t":7,"tid":1,"obj":7,"type":"FeedModel","prop":"posts","site":"FeedModel.swift:30"}"#,
          #"{"e":"mark","t":8,"tid":1,"name":"tap"}"#,
          #"{"e":"deinit","t":9,"tid":1,"obj":7,"type":"FeedModel"}"#))
    let session = try #require(analysis.sessions.first)
    #expect(session.scenario == "test")
    #expect(session.eventCount == 10)
    #expect(session.count(of: .read) == 1)
    let group = try #require(session.initGroups.first)
    #expect(group.type == "FeedModel")
    #expect(group.site == "FeedView.swift:14")
    #expect(group.owner == 3)
    #expect(group.ownerView == "FeedView")
    #expect(group.effects[.network] == 1)
    #expect(group.effectDetails[.network] == "GET /feed")
    #expect(group.produced == 1 && group.used == 1)
    let node = try #require(session.nodes.first)
    #expect(node.view == "FeedView" && node.node == 3 && node.parent == 1)
    #expect(session.properties.first?.writeSite == "FeedModel.swift:30")
  }

  @Test func keyOrderWhitespaceAndUnknownKeysDoNotMatter() throws {
    let analysis = try analyze(
      trace:
        trace(
          #"  { "tid" : 1 , "extra": {"nested": [1, 2.5e-3, true, false, null, {"a": "\u00e9"}]}, "t": 5, "e": "mark", "name": "x" }  "#
        ))
    let session = try #require(analysis.sessions.first)
    #expect(session.count(of: .mark) == 1)
    #expect(session.unknownKeys == 1)
  }

  @Test func escapesAndSurrogatePairsAreDecoded() throws {
    let analysis = try analyze(
      trace:
        trace(
          #"{"e":"body","t":1,"tid":1,"id":1,"view":"Caf\u00e9 \"View\" \\ \/ \ud83d\ude00 \n","node":1}"#,
          #"{"e":"end","t":2,"tid":1,"id":1}"#))
    #expect(analysis.sessions.first?.nodes.first?.view == "Café \"View\" \\ / 😀 \n")
  }

  @Test func rawUnicodeIsKept() throws {
    let analysis = try analyze(
      trace:
        trace(#"{"e":"body","t":1,"tid":1,"id":1,"view":"日本語ビュー 👩‍👩‍👧","node":1}"#, #"{"e":"end","t":2,"tid":1,"id":1}"#))
    #expect(analysis.sessions.first?.nodes.first?.view == "日本語ビュー 👩‍👩‍👧")
  }

  @Test func unknownEventKindsAreCountedAndSkipped() throws {
    let analysis = try analyze(trace: trace(#"{"e":"frame","t":1,"tid":1,"fps":60}"#, #"{"e":"frame","t":2,"tid":1}"#))
    let session = try #require(analysis.sessions.first)
    #expect(session.unknownKinds == ["frame": 2])
    #expect(analysis.summary.unknownEvents == 2)
  }

  struct Malformed: Sendable, CustomTestStringConvertible {
    let line: String
    let column: Int
    let expected: String
    var testDescription: String { line }
  }

  static let malformed: [Malformed] = [
    Malformed(line: #"not json"#, column: 1, expected: "expected '{'"),
    Malformed(line: #"[1,2]"#, column: 1, expected: "expected '{'"),
    Malformed(line: #"{"e":"mark","t":1,"tid":1,"name":"x""#, column: 37, expected: "expected ',' or '}'"),
    Malformed(line: #"{"e":"mark","t":1,"tid":1,"name":"x"} {}"#, column: 39, expected: "end of the line"),
    Malformed(line: #"{"e":"mark","t":1.5,"tid":1,"name":"x"}"#, column: 17, expected: "not a fraction"),
    Malformed(line: #"{"e":"mark","t":"1","tid":1,"name":"x"}"#, column: 17, expected: #"integer for "t""#),
    Malformed(line: #"{"e":"mark","t":99999999999999999999,"tid":1,"name":"x"}"#, column: 17, expected: "64 bits"),
    Malformed(line: #"{"e":"mark","t":1,"tid":1}"#, column: 1, expected: #"expected "name""#),
    Malformed(line: #"{"t":1,"tid":1,"name":"x"}"#, column: 1, expected: #""e""#),
    Malformed(line: #"{"e":"body","t":1,"tid":1,"id":1,"node":1}"#, column: 1, expected: #""view""#),
    Malformed(line: #"{"e":"effect","t":1,"tid":1,"kind":"rocket"}"#, column: 36, expected: "one of network"),
    Malformed(
      line: #"{"e":"body","t":1,"tid":1,"id":1,"view":"V","node":1,"cause":"boredom"}"#, column: 62,
      expected: "one of initial"),
    Malformed(line: "{\"e\":\"mark\",\"t\":1,\"tid\":1,\"name\":\"a\tb\"}", column: 36, expected: "control character"),
    Malformed(line: #"{"e":"mark","t":1,"tid":1,"name":"\x"}"#, column: 36, expected: "after '\\'"),
    Malformed(line: #"{"e":"mark","t":1,"tid":1,"x":[1,],"name":"x"}"#, column: 34, expected: "expected a value"),
    Malformed(line: #"{"e":"mark","t":1,"tid":1,"x":01,"name":"x"}"#, column: 32, expected: "expected ',' or '}'"),
    Malformed(line: #"{"e":"mark","t":1,"tid":1,"x":tru,"name":"x"}"#, column: 31, expected: "expected a value"),
  ]

  @Test(arguments: malformed)
  func malformedLinesNameTheLineColumnAndWhatWasExpected(_ example: Malformed) throws {
    let error = try #require(readError(trace(example.line)))
    #expect(error.file == "trace.jsonl")
    #expect(error.line == 2)
    #expect(error.column == example.column, "\(error)")
    #expect(error.message.contains(example.expected), "\(error.message)")
    #expect(error.description.hasPrefix("trace.jsonl:2:\(example.column): "))
  }

  @Test func deepNestingIsBoundedAndReported() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let error = try #require(readError(trace(#"{"e":"mark","t":1,"tid":1,"name":"x","deep":"# + deep + "}")))
    #expect(error.message.contains("nesting deeper than 512"))
  }

  @Test func invalidUTF8IsRejected() throws {
    var bytes = Array(trace().utf8)
    bytes += Array(#"{"e":"mark","t":1,"tid":1,"name":""#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
    let path = try scratch.file("trace.jsonl", containing: Data(bytes))
    var reader = TraceReader(lenient: false)
    #expect(throws: TraceInputError.self) { try reader.read(path: path) }
  }
}
