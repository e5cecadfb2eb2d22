import Foundation
import RedrawAnalysis
import RedrawReports
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Every string from a trace is escaped in every report")
struct ReportEscapingTests {
  static let hostile = "Evil\u{1B}[2J\u{07}\"<script>alert(1)</script>\\\n\u{2028}View"

  static func analysis() -> Analysis {
    var session = Session(source: "t\u{1B}]0;title\u{07}.jsonl", line: 1)
    session.scenario = hostile
    var node = NodeSummary(node: 1, view: hostile, first: Evidence(line: 2, time: 10))
    node.evaluations = 2
    node.initial = 1
    node.overBroad = 1
    session.nodes = [node]
    var file = FileReading(file: session.source)
    file.sessions = [session]
    let finding = Finding(
      rule: "over-broad-invalidation", severity: .warning, message: "\(hostile) was re-evaluated", fix: "fix",
      view: hostile, type: hostile, property: hostile, count: 1, site: hostile,
      location: CodeLocation(file: hostile, line: 3, resolution: .notFound), scenario: hostile,
      source: session.source, evidence: Evidence(line: 2, time: 10))
    return Analysis(files: [file], findings: [finding])
  }

  @Test func theTextReportHasNoControlCharacters() {
    let text = TextReport.render(Self.analysis(), context: ReportContext(toolVersion: "1"))
    let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) }
    #expect(controls.isEmpty)
    #expect(text.contains("Evil\u{FFFD}[2J"))
  }

  @Test func theJSONReportRoundTrips() throws {
    let json = JSONReport.render(Self.analysis(), context: ReportContext(toolVersion: "1"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.first?["view"] as? String == Self.hostile)
    // A site is named by its file's name: the hostile text after its last slash.
    #expect(findings.first?["site"] as? String == CodeLocation.shortSite(Self.hostile))
    let location = try #require(findings.first?["location"] as? [String: Any])
    #expect(location["file"] as? String == Self.hostile)
    let sessions = try #require(object["sessions"] as? [[String: Any]])
    #expect(sessions.first?["scenario"] as? String == Self.hostile)
  }

  /// Every escape, exactly: the quote, the backslash, the named controls, the others as
  /// `\u00XX`, DEL, U+2028 and U+2029; other text, non-ASCII included, as it is.
  @Test(arguments: [
    ("plain", #""plain""#),
    ("", #""""#),
    ("a\"b\\c", #""a\"b\\c""#),
    ("\n\r\t", #""\n\r\t""#),
    ("\u{01}\u{1F}\u{7F}", #""\u0001\u001f\u007f""#),
    ("\u{1B}[2J", #""\u001b[2J""#),
    ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
    ("… — → ×", #""… — → ×""#),
    ("â†", "\"â†\""),
    ("\u{2027}\u{202A}", "\"\u{2027}\u{202A}\""),
  ])
  func aStringIsQuotedWithWhatJSONAndJavaScriptNeedEscaped(value: String, quoted: String) {
    var output: [UInt8] = []
    JSONWriter.appendQuoted(value, to: &output)
    #expect(String(decoding: output, as: UTF8.self) == quoted)
  }

  @Test func jsonWriterKeepsKeyOrder() {
    var json = JSONWriter()
    json.object { json in
      json.field("z", 1)
      json.field("a", "b")
      json.array("m") { json in
        json.number(1)
        json.string("x")
      }
      json.object("e") { _ in }
    }
    #expect(json.output == "{\n  \"z\": 1,\n  \"a\": \"b\",\n  \"m\": [\n    1,\n    \"x\"\n  ],\n  \"e\": {}\n}")
  }
}

@Suite("Trace strings are harmless in every format")
struct EveryFormatEscapingTests {
  @Test(arguments: ReportFormat.allCases)
  func hostileStringsAreEscaped(format: ReportFormat) throws {
    let report = format.renderer.render(ReportEscapingTests.analysis(), context: ReportContext(toolVersion: "1"))
    switch format {
    case .text, .github, .markdown, .xcode:
      let controls = report.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x1B }
      #expect(controls.isEmpty, "no control characters or escape sequences in \(format)")
      #expect(!report.contains("<script>") || [.text, .github, .xcode].contains(format))
      if format == .github {
        #expect(report.split(separator: "\n").allSatisfy { $0.hasPrefix("::") }, "one command per line")
      }
      if format == .xcode {
        #expect(report.split(separator: "\n").count == 1, "one issue per line")
      }
    case .json, .sarif:
      #expect(throws: Never.self) { try JSONValue.parse(report) }
    case .junit:
      #expect(throws: Never.self) { try XMLDocument(data: Data(report.utf8)) }
    case .html:
      // Only the report's own script tag; the trace's is text.
      #expect(report.components(separatedBy: "<script>").count == 2)
      #expect(report.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
  }
}
