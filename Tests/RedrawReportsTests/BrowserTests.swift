import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReports

/// The HTML report in a real browser: headless Chromium loads it from disk, a test
/// script sorts and filters its tables, and the page must show the findings, run no
/// injected script, make no request and raise no error.
///
/// Skipped where Chromium is not installed; `.ci/run` installs it.
@Suite("The HTML report in headless Chromium", .enabled(if: Chromium.path != nil, "Chromium is not installed"))
struct BrowserTests {
  static let artifacts = repositoryRoot.appendingPathComponent(".build/test-artifacts")

  /// A report of every sample plus a view whose name is a script.
  func report() throws -> String {
    HTMLReport.render(try analysis(), context: ReportContext(toolVersion: "0.0.0-test", generatedAt: "2026-11-30"))
  }

  /// Every sample's analysis plus a session and a finding whose names are scripts.
  func analysis() throws -> Analysis {
    var analysis = try GoldenTests.analysis(SampleNames.all)
    var session = Session(source: "hostile.jsonl", line: 1)
    session.scenario = "<img src=x onerror=\"window.__pwned=1\">"
    var node = NodeSummary(node: 1, view: "<script>window.__pwned=1</script>", first: Evidence(line: 2, time: 1))
    node.evaluations = 1
    node.initial = 1
    node.timeline = [NodeSummary.TimelineBucket(index: 0, evaluations: 1, wasted: 0)]
    node.readProperties = ["</title><script>window.__pwned=1</script>.x"]
    session.nodes = [node]
    var file = FileReading(file: "hostile\"><script>window.__pwned=1</script>.jsonl")
    file.sessions = [session]
    analysis.files.append(file)
    analysis.findings.append(
      Finding(
        rule: "side-effect-in-body", severity: .warning, message: "<script>window.__pwned=1</script>", fix: "fix",
        view: "<script>window.__pwned=1</script>", count: 1, source: "hostile.jsonl",
        evidence: Evidence(line: 2, time: 1)))
    return analysis
  }

  /// Adds a probe at the top of `<head>` and a driver at the end of `<body>`, each
  /// allowed by its hash in the page's own Content-Security-Policy.
  func instrumented(_ html: String) -> String {
    let probe = """
      window.__errors = [];
      addEventListener("error", (event) => window.__errors.push(String(event.message)));
      addEventListener("securitypolicyviolation", (event) => window.__errors.push("csp " + event.violatedDirective));
      """
    let driver = """
      const results = {};
      results.findings = document.querySelectorAll("#findings article").length;
      const table = document.getElementById("views-table");
      const header = Array.from(table.tHead.rows[0].cells).find((cell) => cell.textContent.trim() === "Evaluations");
      const column = Array.from(table.tHead.rows[0].cells).indexOf(header);
      const evaluations = () => Array.from(table.tBodies[0].rows).filter((row) => !row.hidden)
        .map((row) => Number(row.cells[column].dataset.value));
      header.querySelector("button").click();
      results.ascending = evaluations();
      results.ascendingSort = header.getAttribute("aria-sort");
      header.querySelector("button").click();
      results.descending = evaluations();
      const filter = document.getElementById("views-filter");
      filter.value = "badge";
      filter.dispatchEvent(new Event("input"));
      results.filtered = Array.from(table.tBodies[0].rows).filter((row) => !row.hidden).map((row) => row.cells[0].textContent);
      results.filterCount = document.getElementById("views-table-count").textContent;
      results.resources = performance.getEntriesByType("resource").length;
      results.pwned = window.__pwned === undefined ? null : window.__pwned;
      results.errors = window.__errors;
      results.matrixCells = document.querySelectorAll("#matrix-svg rect").length;
      results.background = getComputedStyle(document.body).backgroundColor;
      results.updateRows = document.querySelectorAll("#updates-table tbody tr").length;
      results.trails = document.querySelectorAll("#findings details.trail").length;
      results.trailRows = document.querySelectorAll("#findings details.trail tbody tr").length;
      const picture = document.getElementById("matrix-svg").getBoundingClientRect();
      const labels = Array.from(document.querySelectorAll("#matrix-svg text"));
      results.matrixLabels = labels.length;
      results.labelsOutside = labels.filter((label) => {
        const box = label.getBoundingClientRect();
        return box.left < picture.left - 0.5 || box.right > picture.right + 0.5
          || box.top < picture.top - 0.5 || box.bottom > picture.bottom + 0.5;
      }).map((label) => label.textContent);
      results.timelines = document.querySelectorAll("svg.timeline").length;
      const out = document.createElement("pre");
      out.id = "test-results";
      out.textContent = JSON.stringify(results);
      document.body.appendChild(out);
      """
    return Chromium.instrumented(html, probe: probe, driver: driver)
  }

