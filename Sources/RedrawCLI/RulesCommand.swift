import RedrawAnalysis
import RedrawReports

/// `redraw rules`: lists the rules.
enum RulesCommand {
  static let format = OptionSpec(
    name: "--format", valueName: "format", help: "text, or markdown for docs/rules.md.", defaultValue: "text",
    choices: ["text", "markdown"])

  static let spec = CommandSpec(
    name: "rules", abstract: "List the rules with their ids, default severities and summaries.", options: [format])

  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode {
    let rules = explainable
    switch parsed.value(format) {
    case "markdown": terminal.standardOutput(RuleDocumentation.markdown(rules))
    default: terminal.standardOutput(RuleDocumentation.list(rules))
    }
    return .success
  }
}

/// `redraw explain RULE`: one rule's explanation, fix, thresholds and examples.
enum ExplainCommand {
  static let spec = CommandSpec(
    name: "explain", abstract: "Explain one rule: why it matters, how it decides and how to fix it.",
    arguments: [ArgumentSpec(name: "rule", help: "A rule id, as 'redraw rules' lists them.")])

  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode {
    let id = parsed.positionals[0]
    // Ids are kebab-case; `Repeated-Init` means the same rule.
    guard let rule = explainable.first(where: { $0.id == id.lowercased() }) else {
      let known = explainable.map(\.id)
      terminal.standardError(
        HelpFormatter.usageError(
          UsageError(
            message: "Unknown rule '\(id)'"
              + (Suggestion.nearest(to: id, in: known).map { "; did you mean '\($0)'?" }
                ?? ". Rules: \(known.joined(separator: ", "))")), spec: spec))
      return .usage
    }
    terminal.standardOutput(RuleDocumentation.explain(rule))
    return .success
  }
}

/// Every id a report can show: the rules, then `budget` (the check of the configuration's
/// budgets, which runs after them).
let explainable = RuleRegistry.descriptions
