import Foundation
import RedrawAnalysis
import RedrawReports
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

  @Test func untrackedReadsAreASummaryCountNotANoteEach() throws {
    var reader = TraceReader(lenient: false)
    let name = "SampleTraces/scenarios/document-task-id.jsonl"
    let file = try reader.read(path: GoldenTests.repositoryRoot.appendingPathComponent(name).path, name: name)
    let analysis = Analysis(files: [file], findings: [])
    let text = TextReport.render(analysis, context: Self.context)
    #expect(text.contains("Untracked reads       3 outside any body (--format json lists them)"))
    #expect(!text.contains("untracked reads)"), "no note per read")
    #expect(JSONReport.render(analysis, context: Self.context).contains("untracked reads"))
  }
}