  struct Results: Decodable {
    var findings: Int
    var ascending: [Double]
    var ascendingSort: String
    var descending: [Double]
    var filtered: [String]
    var filterCount: String
    var resources: Int
    var pwned: Int?
    var errors: [String]
    var matrixCells: Int
    var background: String
    var updateRows: Int
    var trails: Int
    var trailRows: Int
    var matrixLabels: Int
    var labelsOutside: [String]
    var timelines: Int
  }

  /// Loads the instrumented report in Chromium (with `arguments`) and returns what the
  /// driver found.
  func driven(_ arguments: [String] = []) throws -> Results {
    let html = try report()
    #expect(!html.contains("<script>window.__pwned"))
    return try Chromium.results(of: instrumented(html), arguments: arguments)
  }

  @Test func sortingFilteringAndSafety() throws {
    let results = try driven()
    // Counts over every sample (a new sample changes them): each finding a row, each session
    // with evaluations a timeline, each finding with a trail a disclosure.
    let analysis = try analysis()
    let sessions = analysis.files.flatMap(\.sessions)
    #expect(results.findings == analysis.findings.count)
    #expect(results.ascendingSort == "ascending")
    // Sorted by the page's script: every view node's evaluations, both ways.
    let evaluations = sessions.flatMap(\.nodes).map { Double($0.evaluations) }.sorted(by: >)
    #expect(results.descending == evaluations)
    #expect(results.ascending == results.descending.reversed())
    // The badge of the over-broad sample, the badge of the clean one, the count badge, and
    // the sync badge of the uninstrumented-model sample's two sessions.
    #expect(results.filtered.sorted() == ["SyncBadge", "SyncBadge", "UnreadBadge", "UnreadBadge", "UnreadCountBadge"])
    #expect(results.filterCount == "5 shown")
    #expect(results.resources == 0, "no network request")
    #expect(results.pwned == nil, "no script from the trace ran")
    #expect(results.errors.isEmpty, "\(results.errors)")
    #expect(results.matrixCells > 0)
    #expect(results.matrixLabels > 10)
    #expect(results.labelsOutside.isEmpty, "every matrix label's box lies inside the picture")
    #expect(results.timelines == sessions.filter { $0.nodes.contains { !$0.timeline.isEmpty } }.count)
    #expect(results.updateRows > 0, "what made each view update")
    #expect(
      results.trails == analysis.findings.filter { !$0.trail.isEmpty }.count,
      "every finding with a trail opens to the events behind it")
    #expect(results.trails >= 9)
    #expect(results.trailRows >= 18)
    #expect(results.background == "rgb(255, 255, 255)", "light by default")
  }

  @Test func darkModeFollowsTheSystem() throws {
    let results = try driven(["--force-dark-mode"])
    #expect(results.background == "rgb(22, 22, 24)", "the dark palette's background")
    #expect(results.errors.isEmpty && results.labelsOutside.isEmpty)
  }

  /// Screenshots in light and dark mode, kept in .build/test-artifacts for people to look at.
  @Test func screenshotsInLightAndDarkModeAreKeptAsArtifacts() throws {
    try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
    let page = Self.artifacts.appendingPathComponent("report.html")
    try Data(report().utf8).write(to: page)
    var shots: [Data] = []
    for (name, arguments) in [("report-light.png", []), ("report-dark.png", ["--force-dark-mode"])] {
      let screenshot = Self.artifacts.appendingPathComponent(name)
      try? FileManager.default.removeItem(at: screenshot)
      _ = try Chromium.run(
        arguments + ["--window-size=1280,2400", "--screenshot=\(screenshot.path)", page.absoluteString])
      shots.append(try Data(contentsOf: screenshot))
    }
    #expect(shots[0] != shots[1], "the dark screenshot is not the light one")
  }
}
