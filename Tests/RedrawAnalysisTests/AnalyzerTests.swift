import RedrawAnalysis
import RedrawTestSupport
import Testing

/// The library's one pipeline: what `redraw analyze`, `diff`, `plan` and the tests run.
@Suite struct AnalyzerTests {
  static let trace = "SampleTraces/rules/over-broad-invalidation.jsonl"
  static var path: String { repositoryRoot.appendingPathComponent(trace).path }
  /// Two traces of different findings.
  static var paths: [String] {
    [trace, "SampleTraces/rules/repeated-init.jsonl"].map { repositoryRoot.appendingPathComponent($0).path }
  }

  @Test func aFileIsNamedAsTheCallerNamesIt() throws {
    let analysis = try Analyzer().analyze(paths: [Self.path], names: ["named.jsonl"])
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
