import Foundation
import RedrawAnalysis
import RedrawReports
import Testing

/// The writer behind the JSON, SARIF, plan and baseline reports: strings escaped eight
/// bytes at a time, numbers spelled by hand, containers nested to any depth.
@Suite struct JSONWriterTests {
  /// What a string should become, one scalar at a time: the escaper's reference.
  static func expectedQuote(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += #"\""#
      case "\\": quoted += #"\\"#
      case "\n": quoted += #"\n"#
      case "\r": quoted += #"\r"#
      case "\t": quoted += #"\t"#
      case "\u{2028}": quoted += #"\u2028"#
      case "\u{2029}": quoted += #"\u2029"#
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        quoted += String(format: "\\u%04x", scalar.value)
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }

  static func quoted(_ text: String) -> String {
    var json = JSONWriter()
    json.string(text)
    return json.output
  }

  /// Every ASCII character, U+2028, another character that begins with the same byte, and a
  /// non-ASCII letter, at each position of the first two words and past them.
  @Test func everyCharacterAtEveryPositionIsEscapedAsTheReferenceDoes() {
    let specials = (0..<128).compactMap(Unicode.Scalar.init).map(Character.init) + ["\u{2028}", "…", "é"]
    for special in specials {
      for position in 0..<19 {
        var characters = Array(repeating: Character("a"), count: 19)
        characters[position] = special
        let text = String(characters)
        guard Self.quoted(text) == Self.expectedQuote(text) else {
          Issue.record("\(text.debugDescription) was written as \(Self.quoted(text))")
          return
        }
      }
    }
  }

  @Test(arguments: [0, 7, -7, 9, 10, 99, 100, 1_000_000, -1_000_000, Int.max, Int.min, Int.max - 1, Int.min + 1])
  func anIntegerIsWrittenAsSwiftSpellsIt(value: Int) {
    var json = JSONWriter()
    json.number(value)
    #expect(json.output == String(value))
  }

  @Test func everyPowerOfTenAndItsNeighboursAreWritten() {
    var power = 1
    for _ in 0..<18 {
      power *= 10
      for value in [power - 1, power, power + 1, -power] {
        var json = JSONWriter()
        json.number(value)
        #expect(json.output == String(value))
      }
    }
  }

  /// Each container's commas depend on whether it has a value yet, whatever its parents had.
  @Test func deeplyNestedContainersStayValid() throws {
    func nest(_ json: inout JSONWriter, _ depth: Int) {
      json.array { json in
        json.number(depth)
        if depth < 70 { nest(&json, depth + 1) }
        json.string("after \(depth)")
      }
    }
    var json = JSONWriter()
    nest(&json, 1)
    var value = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [Any])
    for depth in 1..<70 {
      #expect(value.first as? Int == depth)
      #expect(value.last as? String == "after \(depth)")
      value = try #require(value[1] as? [Any])
    }
    #expect(value.count == 2)
  }

  @Test func aDocumentLargerThanTheFirstBufferIsWrittenWhole() throws {
    var json = JSONWriter()
    let long = String(repeating: "0123456789", count: 1_000)
    json.array { json in
      for index in 0..<100 { json.string("\(index) \(long)") }
    }
    let value = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String])
    #expect(value == (0..<100).map { "\($0) \(long)" })
  }

  /// A report's file holds the document and one line end, as bytes and as text: for no
  /// document, one short enough for a small string, and one larger than the first buffer.
  @Test(arguments: [-1, 0, 1_000])
  func theFileFormsEndTheDocumentWithOneLineEnd(fields: Int) {
    var json = JSONWriter()
    if fields >= 0 {
      json.object { json in
        for index in 0..<fields { json.field("field \(index)", index) }
      }
    }
    #expect(json.fileBytes == json.bytes + [UInt8(ascii: "\n")])
    #expect(json.fileText == json.output + "\n")
  }

  /// Elements written in pieces on two threads and joined are the elements written one by
  /// one: with none, fewer than two pieces' worth (written whole, not in pieces), and many
  /// pieces, after an element written before them, some pieces with no element.
  @Test(arguments: [0, 1, 511, 512, 2_000])
  func elementsWrittenInPiecesAreJoinedInOrder(count: Int) {
    func document(threads: Int) -> [UInt8] {
      var json = JSONWriter()
      json.object { json in
        json.field("before", 1)
        json.array("elements") { json in
          json.string("first")
          json.elements(count, threads: threads) { json, range in
            for index in range where !(512..<1_024).contains(index) { json.string("element \(index)") }
          }
        }
        json.field("after", 2)
      }
      return json.fileBytes
    }
    #expect(document(threads: 2) == document(threads: 1))
  }

  /// `redraw` writes the JSON report's bytes as the writer made them, never checked by a
  /// `String` on the way: they must be valid UTF-8 and JSON whatever the trace's text.
  @Test func theJSONReportsBytesAreValidJSON() throws {
    let bytes = JSONReport.renderUTF8(ReportEscapingTests.analysis(), context: ReportContext(toolVersion: "1"))
    #expect(bytes.last == UInt8(ascii: "\n"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.first?["view"] as? String == ReportEscapingTests.hostile)
  }
}
