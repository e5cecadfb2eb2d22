import Foundation
import RedrawAnalysis
import Testing

@testable import RedrawReports

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// How each format that CI attaches to code places a finding: at its source location, named
/// relative to the source root once located, with the trace line beside it; at the trace
/// line when there is no source.
@Suite("Source locations in SARIF, GitHub, JUnit, Xcode and JSON reports")
struct SourceLocationReportTests {
  static let context = ReportContext(toolVersion: "t", sourceRoot: "/work/app", workingDirectory: "/work/app")

  /// Four findings in this order: located under the root; looked for and not found; an
  /// absolute path as recorded, with a column; no source at all.
  static let analysis: Analysis = {
    func finding(_ rule: String, _ severity: Severity, _ location: CodeLocation?, line: Int) -> Finding {
      Finding(
        rule: rule, severity: severity, message: "\(rule) happened.", fix: "Fix it.", view: "V\(line)", count: 1,
        location: location, source: "traces/ui.jsonl", evidence: Evidence(line: line, time: 0))
    }
    var file = FileReading(file: "traces/ui.jsonl")
    file.sessions = [Session(source: "traces/ui.jsonl", line: 1)]
    return Analysis(
      files: [file],
      findings: [
        finding(
          "over-broad-invalidation", .warning,
          CodeLocation(file: "Sources/App/Feed View.swift", line: 12, resolution: .sourceRoot), line: 5),
        finding("repeated-init", .error, CodeLocation(file: "FeedView.swift", line: 9, resolution: .notFound), line: 6),
        finding("hot-property", .info, CodeLocation(file: "/Users/me/App/Badge.swift", line: 3, column: 7), line: 7),
        finding("whole-model-read", .warning, nil, line: 8),
      ])
  }()

  static func results() throws -> (run: JSONValue, results: [JSONValue]) {
    let sarif = try JSONValue.parse(SARIFReport.render(analysis, context: context))
    guard case .array(let runs)? = sarif["runs"], let run = runs.first, case .array(let results)? = run["results"]
    else { throw ReportShapeError() }
    return (run, results)
  }

  struct ReportShapeError: Error {}

  static func first(_ value: JSONValue?) -> JSONValue? {
    guard case .array(let items)? = value else { return nil }
    return items.first
  }

  // MARK: - SARIF

