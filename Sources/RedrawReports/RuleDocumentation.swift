import RedrawRules

/// The rules' own descriptions as text and Markdown: `redraw rules`, `redraw explain`
/// and docs/rules.md all come from here.
package enum RuleDocumentation {
  /// One rule per entry: id, default severity and summary.
  package static func list(_ rules: [RuleDescription]) -> String {
    let width = (rules.map(\.id.count).max() ?? 0) + 2
    return rules.map { rule in
      rule.id + String(repeating: " ", count: width - rule.id.count)
        + rule.defaultSeverity.rawValue + String(repeating: " ", count: 9 - rule.defaultSeverity.rawValue.count)
        + rule.summary
    }.joined(separator: "\n") + "\n"
  }

  /// Everything about one rule, for a terminal.
  package static func explain(_ rule: RuleDescription) -> String {
    var out = "\(rule.id): \(rule.name) (default severity: \(rule.defaultSeverity.rawValue))\n\n"
    out += TerminalText.wrapped(rule.explanation, indent: "") + "\n\n"
    out += TerminalText.wrapped("Fix: " + rule.fix, indent: "") + "\n"
    if !rule.thresholds.isEmpty {
      out += "\nThresholds (set with --threshold \(rule.id).KEY=VALUE):\n"
      for threshold in rule.thresholds {
        out += "  \(threshold.key) = \(number(threshold.defaultValue))  \(threshold.summary)\n"
      }
    }
    if !rule.triggeringExample.isEmpty {
      out += "\nTriggering example:\n" + indented(rule.triggeringExample)
      out += "\nClean example:\n" + indented(rule.cleanExample)
    }
    return out
  }

  /// docs/rules.md: one section per rule with its examples.
  package static func markdown(_ rules: [RuleDescription]) -> String {
    var out = "# Rules\n\n"
    out += "Generated from the rules' own descriptions by `redraw rules --format markdown`; "
    out += "`redraw explain RULE` prints the same in a terminal.\n\n"
    out += "| id | default severity | finds |\n|---|---|---|\n"
    for rule in rules {
      out += "| [`\(rule.id)`](#\(rule.id)) | \(rule.defaultSeverity.rawValue) | \(rule.summary) |\n"
    }
    for rule in rules {
      out +=
        "\n## \(rule.id)\n\n**\(rule.name).** \(rule.summary) Default severity: `\(rule.defaultSeverity.rawValue)`.\n\n"
      out += rule.explanation + "\n\n**Fix.** " + rule.fix + "\n"
      if !rule.thresholds.isEmpty {
        out += "\n| threshold | default | meaning |\n|---|---|---|\n"
        for threshold in rule.thresholds {
          out += "| `\(rule.id).\(threshold.key)` | \(number(threshold.defaultValue)) | \(threshold.summary) |\n"
        }
      }
      guard !rule.triggeringExample.isEmpty else { continue }
      out += "\nTriggers it:\n\n```jsonl\n" + rule.triggeringExample + "```\n"
      out += "\nDoes not:\n\n```jsonl\n" + rule.cleanExample + "```\n"
    }
    return out
  }

  private static func indented(_ text: String) -> String {
    text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
