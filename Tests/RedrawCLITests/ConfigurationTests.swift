import Foundation
import RedrawAnalysis
import RedrawCLI
import RedrawTestSupport
import Testing

@Suite("Configuration, ignores, budgets and baselines")
struct ConfigurationTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  func temporaryFile(_ text: String, suffix: String = ".json") throws -> String {
    let path = scratch.path("\(UUID())\(suffix)")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aValidConfigurationIsRead() throws {
    let configuration = try Configuration.parse(
      """
      {
        "rules": {
          "over-broad-invalidation": { "severity": "error", "thresholds": { "minimum-evaluations": 2 } },
          "hot-property": { "enabled": false }
        },
        "ignore": [ { "rule": "repeated-init", "type": "Formatter", "reason": "a cheap value type" } ],
        "budgets": [ { "view": "UnreadBadge", "scenario": "search", "maxBodyEvaluations": 3, "maxOverBroadEvaluations": 0 } ]
      }
      """, name: ".redraw.json")
    #expect(configuration.ruleContext.severities == ["over-broad-invalidation": .error])
    #expect(configuration.ruleContext.thresholds == ["over-broad-invalidation.minimum-evaluations": 2])
    #expect(configuration.ruleContext.disabled == ["hot-property"])
    #expect(configuration.ignores.first?.reason == "a cheap value type")
    #expect(configuration.budgets.count == 2)
  }

