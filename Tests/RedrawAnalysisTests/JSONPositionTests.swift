import RedrawAnalysis
import Testing

/// Configuration errors name the place of a value that parsed but means nothing: the
/// parser records where each member and element starts.
@Suite("JSON documents: where each value is")
struct JSONPositionTests {
  static let document = """
    {
      "rules": { "hot-property": { "severity": "info" } },
      "ignore": [
        { "rule": "x" },
        { "view": "Y" }
      ]
    }
    """

  @Test(arguments: [
    ("rules", 2, 3), ("rules.hot-property", 2, 14), ("rules.hot-property.severity", 2, 32),
    ("ignore[0]", 4, 5), ("ignore[1].view", 5, 7),
  ])
  func eachMemberAndElementHasItsLineAndColumn(path: String, line: Int, column: Int) throws {
    var positions = JSONValue.Positions()
    _ = try JSONValue.parse(Self.document, positions: &positions)
    let place = try #require(positions.position(of: path))
    #expect(place.line == line && place.column == column)
  }

  @Test func aPathNotRecordedFallsBackToTheNearestEnclosingOne() throws {
    var positions = JSONValue.Positions()
    _ = try JSONValue.parse(Self.document, positions: &positions)
    let place = try #require(positions.position(of: "ignore[1].reason"))
    #expect(place.line == 5 && place.column == 5)
  }

  @Test func aDocumentCutShortSaysItEnded() {
    let error = #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse("{\n  \"rules\": {\n") }
    #expect(error?.description == "3:1: expected a key string, found the end of the document")
  }
}
