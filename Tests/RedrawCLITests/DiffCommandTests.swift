import Foundation
import RedrawAnalysis
import RedrawCLI
import RedrawTestSupport
import Testing

@Suite("redraw diff: before and after a change")
struct DiffCommandTests {
  @Test func theMigrationShowsTheRightDeltas() throws {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["diff", sample("over-broad-invalidation"), sample("clean"), "--format", "json"]) == .success)
    let report = try JSONValue.parse(terminal.standardOutput)
    #expect(report["regressed"] == .bool(false))
    #expect(
      report["bodyEvaluations"] == .object([("before", .number(13)), ("after", .number(9)), ("change", .number(-4))]))
    #expect(report["overBroadEvaluations"]?["change"] == .number(-5))
    guard case .array(let views)? = report["views"], case .array(let fixed)? = report["fixedFindings"] else {
      Issue.record("views and fixedFindings are arrays")
      return
    }
    let badge = try #require(views.first { $0["view"] == .string("UnreadBadge") })
    #expect(badge["evaluations"] == .object([("before", .number(6)), ("after", .number(2)), ("change", .number(-4))]))
    #expect(badge["overBroadEvaluations"]?["change"] == .number(-5))
    #expect(fixed.count == 1)
    #expect(fixed.first?["rule"] == .string("over-broad-invalidation"))
  }

  @Test(arguments: [("0", ExitCode.findings), ("44", .findings), ("45", .success)])
  func theThresholdDecidesARegression(threshold: String, expected: ExitCode) {
    // 9 -> 13 body evaluations is +44.4%; the new finding is a warning, below --fail-on error.
    let terminal = CapturedTerminal()
    #expect(
      terminal.run(["diff", sample("clean"), sample("over-broad-invalidation"), "--max-increase", threshold + "%"])
        == expected)
  }

  @Test func newFindingsAtTheFailLevelRegress() {
    let terminal = CapturedTerminal()
    let arguments = ["diff", sample("clean"), sample("over-broad-invalidation"), "--max-increase", "100"]
    #expect(terminal.run(arguments) == .success)
    #expect(CapturedTerminal().run(arguments + ["--fail-on", "warning"]) == .findings)
  }

  @Test(arguments: ["text", "markdown", "html"])
  func everyFormatShowsTheViews(format: String) {
    let terminal = CapturedTerminal()
    _ = terminal.run(["diff", sample("over-broad-invalidation"), sample("clean"), "--format", format])
    #expect(terminal.standardOutput.contains("UnreadBadge"))
    #expect(terminal.standardOutput.contains("No regression"))
  }

  /// Between two revisions lines move: a finding whose site moved is the same finding.
  @Test func aFindingWhoseLineMovedIsNeitherNewNorFixed() throws {
    let scratch = ScratchDirectory()
    let text = try String(contentsOfFile: sample("side-effect-in-init"), encoding: .utf8)
    #expect(text.contains("FeedView.swift:9"))
    let moved = try scratch.file(
      "moved.jsonl", containing: text.replacingOccurrences(of: "FeedView.swift:9", with: "FeedView.swift:11"))
    let terminal = CapturedTerminal()
    #expect(
      terminal.run(["diff", sample("side-effect-in-init"), moved, "--format", "json", "--fail-on", "info"]) == .success)
    let report = try JSONValue.parse(terminal.standardOutput)
    #expect(report["newFindings"] == .array([]))
    #expect(report["fixedFindings"] == .array([]))
  }

  @Test func badInputAndUsage() {
    #expect(CapturedTerminal().run(["diff", sample("clean")]) == .usage)
    #expect(CapturedTerminal().run(["diff", sample("clean"), "/nonexistent.jsonl"]) == .inputError)
    #expect(CapturedTerminal().run(["diff", sample("clean"), sample("clean"), "--max-increase", "lots"]) == .usage)
  }
}

extension DiffCommandTests {
  /// "Regressed." alone left the reader to find out which limit was crossed, by how much,
  /// and where.
  @Test func aRegressionSaysWhichLimitByHowMuchAndWhere() throws {
    let arguments = ["diff", sample("clean"), sample("over-broad-invalidation"), "--fail-on", "warning"]
    let text = CapturedTerminal()
    #expect(text.run(arguments) == .findings)
    #expect(
      text.standardOutput.hasSuffix(
        "Regressed: body evaluations grew from 9 to 13 (+44%), more than --max-increase allows (0%), most in "
          + "UnreadBadge (+4); 1 new finding at or above warning: over-broad-invalidation for UnreadBadge (ProfileModel.query).\n"
      ))
    let json = CapturedTerminal()
    #expect(json.run(arguments + ["--format", "json"]) == .findings)
    let report = try JSONValue.parse(json.standardOutput)
    guard case .array(let reasons)? = report["regressions"] else {
      Issue.record("regressions is an array")
      return
    }
    #expect(reasons.count == 2)
  }
}

