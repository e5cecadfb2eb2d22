import Foundation
import RedrawAnalysis
import RedrawReports
import RedrawTestSupport
import Testing

@Suite("Reports label what they name and keep allowed notes out of the way")
struct ReportWordingTests {
  static let context = ReportContext(toolVersion: "test")

  @Test func everyFormatLabelsTheViewAndTheModel() throws {
    let analysis = try GoldenTests.analysis(["whole-model-read"])
    let labeled = "view ReadingListView · model ReadingList"
    #expect(TextReport.render(analysis, context: Self.context).contains("whole-model-read  \(labeled)  ×9"))
    #expect(MarkdownReport.render(analysis, context: Self.context).contains(labeled))
    #expect(JUnitReport.render(analysis, context: Self.context).contains(labeled))
    #expect(HTMLReport.render(analysis, context: Self.context).contains(labeled))
  }

  /// A budget finding's metric is typed, not a model property: it is labelled as the budget.
  @Test func aBudgetFindingLabelsItsMeasureAsTheBudget() {
    let finding = Finding(
      rule: BudgetCheck.description.id, severity: .error, message: "UnreadBadge had 7 body evaluations.", fix: "",
      view: "UnreadBadge", metric: .bodyEvaluations, count: 7, source: "t.jsonl",
      evidence: Evidence(line: 1, time: 0))
    let analysis = Analysis(files: [], findings: [finding])
    let labeled = "view UnreadBadge · budget bodyEvaluations"
    #expect(TextReport.render(analysis, context: Self.context).contains(labeled))
    #expect(JUnitReport.render(analysis, context: Self.context).contains(labeled))
    #expect(!TextReport.render(analysis, context: Self.context).contains("model bodyEvaluations"))
  }

  @Test func untrackedReadsAreASummaryCountNotANoteEach() throws {
    var reader = TraceReader(lenient: false)
    let name = "SampleTraces/scenarios/document-task-id.jsonl"
    let file = try reader.read(path: repositoryRoot.appendingPathComponent(name).path, name: name)
    let analysis = Analysis(files: [file], findings: [])
    let text = TextReport.render(analysis, context: Self.context)
    #expect(text.contains("Untracked reads       3 outside any body (--format json gives the first line of each kind)"))
    #expect(!text.contains("untracked reads)"), "no note per read")
    #expect(JSONReport.render(analysis, context: Self.context).contains("untracked reads"))
  }
}