  @Test func sarifNamesTheSourceRelativeToSRCROOTWithTheTraceBeside() throws {
    let (run, results) = try Self.results()
    #expect(run["originalUriBaseIds"]?["%SRCROOT%"]?["uri"] == .string("file:///work/app/"))
    let located = results[0]
    let physical = Self.first(located["locations"])?["physicalLocation"]
    #expect(
      physical?["artifactLocation"]
        == .object([("uri", .string("Sources/App/Feed%20View.swift")), ("uriBaseId", .string("%SRCROOT%"))]))
    #expect(physical?["region"] == .object([("startLine", .number(12))]))
    let related = Self.first(located["relatedLocations"])?["physicalLocation"]
    #expect(related?["artifactLocation"] == .object([("uri", .string("traces/ui.jsonl"))]))
    #expect(related?["region"] == .object([("startLine", .number(5))]))
  }

  @Test func sarifKeepsWhatItCannotLocateAndSaysSo() throws {
    let (_, results) = try Self.results()
    let notFound = Self.first(results[1]["locations"])?["physicalLocation"]?["artifactLocation"]
    #expect(notFound == .object([("uri", .string("FeedView.swift"))]), "as recorded, without a base")
    guard case .string(let message)? = results[1]["message"]?["text"] else {
      Issue.record("no message")
      return
    }
    #expect(message.contains("The site FeedView.swift:9, as the trace recorded it, names no single file"))
    let absolute = Self.first(results[2]["locations"])?["physicalLocation"]
    #expect(absolute?["artifactLocation"] == .object([("uri", .string("file:///Users/me/App/Badge.swift"))]))
    #expect(absolute?["region"] == .object([("startLine", .number(3)), ("startColumn", .number(7))]))
    let traceOnly = Self.first(results[3]["locations"])?["physicalLocation"]
    #expect(traceOnly?["artifactLocation"] == .object([("uri", .string("traces/ui.jsonl"))]))
    #expect(results[3]["relatedLocations"] == nil)
  }

  @Test func locatedSARIFValidatesAgainstTheOfficialSchema() throws {
    for analysis in [Self.analysis, try GoldenTests.locatedAnalysis()] {
      let sarif = SARIFReport.render(analysis, context: Self.context)
      let violations = try CIFormatTests.schemaValidator().violations(of: JSONValue.parse(sarif))
      #expect(violations.isEmpty, "\(violations.prefix(10))")
    }
  }

  // MARK: - GitHub

  @Test func githubAnnotatesTheSourceFileAndNamesTheTraceLine() {
    let lines = GitHubReport.render(Self.analysis, context: Self.context).split(separator: "\n").map(String.init)
    #expect(
      lines[0].hasPrefix("::warning file=Sources/App/Feed View.swift,line=12,title=redraw over-broad-invalidation::"))
    #expect(lines[0].hasSuffix("over-broad-invalidation happened. Fix: Fix it. Trace: traces/ui.jsonl:5."))
    #expect(lines[1].hasPrefix("::error file=FeedView.swift,line=9,"))
    #expect(lines[1].contains("names no single file under the source root"))
    #expect(lines[2].hasPrefix("::notice file=/Users/me/App/Badge.swift,line=3,col=7,"))
    #expect(lines[3].hasPrefix("::warning file=traces/ui.jsonl,line=8,"))
    #expect(!lines[3].contains("Trace:"), "the trace is the annotation's own place")
  }

  // MARK: - JUnit

  @Test func junitCasesHaveTheSourceFileAndLine() throws {
    let xml = JUnitReport.render(Self.analysis, context: Self.context)
    let document = try XMLDocument(data: Data(xml.utf8))
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    let places = cases.map { ($0.attribute(forName: "file")?.stringValue, $0.attribute(forName: "line")?.stringValue) }
    #expect(places.contains { $0 == ("Sources/App/Feed View.swift", "12") })
    #expect(places.contains { $0 == ("FeedView.swift", "9") })
    #expect(!xml.contains(#"file="traces/ui.jsonl""#), "a finding without a source has no file attribute")
    #expect(xml.contains("Evidence: traces/ui.jsonl:5\nSource: Sources/App/Feed View.swift:12"))
  }

  // MARK: - Xcode

  @Test func xcodeLinesAreAbsolutePathsLinesAndColumns() {
    let lines = XcodeReport.render(Self.analysis, context: Self.context).split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "/work/app/Sources/App/Feed View.swift:12:1: warning: over-broad-invalidation happened. [over-broad-invalidation]",
        "/work/app/traces/ui.jsonl:5:1: note: the first event in the trace that shows it",
        "/work/app/traces/ui.jsonl:6:1: error: repeated-init happened. The site FeedView.swift:9, as the trace recorded "
          + "it, names no single file under the source root. [repeated-init]",
        "/Users/me/App/Badge.swift:3:7: note: hot-property happened. [hot-property]",
        "/work/app/traces/ui.jsonl:7:1: note: the first event in the trace that shows it",
        "/work/app/traces/ui.jsonl:8:1: warning: whole-model-read happened. [whole-model-read]",
      ])
  }

  @Test func xcodeSaysWhatConfigurationMatchedNothingAtTheEntry() {
    var analysis = Self.analysis
    analysis.findings = UnusedConfigurationCheck.findings(
      budgets: [
        Budget(
          view: "NoSuchScreen", metric: .bodyEvaluations, maximum: 3,
          entry: ConfigurationEntry(file: ".redraw.json", line: 7, column: 5))
      ], suppressions: Suppressions(), in: Analysis(files: [], findings: []), context: RuleContext())
    #expect(
      XcodeReport.render(analysis, context: Self.context)
        == "/work/app/.redraw.json:7:1: warning: budget for NoSuchScreen matched no view. [unused-configuration]\n")
  }

  // MARK: - JSON

  @Test func jsonFindingsHaveTheirLocation() throws {
    let json = try JSONValue.parse(JSONReport.render(Self.analysis, context: Self.context))
    guard case .array(let findings)? = json["findings"] else {
      Issue.record("no findings")
      return
    }
    let locations = findings.map { $0["location"] }
    #expect(
      locations[0]
        == .object([
          ("file", .string("Sources/App/Feed View.swift")), ("line", .number(12)),
          ("resolution", .string("sourceRoot")),
        ]))
    #expect(locations[1]?["resolution"] == .string("notFound"))
    #expect(locations[2]?["column"] == .number(7))
    #expect(locations[3] == nil)
  }
}

extension SourceLocationReportTests {
  /// The reports people read say where a finding points when that is not its site: for a
  /// view finding, the view's declaration; a finding with no location says nothing more.
  @Test func textAndHTMLNameTheSourceOfAViewFinding() {
    let text = TextReport.render(Self.analysis, context: Self.context)
    let html = HTMLReport.render(Self.analysis, context: Self.context)
    for report in [text, html] {
      #expect(report.contains("source Feed View.swift:12"))
      #expect(report.contains("source Badge.swift:3"))
    }
    // Three of the four findings have a location; the fourth has none to show.
    #expect(html.components(separatedBy: "· source ").count - 1 == 3)
  }
}
