import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// The library's one pipeline, as the CLI, the harness and the tests run it: budgets after
/// the rules, then ignores and the baseline.
@Suite struct AnalyzerTests {
  static let sample = repositoryRoot.appendingPathComponent("SampleTraces/rules/over-broad-invalidation.jsonl").path

  @Test func budgetsAreCheckedAfterTheRules() throws {
    let plain = try Analyzer().analyze(paths: [Self.sample])
    let budgeted = try Analyzer(budgets: [Budget(view: "UnreadBadge", metric: .bodyEvaluations, maximum: 1)])
      .analyze(paths: [Self.sample])
    #expect(!plain.findings.contains { $0.rule == "budget" })
    #expect(budgeted.findings.contains { $0.rule == "budget" && $0.view == "UnreadBadge" })
  }

  @Test func ignoredFindingsAreFilteredOut() throws {
    let ignore = Suppressions.Ignore(rule: "over-broad-invalidation", reason: "known, being migrated")
    let plain = try Analyzer().analyze(paths: [Self.sample])
    let filtered = try Analyzer(suppressions: Suppressions(ignores: [ignore])).analyze(paths: [Self.sample])
    #expect(plain.findings.contains { $0.rule == "over-broad-invalidation" })
    #expect(!filtered.findings.contains { $0.rule == "over-broad-invalidation" })
  }

  @Test func bytesAndPathsGiveTheSameFindings() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.sample)))
    let fromBytes = try Analyzer().analyze(bytes: bytes, name: "t.jsonl")
    let fromPath = try Analyzer().analyze(paths: [Self.sample])
    #expect(fromBytes.findings.map(\.message) == fromPath.findings.map(\.message))
  }

  /// Two traces of different findings.
  static var paths: [String] {
    ["over-broad-invalidation", "repeated-init"].map {
      repositoryRoot.appendingPathComponent("SampleTraces/rules/\($0).jsonl").path
    }
  }

  @Test func aFileIsNamedAsTheCallerNamesIt() throws {
    let analysis = try Analyzer().analyze(paths: [Self.sample], names: ["named.jsonl"])
    #expect(analysis.files.map(\.file) == ["named.jsonl"])
    #expect(!analysis.findings.isEmpty)
    #expect(analysis.findings.allSatisfy { $0.source == "named.jsonl" })
  }

  /// `--write-baseline`: every finding no ignore removes is accepted, and the analysis then
  /// shows them accepted, not reported.
  @Test func acceptingAllAcceptsWhatNoIgnoreRemoves() throws {
    let plain = try Analyzer().analyze(paths: Self.paths)
    let ignored = try #require(plain.findings.first)
    let ignoredView = try #require(ignored.view)
    let configuration = try Configuration.parse(
      #"{ "ignore": [ { "rule": "\#(ignored.rule)", "view": "\#(ignoredView)", "reason": "a test" } ] }"#,
      name: ".redraw.json")
    let analyzer = Analyzer(suppressions: Suppressions(ignores: configuration.ignores))
    let (analysis, accepted) = try analyzer.analyzeAcceptingAll(paths: Self.paths)
    let unignored = plain.findings.filter { $0.rule != ignored.rule || $0.view != ignoredView }
    #expect(!unignored.isEmpty)
    #expect(accepted.map(\.subject) == unignored.map(\.subject))
    #expect(analysis.findings.filter { $0.rule != "unused-configuration" }.isEmpty)
    #expect(analysis.summary.baselineFindings == unignored.count)
  }
}
