import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReports

/// A budget or an ignore entry that matched nothing (a misspelled view) is a finding of
/// `unused-configuration` in every format, pointing at the entry, as SwiftLint reports
/// superfluous disable commands.
@Suite("Unused configuration in every format")
struct UnusedConfigurationTests {
  static let configuration = """
    {
      "ignore": [
        { "rule": "repeated-init", "type": "Formatter", "reason": "cheap" }
      ],
      "budgets": [
        { "view": "NoSuchScreen", "maxBodyEvaluations": 3 },
        { "type": "FeedModel", "maxInits": 1 },
        { "view": "InboxBadge", "scenario": "no such scenario", "maxOverBroadEvaluations": 0 }
      ]
    }
    """

  static func analysis(_ settings: String = configuration) throws -> Analysis {
    let configuration = try Configuration.parse(settings, name: ".redraw.json")
    let analyzer = Analyzer(
      ruleContext: configuration.ruleContext, budgets: configuration.budgets,
      suppressions: Suppressions(ignores: configuration.ignores))
    let path = repositoryRoot.appendingPathComponent("SampleTraces/rules/clean.jsonl").path
    return try analyzer.analyze(paths: [path])
  }

  @Test func unmatchedBudgetsAndIgnoresAreFindingsAtTheirEntries() throws {
    let findings = try Self.analysis().findings.filter { $0.rule == "unused-configuration" }
    #expect(
      findings.map(\.message).sorted() == [
        "budget for InboxBadge in scenario no such scenario matched no session.",
        "budget for NoSuchScreen matched no view.",
        "ignore for repeated-init (type Formatter) matched no finding.",
      ])
    #expect(findings.allSatisfy { $0.severity == .warning && $0.source == ".redraw.json" })
    #expect(findings.map(\.evidence.line).sorted() == [3, 6, 8], "each entry's own line")
    #expect(findings.allSatisfy { $0.location == nil }, "the entry is no source location to look up")
  }

  @Test func aMisspelledViewIsAWarningThatNamesTheNearestOne() throws {
    let analysis = try Self.analysis(#"{ "budgets": [ { "view": "UnreadBadges", "maxBodyEvaluations": 9 } ] }"#)
    let finding = try #require(analysis.findings.first { $0.rule == "unused-configuration" })
    #expect(finding.message == "budget for UnreadBadges matched no view; did you mean UnreadBadge?")
    #expect(finding.evidence.line == 1)
  }

  @Test func theRuleIsConfiguredLikeAnyOther() throws {
    let raised = try Self.analysis(
      #"{ "rules": { "unused-configuration": { "severity": "error" } }, "budgets": [ { "view": "X", "maxBodyEvaluations": 1 } ] }"#
    )
    #expect(raised.findings.first { $0.rule == "unused-configuration" }?.severity == .error)
    let off = try Self.analysis(
      #"{ "rules": { "unused-configuration": { "enabled": false } }, "budgets": [ { "view": "X", "maxBodyEvaluations": 1 } ] }"#
    )
    #expect(!off.findings.contains { $0.rule == "unused-configuration" })
  }

  @Test func itCannotBeIgnored() {
    #expect {
      _ = try Configuration.parse(
        #"{ "ignore": [ { "rule": "unused-configuration", "reason": "noisy" } ] }"#, name: ".redraw.json")
    } throws: { error in
      "\((error as? ConfigurationError)?.message ?? "")".hasPrefix(
        ".redraw.json:1:17: 'ignore[0].rule' cannot be ignored")
    }
  }

  @Test(arguments: ReportFormat.allCases)
  func everyFormatSaysSo(format: ReportFormat) throws {
    let report = format.renderer.render(try Self.analysis(), context: ReportContext(toolVersion: "test"))
    #expect(report.contains("budget for NoSuchScreen matched no view"), "\(format)")
    #expect(report.contains("matched no finding"), "\(format)")
    #expect(report.contains("unused-configuration"), "\(format): as a finding of its rule")
  }

  @Test func sarifPointsAtTheEntryAndStaysValid() throws {
    let sarif = SARIFReport.render(try Self.analysis(), context: ReportContext(toolVersion: "test"))
    #expect(sarif.contains(#""uri": ".redraw.json""#))
    #expect(!sarif.contains("relatedLocations"), "the entry is the location itself")
    let violations = try CIFormatTests.schemaValidator().violations(of: JSONValue.parse(sarif))
    #expect(violations.isEmpty, "\(violations.prefix(10))")
  }
}
