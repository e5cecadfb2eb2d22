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

extension ReportWordingTests {
  /// A view that observes its model and writes what it read in its own body is re-evaluated
  /// for that write; the summaries count it among the savings, where there is one.
  @Test func theSummariesCountOwnWritesOnlyWhereThereAreSome() throws {
    let analysis = try analyze(
      trace: """
        {"e":"meta","format":"redraw-trace","version":1}
        {"e":"body","t":10,"tid":1,"id":1,"view":"Listing","node":1}
        {"e":"observe","t":11,"tid":1,"obj":1,"type":"Contents","detail":"observedObject"}
        {"e":"read","t":12,"tid":1,"obj":1,"type":"Contents","prop":"state"}
        {"e":"write","t":13,"tid":1,"obj":1,"type":"Contents","prop":"state"}
        {"e":"end","t":14,"tid":1,"id":1}
        {"e":"body","t":20,"tid":1,"id":2,"view":"Listing","node":1,"cause":"write","obj":1,"type":"Contents","prop":"state"}
        {"e":"observe","t":21,"tid":1,"obj":1,"type":"Contents","detail":"observedObject"}
        {"e":"read","t":22,"tid":1,"obj":1,"type":"Contents","prop":"state"}
        {"e":"end","t":23,"tid":1,"id":2}

        """)
    #expect(analysis.summary.ownWriteEvaluations == 1)
    #expect(analysis.summary.evaluationsWithPropertyTracking == 1)
    #expect(TextReport.render(analysis, context: Self.context).contains("own writes"))
    #expect(MarkdownReport.render(analysis, context: Self.context).contains("| Own writes in body | 1 |"))
    let quiet = try GoldenTests.analysis(["whole-model-read"])
    #expect(!TextReport.render(quiet, context: Self.context).contains("own writes"))
  }
}