  @Test(arguments: [
    (#"{"rulez": {}}"#, "'rulez' is not a configuration key"),
    (#"{"rules": {"no-such-rule": {}}}"#, "'rules.no-such-rule' is not a rule"),
    (
      #"{"rules": {"repeated-init": {"severity": "fatal"}}}"#,
      "'rules.repeated-init.severity' must be error, warning or info"
    ),
    (
      #"{"rules": {"repeated-init": {"thresholds": {"minimum-run": 3}}}}"#,
      "'rules.repeated-init.thresholds.minimum-run' is not a threshold"
    ),
    (#"{"rules": {"repeated-init": {"enabled": "no"}}}"#, "'rules.repeated-init.enabled' must be true or false"),
    (#"{"ignore": [{"rule": "repeated-init"}]}"#, "'ignore[0]' needs a \"reason\""),
    (#"{"ignore": [{"rule": "repeated-init", "reason": "x", "file": "a"}]}"#, "'ignore[0].file' is not an ignore key"),
    (#"{"budgets": [{"view": "V"}]}"#, "'budgets[0]' needs a limit"),
    (#"{"budgets": [{"view": "V", "maxInits": 1}]}"#, "'budgets[0]' needs a \"type\" for maxInits"),
    (
      #"{"budgets": [{"view": "V", "maxBodyEvaluations": 1.5}]}"#,
      "'budgets[0].maxBodyEvaluations' must be a whole number"
    ),
    ("{\n  \"rules\": [\n}", ".redraw.json:3:1: expected a value"),
  ])
  func aBrokenConfigurationNamesTheKey(text: String, message: String) {
    #expect {
      try Configuration.parse(text, name: ".redraw.json")
    } throws: { error in
      (error as? ConfigurationError)?.message.contains(message) == true
    }
  }

  @Test func aBrokenConfigFileIsAUsageError() throws {
    let config = try temporaryFile(#"{"rules": {"repeated-init": {"severity": 3}}}"#)
    let terminal = CapturedTerminal()
    #expect(terminal.run([sample("clean"), "--config", config]) == .usage)
    #expect(terminal.standardError.contains("'rules.repeated-init.severity' must be a string"))
  }

  @Test func severityFromTheConfigurationChangesTheExitCode() throws {
    let config = try temporaryFile(#"{"rules": {"over-broad-invalidation": {"severity": "error"}}}"#)
    #expect(CapturedTerminal().run([sample("over-broad-invalidation")]) == .success)
    #expect(CapturedTerminal().run([sample("over-broad-invalidation"), "--config", config]) == .findings)
  }

  @Test func ignoredFindingsAreCountedNotShown() throws {
    let config = try temporaryFile(
      #"{"ignore": [{"rule": "model-recreated", "view": "CounterView", "reason": "fixed in the next release"}]}"#)
    let terminal = CapturedTerminal()
    #expect(terminal.run([sample("model-recreated"), "--config", config]) == .success)
    #expect(terminal.standardOutput.contains("No findings."))
    #expect(terminal.standardOutput.contains("0 by the baseline, 1 ignored by configuration"))
  }

  @Test func budgetsFailTheRunWhenExceeded() throws {
    let config = try temporaryFile(
      #"{"budgets": [{"view": "UnreadBadge", "maxBodyEvaluations": 3}, {"view": "SearchField", "maxBodyEvaluations": 10}]}"#
    )
    let terminal = CapturedTerminal()
    #expect(terminal.run([sample("over-broad-invalidation"), "--config", config, "--format", "json"]) == .findings)
    let report = try JSONValue.parse(terminal.standardOutput)
    guard case .array(let findings)? = report["findings"] else {
      Issue.record("no findings")
      return
    }
    let budgets = findings.filter { $0["rule"] == .string("budget") }
    #expect(budgets.count == 1)
    #expect(budgets.first?["message"] == .string("UnreadBadge had 6 body evaluations, over its budget of 3."))
    #expect(budgets.first?["count"] == .number(6))
  }

  @Test func budgetsCanBeScopedToAScenario() throws {
    let other = try temporaryFile(
      #"{"budgets": [{"view": "UnreadBadge", "scenario": "another scenario", "maxBodyEvaluations": 1}]}"#)
    #expect(CapturedTerminal().run([sample("over-broad-invalidation"), "--config", other]) == .success)
  }

  @Test func aBaselineAcceptsKnownFindingsAndKeepsNewOnes() throws {
    let baseline = scratch.path("baseline-\(UUID()).json")
    let writing = CapturedTerminal()
    #expect(writing.run([sample("model-recreated"), "--write-baseline", baseline]) == .success)
    #expect(writing.standardOutput.contains("1 by the baseline"))
    #expect(writing.standardError == "redraw: wrote the baseline \(baseline) (1 finding accepted)\n")
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(text.contains(#""rule": "model-recreated""#))
    #expect(text.contains(#""count": 4"#), "the count it accepted")

    let known = CapturedTerminal()
    #expect(known.run([sample("model-recreated"), "--baseline", baseline]) == .success)
    #expect(known.standardOutput.contains("No findings."))

    let new = CapturedTerminal()
    #expect(new.run([sample("model-recreated"), sample("side-effect-in-init"), "--baseline", baseline]) == .findings)
    #expect(new.standardOutput.contains("side-effect-in-init"))
    #expect(!new.standardOutput.contains("error   model-recreated"))
  }

  /// A budget of 5 that UnreadBadge's 6 evaluations exceed, baselined: the same count
  /// passes; a baseline that accepted 5 fails it, saying so.
  @Test func aBaselinedBudgetFailsOnceTheCountExceedsWhatItAccepted() throws {
    let config = try temporaryFile(#"{"budgets": [{"view": "UnreadBadge", "maxBodyEvaluations": 5}]}"#)
    let baseline = scratch.path("budget-baseline-\(UUID()).json")
    let trace = sample("over-broad-invalidation")
    let arguments = [trace, "--config", config]
    #expect(CapturedTerminal().run(arguments + ["--write-baseline", baseline]) == .success)
    let text = try String(contentsOfFile: baseline, encoding: .utf8)
    #expect(text.contains(#""count": 6"#), "\(text)")
    #expect(CapturedTerminal().run(arguments + ["--baseline", baseline]) == .success, "the same count passes")

    try Data(text.replacingOccurrences(of: #""count": 6"#, with: #""count": 5"#).utf8)
      .write(to: URL(fileURLWithPath: baseline))
    let grown = CapturedTerminal()
    #expect(grown.run(arguments + ["--baseline", baseline]) == .findings)
    #expect(grown.standardOutput.contains("The baseline accepts\n  5; this run has 6."), "wrapped at 80 columns")
  }

  @Test func aBrokenBaselineIsAUsageError() throws {
    let baseline = try temporaryFile(#"{"findings": []}"#)
    let terminal = CapturedTerminal()
    #expect(terminal.run([sample("clean"), "--baseline", baseline]) == .usage)
    #expect(terminal.standardError.contains("not a redraw baseline: expected \"version\": 1"))
  }
}
