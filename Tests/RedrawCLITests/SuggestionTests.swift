import Foundation
import RedrawCLI
import RedrawTestSupport
import Testing

@Suite("Misspellings get a suggestion, configuration problems all at once")
struct SuggestionTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  @Test(arguments: [
    (["analyse", "trace.jsonl"], "Unknown command 'analyse'; did you mean 'analyze'?"),
    (["valdate", "trace.jsonl"], "Unknown command 'valdate'; did you mean 'validate'?"),
    (["analyze", "--fial-on", "warning", "t.jsonl"], "Unknown option '--fial-on'; did you mean '--fail-on'?"),
    (["explain", "repeated-inits"], "Unknown rule 'repeated-inits'; did you mean 'repeated-init'?"),
    (["help", "analize"], "Unknown subcommand 'analize'; did you mean 'analyze'?"),
    (
      ["analyze", "t.jsonl", "--format", "jsn"],
      "The value 'jsn' is invalid for '--format <format>'; did you mean 'json'? Please provide one of"
    ),
  ])
  func aNearMissIsAUsageErrorThatNamesTheNearestName(arguments: [String], message: String) {
    let terminal = CapturedTerminal()
    #expect(terminal.run(arguments) == .usage)
    #expect(terminal.standardError.hasPrefix("Error: \(message)"))
  }

  @Test func ruleIdsAreExplainedWhateverTheirCase() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["explain", "Repeated-Init"]) == .success)
    #expect(terminal.standardOutput.hasPrefix("repeated-init: "))
  }

  @Test func budgetIsExplainedAndListedLikeTheRules() {
    let explain = CapturedTerminal()
    #expect(explain.run(["explain", "budget"]) == .success)
    #expect(explain.standardOutput.hasPrefix("budget: Budget exceeded"))
    let rules = CapturedTerminal()
    #expect(rules.run(["rules"]) == .success)
    #expect(rules.standardOutput.contains("\nbudget "))
  }

  @Test func everyConfigurationProblemIsReportedAtOnceWithoutTheUsage() throws {
    let path = scratch.path("config-\(UUID()).json")
    try Data(
      #"""
      {
        "rules": { "over-broad": { "severity": "error" }, "hot-property": { "severity": "fatal" } },
        "ignore": [ { "rule": "repeated-inits", "reason": "cheap" }, { "rule": "budget", "reason": "ok" } ],
        "budget": []
      }
      """#.utf8
    ).write(to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", sample("clean"), "--config", path]) == .usage)
    let lines = terminal.standardError.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "Error: \(path):2:14: 'rules.over-broad' is not a rule: did you mean 'over-broad-invalidation'?",
        "Error: \(path):2:71: 'rules.hot-property.severity' must be error, warning or info, not \"fatal\"",
        "Error: \(path):3:17: 'ignore[0].rule' is not a rule: did you mean 'repeated-init'?",
        "Error: \(path):4:3: 'budget' is not a configuration key; expected rules, ignore or budgets; did you mean 'budgets'?",
      ])
  }

  /// Each setting of a rule is checked on its own: a wrong threshold does not hide a
  /// misspelt key beside it, and each names its own line and column.
  @Test func everyProblemInOneRuleIsReportedAtItsOwnPlace() throws {
    let path = scratch.path("config-\(UUID()).json")
    try Data(
      #"""
      {
        "rules": {
          "repeated-init": {
            "thresholds": { "minimum-run": 3 },
            "severty": "info"
          }
        },
        "budgets": [ { "view": "A", "maxBodyEvaluation": 3 } ]
      }
      """#.utf8
    ).write(to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", sample("clean"), "--config", path]) == .usage)
    let lines = terminal.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.hasPrefix("Error: \(path):") })
    #expect(lines.first?.hasPrefix("Error: \(path):4:23: 'rules.repeated-init.thresholds.minimum-run'") == true)
    #expect(lines.first?.hasSuffix("did you mean 'minimum-runs'?") == true)
    #expect(
      lines.dropFirst().first
        == "Error: \(path):5:7: 'rules.repeated-init.severty' is not a rule setting; expected severity, enabled or thresholds; did you mean 'severity'?"
    )
    #expect(lines.last?.hasPrefix("Error: \(path):8:31: 'budgets[0].maxBodyEvaluation' is not a budget key") == true)
    #expect(lines.last?.hasSuffix("did you mean 'maxBodyEvaluations'?") == true)
  }
}

extension SuggestionTests {
  @Test func aBudgetOrIgnoreThatMatchedNothingIsReported() throws {
    let path = scratch.path("config-\(UUID()).json")
    try Data(
      #"""
      {
        "ignore": [ { "rule": "hot-property", "view": "Clock", "reason": "it ticks" } ],
        "budgets": [ { "view": "NoSuchScreen", "maxBodyEvaluations": 3 } ]
      }
      """#.utf8
    ).write(to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", sample("clean"), "--config", path]) == .success, "warnings pass by default")
    #expect(terminal.standardOutput.contains("warning unused-configuration  view NoSuchScreen"))
    #expect(terminal.standardOutput.contains("budget for NoSuchScreen matched no view."))
    #expect(terminal.standardOutput.contains("ignore for hot-property (view Clock) matched no finding."))
    #expect(terminal.standardOutput.contains(".json:3\n  · configuration entry"), "the budget's line in the file")
    let gate = CapturedTerminal()
    #expect(
      gate.run(["analyze", sample("clean"), "--config", path, "--fail-on", "warning"]) == .findings,
      "--fail-on warning catches a typo")
  }
}

extension SuggestionTests {
  /// A swap of two neighbouring letters is one typo, not two: `tyep` is `type`.
  @Test(arguments: [("tyep", "type"), ("veiw", "view"), ("colour", "")])
  func aSwapOfNeighboursIsOneEdit(typo: String, meant: String) throws {
    let path = scratch.path("config-\(UUID()).json")
    try Data(#"{ "ignore": [ { "rule": "repeated-init", "\#(typo)": "X", "reason": "r" } ] }"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    _ = terminal.run(["analyze", sample("clean"), "--config", path])
    if meant.isEmpty {
      #expect(terminal.standardError.contains("'ignore[0].\(typo)' is not an ignore key"))
      #expect(!terminal.standardError.contains("did you mean"), "nothing is near")
    } else {
      #expect(terminal.standardError.contains("did you mean '\(meant)'?"))
    }
  }

  /// `-o -` is standard output, as `-` is standard input; export, which writes a file,
  /// refuses it instead of writing a file named `-`.
  @Test func dashAsTheOutputIsStandardOutput() {
    let analyze = CapturedTerminal()
    #expect(analyze.run(["analyze", sample("clean"), "-o", "-"]) == .success)
    #expect(analyze.standardOutput.contains("No findings."))
    let export = CapturedTerminal()
    #expect(export.run(["export", "--to", "chrome", sample("clean"), "-o", "-"]) == .usage)
    #expect(export.standardError.contains("export writes a file, not standard output"))
  }
}
