import RedrawRules

/// Markdown for `$GITHUB_STEP_SUMMARY` and pull-request comments.
///
/// The output stays under ``maximumBytes`` whatever the input: findings past
/// ``maximumFindings`` are counted, not listed, and long messages are cut.
package enum MarkdownReport: ReportRenderer {
  /// GitHub's limit for a step summary is 1 MiB; stay well inside it.
  package static let maximumBytes = 900 * 1024
  package static let maximumFindings = 200
  static let maximumMessage = 600

  package static func render(_ analysis: Analysis, context: ReportContext) -> String {
    let summary = analysis.summary
    var out = "## Redraw\n\n"
    out += "| | |\n|---|---:|\n"
    out += "| Sessions | \(NumberFormatting.grouped(summary.sessions)) |\n"
    out += "| Body evaluations | \(NumberFormatting.grouped(summary.bodyEvaluations)) |\n"
    out += "| Over-broad | \(NumberFormatting.grouped(summary.overBroadEvaluations)) |\n"
    if summary.equalValueEvaluations > 0 {
      out += "| Equal values | \(NumberFormatting.grouped(summary.equalValueEvaluations)) |\n"
    }
    if summary.ownWriteEvaluations > 0 {
      out += "| Own writes in body | \(NumberFormatting.grouped(summary.ownWriteEvaluations)) |\n"
    }
    out += "| Cascaded from them | \(NumberFormatting.grouped(summary.cascadedEvaluations)) |\n"
    out += "| With @Observable | \(cell(TextReport.whatIf(summary))) |\n"
    out +=
      "| Findings | \(summary.errors) errors, \(summary.warnings) warnings, \(summary.infos) info |\n"
    if summary.baselineFindings + summary.ignoredFindings > 0 {
      out += "| Accepted | \(summary.baselineFindings) by the baseline, \(summary.ignoredFindings) ignored |\n"
    }
    if summary.truncatedSessions > 0 || summary.skippedLines > 0 {
      out +=
        "\n> **Data loss:** \(summary.truncatedSessions) truncated session(s), \(summary.skippedLines) skipped "
        + "line(s).\n"
    }
    guard !analysis.findings.isEmpty else { return out + "\nNo findings.\n" }
    out += "\n| | rule | subject | source | count | what happened |\n|---|---|---|---|---:|---|\n"
    var listed = 0
    for finding in analysis.findings {
      let row =
        "| \(icon(finding.severity)) | `\(finding.rule)` | \(cell(subject(finding))) | "
        + "\(cell(finding.location?.shortSite ?? "—")) | \(NumberFormatting.grouped(finding.count)) | "
        + "\(cell(finding.message, limit: maximumMessage)) |\n"
      guard listed < maximumFindings, out.utf8.count + row.utf8.count < maximumBytes - 512 else { break }
      out += row
      listed += 1
    }
    if listed < analysis.findings.count {
      out += "\n…and \(analysis.findings.count - listed) more findings; see the full report.\n"
    }
    return out
  }

  private static func icon(_ severity: Severity) -> String {
    switch severity {
    case .error: "🔴 error"
    case .warning: "🟠 warning"
    case .info: "🔵 info"
    }
  }

  private static func subject(_ finding: Finding) -> String {
    JUnitReport.caseName(finding)
  }

  /// Text made safe for a table cell: no line breaks, pipes or markup.
  static func cell(_ text: String, limit: Int = 200) -> String {
    var result = ""
    var count = 0
    for character in text {
      if count >= limit {
        result += "…"
        break
      }
      count += 1
      switch character {
      case "|", "\\", "`", "*", "_", "[", "]", "#", "~": result += "\\" + String(character)
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "&": result += "&amp;"
      case "\n", "\r", "\t": result += " "
      default:
        if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
          result.append(character)
        } else {
          result += "\u{FFFD}"
        }
      }
    }
    return result
  }
}
