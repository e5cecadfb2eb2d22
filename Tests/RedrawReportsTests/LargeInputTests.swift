import Foundation
import RedrawAnalysis
import Testing

@testable import RedrawReports

/// However many views and findings a trace has, every report stays bounded, and says how
/// much it left out.
@Suite("Reports of huge analyses stay bounded")
struct LargeInputTests {
  static let analysis: Analysis = {
    var session = Session(source: "huge.jsonl", line: 1)
    session.nodes = (0..<50_000).map { index in
      var node = NodeSummary(node: Int64(index), view: "View\(index)", first: Evidence(line: index + 2, time: 0))
      node.evaluations = index % 7 + 1
      node.timeline = (0..<64).map { NodeSummary.TimelineBucket(index: Int32($0), evaluations: 1, wasted: 0) }
      node.readProperties = ["Model\(index % 300).property\(index % 11)"]
      return node
    }
    session.properties = (0..<20_000).map { index in
      PropertySummary(type: "Model\(index)", property: "p", reads: 1, writes: 1, neededEvaluations: 1)
    }
    var file = FileReading(file: "huge.jsonl")
    file.sessions = [session]
    let findings = (0..<100_000).map { index in
      Finding(
        rule: "over-broad-invalidation", severity: index % 10 == 0 ? .error : .warning, message: "View\(index) wasted",
        fix: "fix", view: "View\(index)", type: "Model", property: "p\(index)", count: index, source: "huge.jsonl",
        evidence: Evidence(line: index, time: 0))
    }
    return Analysis(files: [file], findings: Finding.inReportOrder(findings))
  }()

  @Test(arguments: ReportFormat.allCases)
  func everyFormatIsBounded(format: ReportFormat) {
    let report = format.renderer.render(Self.analysis, context: ReportContext(toolVersion: "t"))
    let limits: [ReportFormat: Int] = [
      .text: 200_000, .json: 8 << 20, .sarif: 8 << 20, .junit: 2 << 20, .markdown: 1 << 20, .github: 100_000,
      .html: 4 << 20, .xcode: 1 << 20,
    ]
    #expect(report.utf8.count < limits[format]!, "\(format): \(report.utf8.count) bytes")
  }

  /// The findings written in pieces on several threads join into the report one thread
  /// writes, byte for byte (10,000 findings: forty pieces on four threads).
  @Test(arguments: [2, 3, 4])
  func theJSONReportIsTheSameOnAnyNumberOfThreads(threads: Int) {
    let one = JSONReport.renderUTF8(Self.analysis, context: ReportContext(toolVersion: "t"))
    let many = JSONReport.renderUTF8(Self.analysis, context: ReportContext(toolVersion: "t", threads: threads))
    #expect(many == one)
  }

  @Test func whatIsLeftOutIsCounted() {
    let context = ReportContext(toolVersion: "t")
    #expect(TextReport.render(Self.analysis, context: context).contains("… and 99,800 more findings"))
    #expect(JSONReport.render(Self.analysis, context: context).contains(#""findingsOmitted": 90000"#))
    #expect(JSONReport.render(Self.analysis, context: context).contains(#""viewsOmitted": 49500"#))
    #expect(GitHubReport.render(Self.analysis, context: context).contains("99950 more findings are not annotated"))
    #expect(XcodeReport.render(Self.analysis, context: context).contains("99000 more findings are not shown"))
    #expect(HTMLReport.render(Self.analysis, context: context).contains("…and 99500 more findings."))
    #expect(MarkdownReport.render(Self.analysis, context: context).contains("more findings; see the full report"))
  }
}
