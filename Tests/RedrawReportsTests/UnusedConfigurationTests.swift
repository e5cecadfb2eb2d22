import Foundation
import RedrawAnalysis
import Testing

@testable import RedrawReports

/// An ignore or budget that matched nothing (a misspelled view) is said in every format, as
/// SwiftLint reports superfluous disable commands.
@Suite("Unused configuration in every format")
struct UnusedConfigurationTests {
  static func analysis() throws -> Analysis {
    var analysis = try GoldenTests.analysis(["clean"])
    let sessions = analysis.sessions
    analysis.unusedConfiguration = BudgetCheck.unmatched(
      [
        Budget(view: "NoSuchScreen", metric: .bodyEvaluations, maximum: 3),
        Budget(type: "FeedModel", metric: .inits, maximum: 1),
        Budget(view: "InboxBadge", scenario: "no such scenario", metric: .overBroadEvaluations, maximum: 0),
      ], in: sessions)
    let filtered = Suppressions(ignores: [
      Suppressions.Ignore(rule: "repeated-init", type: "Formatter", reason: "cheap")
    ])
    .apply(to: analysis)
    return filtered
  }

  @Test func unmatchedBudgetsAndIgnoresAreNamed() throws {
    #expect(
      try Self.analysis().unusedConfiguration == [
        "budget for NoSuchScreen matched no view",
        "budget for InboxBadge in scenario no such scenario matched no session",
        "ignore for repeated-init (type Formatter) matched no finding",
      ])
  }

  @Test(arguments: ReportFormat.allCases)
  func everyFormatSaysSo(format: ReportFormat) throws {
    let report = format.renderer.render(try Self.analysis(), context: ReportContext(toolVersion: "test"))
    #expect(report.contains("budget for NoSuchScreen matched no view"), "\(format)")
    #expect(report.contains("matched no finding"), "\(format)")
  }

  @Test func sarifCarriesThemAsToolConfigurationNotificationsAndStaysValid() throws {
    let sarif = SARIFReport.render(try Self.analysis(), context: ReportContext(toolVersion: "test"))
    #expect(sarif.contains(#""toolConfigurationNotifications""#))
    let violations = try CIFormatTests.schemaValidator().violations(of: JSONValue.parse(sarif))
    #expect(violations.isEmpty, "\(violations.prefix(10))")
  }
}