extension DiffCommandTests {
  /// Two traces of different screens compared silently; a mix-up of files now shows.
  @Test func tracesOfDifferentScenariosAreComparedWithAWarning() {
    let mixed = CapturedTerminal()
    _ = mixed.run(["diff", scenarioSample("profile-property-level"), scenarioSample("feed-fixed")])
    #expect(mixed.standardError.contains("redraw: warning: the traces record different scenarios"))
    #expect(mixed.standardError.contains("'toggle tint above a feed that loads in a task' after"))
    let same = CapturedTerminal()
    _ = same.run(["diff", scenarioSample("feed-fixed"), scenarioSample("feed-fixed")])
    #expect(!same.standardError.contains("different scenarios"))
  }

  private func scenarioSample(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("SampleTraces/scenarios/\(name).jsonl").path
  }
}

/// Findings are matched by rule, view, type and property, their site only telling apart
/// findings of one such key: a before and after written as two namespaces in two files (as
/// docs/migration.md suggests) are the same findings.
@Suite("redraw diff: findings of views that moved to another file")
struct MovedFindingsTests {
  let scratch = ScratchDirectory()

  @Test func viewsInAnotherFileKeepTheirFindings() throws {
    let before = try scratch.file("before.jsonl", containing: MovedViewsBefore.record().text)
    let after = try scratch.file("after.jsonl", containing: MovedViewsAfter.record().text)
    let findings = try Analyzer().analyze(paths: [before]).findings
    #expect(findings.contains { $0.severity == .error }, "\(findings.map(\.rule))")
    #expect(Set(findings.compactMap(\.site).map { $0.split(separator: ":")[0] }).count >= 1)
    let terminal = CapturedTerminal()
    #expect(terminal.run(["diff", before, after, "--format", "json"]) == .success, "\(terminal.standardOutput)")
    let report = try JSONValue.parse(terminal.standardOutput)
    #expect(report["newFindings"] == .array([]))
    #expect(report["fixedFindings"] == .array([]))
  }

  /// Two findings of one key on each side: each pairs with the one at its own site first.
  @Test func theSiteTellsApartFindingsOfOneKey() {
    func finding(_ site: String) -> Finding {
      Finding(
        rule: "side-effect-in-init", severity: .error, message: "", fix: "", view: "Feed", type: "FeedModel", count: 1,
        site: site, source: "t.jsonl", evidence: Evidence(line: 1, time: 0))
    }
    let before = [finding("Before.swift:3"), finding("Shared.swift:9")]
    let after = [finding("Shared.swift:12"), finding("After.swift:3")]
    #expect(Comparison.unmatched(after, in: before).isEmpty)
    #expect(Comparison.unmatched([finding("Shared.swift:12")], in: before).isEmpty)
    let paired = Comparison.pairs(after, with: before)
    #expect(paired.map { $0.other?.site } == ["Shared.swift:9", "Before.swift:3"])
  }

  /// A finding the after side still reports, fewer times (rows that made fewer models), is
  /// not fixed: it is listed apart.
  @Test func aFindingStillReportedFewerTimesIsNotFixed() {
    func finding(_ view: String, _ site: String) -> Finding {
      Finding(
        rule: "model-recreated", severity: .warning, message: "", fix: "", view: view, type: "RowModel", count: 1,
        site: site, source: "t.jsonl", evidence: Evidence(line: 1, time: 0))
    }
    let before = Analysis(
      files: [],
      findings: [finding("Card", "Card.swift:3"), finding("Card", "Card.swift:9"), finding("Tag", "Tag.swift:2")])
    let after = Analysis(files: [], findings: [finding("Card", "Card.swift:3")])
    let comparison = Comparison(before: before, after: after)
    #expect(comparison.fixedFindings.map(\.view) == ["Tag"])
    #expect(comparison.fewerFindings.map(\.site) == ["Card.swift:9"])
    #expect(comparison.newFindings.isEmpty)
  }
}

extension DiffCommandTests {
  /// `--color` as `analyze` takes it: the text report only, `always` even into a pipe.
  @Test(arguments: [("always", "text", true), ("never", "text", false), ("always", "json", false)])
  func colourIsForTheTextReport(when: String, format: String, coloured: Bool) {
    let terminal = CapturedTerminal()
    _ = terminal.run([
      "diff", sample("clean"), sample("over-broad-invalidation"), "--color", when, "--format", format,
      "--max-increase", "100",
    ])
    #expect(terminal.standardOutput.contains("\u{1B}[") == coloured)
    #expect(!terminal.standardError.contains("\u{1B}["))
  }
}
