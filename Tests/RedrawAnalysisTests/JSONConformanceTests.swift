import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// The JSONTestSuite parsing cases (vendored in JSONTestSuite/): `y_` must be accepted,
/// `n_` rejected with a `file:line:column` error, `i_` either, and none may crash or hang.
@Suite("JSONTestSuite conformance")
struct JSONConformanceTests {
  static let cases: [String] =
    JSONTestSuite.folder.map { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
        .sorted()
    } ?? []

  /// The cases are there in every clone: a suite of none would pass.
  @Test func theCasesAreThere() {
    #expect(Self.cases.count == 318)
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: try #require(JSONTestSuite.folder).appendingPathComponent(name)))
  }

  /// The case as the value of an unknown key in an otherwise valid event line.
  static func embedded(_ document: [UInt8]) -> [UInt8] {
    Array((metaLine + "\n").utf8) + Array(#"{"e":"mark","t":1,"tid":1,"name":"x","case":"#.utf8) + document
      + Array("}\n".utf8)
  }

  @Test(arguments: cases)
  func caseAsTheValueOfAnUnknownKey(name: String) throws {
    let document = try Self.bytes(name)
    // A document with a raw line break cannot sit inside one line; the next test covers it.
    guard !document.contains(0x0A), !document.contains(0x0D) else { return }
    var reader = TraceReader(lenient: false)
    let result = Result { try reader.read(bytes: Self.embedded(document), name: "case.jsonl") }
    switch (name.prefix(2), result) {
    case ("y_", .failure(let error)):
      Issue.record("\(name) must be accepted: \(error)")
    case ("n_", .success):
      Issue.record("\(name) must be rejected")
    case ("n_", .failure(let error)):
      let inputError = try #require(error as? TraceInputError)
      #expect(inputError.line == 2 && inputError.column > 1, "\(name): \(inputError)")
      #expect(inputError.description.hasPrefix("case.jsonl:2:"))
    default:
      break
    }
  }

  @Test(arguments: cases)
  func caseAsAWholeDocument(name: String) throws {
    let document = try Self.bytes(name)
    let result = Result { try document.withUnsafeBufferPointer { try JSONValue.parse($0) } }
    switch (name.prefix(2), result) {
    case ("y_", .failure(let error)): Issue.record("\(name) must be accepted: \(error)")
    case ("n_", .success): Issue.record("\(name) must be rejected")
    default: break
    }
  }

  @Test func objectCasesAsTheLineItselfAreReadOrRejectedCleanly() throws {
    for name in Self.cases {
      let document = try Self.bytes(name)
      guard document.first == UInt8(ascii: "{"), !document.contains(0x0A) else { continue }
      var reader = TraceReader(lenient: true)
      // Objects without an "e" key are not events: skipped and counted, never a crash.
      let file = try reader.read(bytes: Array((metaLine + "\n").utf8) + document + [0x0A], name: "case.jsonl")
      #expect(file.skippedLines + file.events >= 1, "\(name)")
    }
  }
}

enum JSONTestSuite {
  /// The parsing cases, vendored under JSONTestSuite/ (MIT licence, see its LICENSE and
  /// SOURCE.md), so they run in every clone.
  static let folder: URL? = {
    let url = repositoryRoot.appendingPathComponent("Tests/RedrawAnalysisTests/JSONTestSuite/test_parsing")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }()
}
