import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// The library's analysis, as the CLI, the harness and the tests run it: budgets after the
/// rules, then ignores and the baseline.
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
}
