import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReports

/// The plan's page and the analysis report's what-if in headless Chromium: saved and added
/// evaluations side by side, the checklist first, tables that sort, no request, no error.
@Suite("The migration plan in headless Chromium", .enabled(if: Chromium.path != nil, "Chromium is not installed"))
struct PlanBrowserTests {
  /// The before runs of the migration samples, read as one input.
  static func beforeRuns() throws -> Analysis {
    try analyze(
      repositoryFiles: ["search", "nested-list", "effectful-owner", "equal-values"].map {
        "SampleTraces/scenarios/migration-\($0)-before.jsonl"
      })
  }

  /// The values of what the page shows, read by a script the page's policy allows by its hash.
  static let driver = """
    const text = (selector) => { const node = document.querySelector(selector); return node ? node.textContent : null; };
    const number = (id) => Number((text("#" + id + " .n") || "").replace(/[^0-9-]/g, ""));
    const results = {
      cards: ["card-now", "card-saved", "card-added", "card-after"].map((id) => document.getElementById(id) ? number(id) : -1),
      bars: ["bar-now", "bar-saved", "bar-added", "bar-after"].map((id) => {
        const group = document.getElementById(id);
        return group ? Number(group.querySelectorAll("text")[1].textContent.replace(/[^0-9-]/g, "")) : -1;
      }),
      checklist: Array.from(document.querySelectorAll("#checklist .finding")).map((item) => item.className),
      resources: performance.getEntriesByType("resource").length,
      errors: window.__errors
    };
    const table = document.getElementById("views-table");
    const header = table && Array.from(table.tHead.rows[0].cells).find((cell) => cell.textContent.trim() === "Saved");
    if (header) {
      const column = Array.from(table.tHead.rows[0].cells).indexOf(header);
      header.querySelector("button").click();
      header.querySelector("button").click();
      results.savedDescending = Array.from(table.tBodies[0].rows).map((row) => Number(row.cells[column].dataset.value));
    }
    const out = document.createElement("pre");
    out.id = "test-results";
    out.textContent = JSON.stringify(results);
    document.body.appendChild(out);
    """

  static let probe = """
    window.__errors = [];
    addEventListener("error", (event) => window.__errors.push(String(event.message)));
    addEventListener("securitypolicyviolation", (event) => window.__errors.push("csp " + event.violatedDirective));
    """

  struct Results: Decodable {
    var cards: [Int]
    var bars: [Int]
    var checklist: [String]
    var resources: Int
    var errors: [String]
    var savedDescending: [Double]?
  }

  /// Loads `html` with the probe and the driver in Chromium and returns what the driver read.
  func driven(_ html: String) throws -> Results {
    try Chromium.results(of: Chromium.instrumented(html, probe: Self.probe, driver: Self.driver))
  }

  @Test func thePlanShowsSavedAndAddedSideBySideAndTheErrorFirst() throws {
    let plan = Analyzer().plan(for: try Self.beforeRuns())
    let results = try driven(PlanReport.render(plan, format: .html, context: .init(toolVersion: "0", inputs: ["b"])))
    let totals = plan.totals
    #expect(results.cards == [totals.now, totals.saved, totals.added, totals.after])
    #expect(results.bars == results.cards)
    #expect(totals.saved > 0 && totals.added > 0, "the samples save and add")
    #expect(results.checklist.count == plan.checklist.count)
    #expect(results.checklist.first?.contains("error") == true, "the effectful initializer comes first")
    #expect(results.savedDescending == results.savedDescending?.sorted(by: >))
    #expect(results.resources == 0)
    #expect(results.errors.isEmpty, "\(results.errors)")
  }

  @Test func theReportsWhatIfShowsSavedAndAddedSideBySide() throws {
    let analysis = try Self.beforeRuns()
    let results = try driven(HTMLReport.render(analysis, context: ReportContext(toolVersion: "0")))
    let summary = analysis.summary
    #expect(
      results.bars == [
        summary.bodyEvaluations, summary.savedEvaluations, summary.addedEvaluations,
        summary.evaluationsWithPropertyTracking,
      ])
    #expect(summary.addedEvaluations == 3, "the nested list's missed updates")
    #expect(results.errors.isEmpty, "\(results.errors)")
  }
}
