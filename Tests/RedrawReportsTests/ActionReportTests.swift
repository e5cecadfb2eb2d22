import Foundation
import RedrawAnalysis
import RedrawReports
import RedrawTestSupport
import Testing

/// The reports say which user action caused which writes and evaluations.
@Suite("Actions in the reports")
struct ActionReportTests {
  static func chatAnalysis() throws -> Analysis {
    try analyze(repositoryFiles: ["SampleTraces/scenarios/chat-actions-object-level.jsonl"])
  }

  @Test func theTextReportListsEachActionWithItsWritesAndEvaluations() throws {
    let text = TextReport.render(try Self.chatAnalysis(), context: ReportContext(toolVersion: "test"))
    #expect(text.contains("Actions (the evaluations their writes caused)\n"))
    #expect(text.contains("  Message             4 times: 4 writes caused 16 evaluations (12 over-broad)"))
    #expect(text.contains("  Send                2 times: 4 writes caused 8 evaluations (4 over-broad)"))
  }

  @Test func theHTMLReportHasAnActionsTableOnlyWhenActionsWereRecorded() throws {
    let html = HTMLReport.render(try Self.chatAnalysis(), context: ReportContext(toolVersion: "test"))
    #expect(html.contains(#"<section id="actions"><h2>Actions</h2>"#))
    #expect(html.contains("<td>Send</td>"))
    let clean = HTMLReport.render(try GoldenTests.analysis(["clean"]), context: ReportContext(toolVersion: "test"))
    #expect(!clean.contains(#"id="actions""#))
  }

  @Test func theJSONReportHasEachSessionsActions() throws {
    let json = JSONReport.render(try Self.chatAnalysis(), context: ReportContext(toolVersion: "test"))
    let compact = json.filter { !$0.isWhitespace }
    #expect(compact.contains(#""name":"Message","performed":4,"writes":4,"evaluations":16,"overBroad":12"#))
  }
}

extension ActionReportTests {
  @Test func eachViewsUpdatesAreSplitByCauseNeededAgainstWasted() throws {
    let session = try #require(try Self.chatAnalysis().sessions.first)
    let composer = session.updates.filter { $0.view == "Composer" }
    #expect(composer.contains(ViewUpdate(view: "Composer", cause: .property("Chat.draft"), needed: 6, wasted: 0)))
    #expect(composer.contains(ViewUpdate(view: "Composer", cause: .action("Send"), needed: 2, wasted: 0)))
    #expect(
      session.updates.contains(ViewUpdate(view: "UnreadDot", cause: .property("Chat.draft"), needed: 0, wasted: 4)))
    let html = HTMLReport.render(try Self.chatAnalysis(), context: ReportContext(toolVersion: "test"))
    #expect(html.contains(#"<section id="updates"><h2>What made each view update</h2>"#))
    #expect(html.contains("<td>writes to Chat.draft</td>"))
  }
}
