import RedrawRules
import RedrawSessions

/// The report for people in a terminal: a summary, then the findings, most severe
/// and most costly first, wrapped to 80 columns.
package enum TextReport: ReportRenderer {
  /// Findings shown at most; the rest are counted.
  package static let maximumFindings = 200

  package static func render(_ analysis: Analysis, context: ReportContext) -> String {
    var out: [String] = []
    let summary = analysis.summary
    let color = context.color
    out.append(
      TerminalText.styled("Redraw \(context.toolVersion)", .bold, color: color) + " · "
        + "\(count(summary.files, "file")), \(count(summary.sessions, "session")), "
        + "\(count(summary.events, "event"))")
    out.append("")
    out += summaryLines(summary)
    out += actionLines(analysis)
    out += readingNotes(analysis)
    out.append("")
    if analysis.findings.isEmpty {
      out.append(TerminalText.styled("No findings.", .bold, color: color))
      return out.joined(separator: "\n") + "\n"
    }
    out.append(
      TerminalText.styled("Findings", .bold, color: color) + ": \(count(summary.errors, "error")), "
        + "\(count(summary.warnings, "warning")), \(count(summary.infos, "info", plural: "info"))")
    for finding in analysis.findings.prefix(maximumFindings) {
      out.append("")
      out += lines(for: finding, color: color)
    }
    if analysis.findings.count > maximumFindings {
      out.append("")
      out.append(
        "… and \(NumberFormatting.grouped(analysis.findings.count - maximumFindings)) more findings, "
          + "less severe or smaller; --format json lists \(NumberFormatting.grouped(JSONReport.maximumFindings)).")
    }
    return out.joined(separator: "\n") + "\n"
  }

  // MARK: - Summary

  /// `13 (20 saved, 0 added: 61% fewer)`: the what-if, with what it saves and adds side by side
  /// (the added are missed updates, which now reach their views).
  static func whatIf(_ summary: AnalysisSummary) -> String {
    var text = NumberFormatting.grouped(summary.evaluationsWithPropertyTracking)
    guard summary.bodyEvaluations > 0 else { return text }
    text +=
      " (\(NumberFormatting.grouped(summary.savedEvaluations)) saved, \(NumberFormatting.grouped(summary.addedEvaluations)) added"
    if summary.addedEvaluations > 0 { text += " by missed updates" }
    let net = summary.savedShare
    return text + (net >= 0 ? ": \(NumberFormatting.percent(net)) fewer)" : ": \(NumberFormatting.percent(-net)) more)")
  }

  private static func summaryLines(_ summary: AnalysisSummary) -> [String] {
    let evaluations = summary.bodyEvaluations
    func share(_ part: Int) -> String {
      evaluations == 0 ? "" : " (\(NumberFormatting.percent(Double(part) / Double(evaluations))))"
    }
    var lines = [
      row("Body evaluations", NumberFormatting.grouped(evaluations)),
      row("  over-broad", NumberFormatting.grouped(summary.overBroadEvaluations) + share(summary.overBroadEvaluations)),
    ]
    // Kinds of saved evaluations most runs have none of: a line each only when there are.
    for (label, count, meaning) in [
      ("  equal values", summary.equalValueEvaluations, "caused only by writes of an equal value"),
      ("  own writes", summary.ownWriteEvaluations, "caused only by the view's writes during its own body"),
    ] where count > 0 {
      lines.append(row(label, NumberFormatting.grouped(count) + share(count) + ": " + meaning))
    }
    lines += [
      row(
        "  cascaded from them",
        NumberFormatting.grouped(summary.cascadedEvaluations) + share(summary.cascadedEvaluations)),
      row("With @Observable", whatIf(summary)),
      row("Views", "\(count(summary.views, "type")), \(count(summary.nodes, "node"))"),
      row(
        "Initializers",
        "\(count(summary.initializerRuns, "run")), \(count(summary.effectsInInitializers, "effect")) inside them"),
      row("Effects", effectsText(summary)),
    ]
    if summary.allowedNotes > 0 {
      lines.append(
        row(
          "Untracked reads",
          "\(NumberFormatting.grouped(summary.allowedNotes)) outside any body (--format json gives the first line of each kind)"
        ))
    }
    if summary.baselineFindings + summary.ignoredFindings > 0 {
      lines.append(
        row(
          "Accepted findings",
          "\(NumberFormatting.grouped(summary.baselineFindings)) by the baseline, "
            + "\(NumberFormatting.grouped(summary.ignoredFindings)) ignored by configuration"))
    }
    if summary.unknownEvents > 0 {
      lines.append(row("Unknown events", "\(NumberFormatting.grouped(summary.unknownEvents)) skipped"))
    }
    return lines
  }

  /// What each user action (`action` span) wrote and the evaluations those writes caused, over
  /// all sessions: "Send tapped  3 times: 3 writes caused 6 evaluations (3 over-broad)". The
  /// children those views re-created, and the views state changes ran (a pushed screen's, or
  /// one whose own state the action changed with the model), are not the writes' and are not
  /// counted.
  private static func actionLines(_ analysis: Analysis) -> [String] {
    var totals: [(name: String, performed: Int, writes: Int, evaluations: Int, overBroad: Int)] = []
    var index: [String: Int] = [:]
    for action in analysis.sessions.flatMap(\.actions) {
      if let position = index[action.name] {
        totals[position].performed += action.performed
        totals[position].writes += action.writes
        totals[position].evaluations += action.evaluations
        totals[position].overBroad += action.overBroad
      } else {
        index[action.name] = totals.count
        totals.append((action.name, action.performed, action.writes, action.evaluations, action.overBroad))
      }
    }
    guard !totals.isEmpty else { return [] }
    return ["", "Actions (the evaluations their writes caused)"]
      + totals.prefix(maximumActions).map { action in
        let wasted = action.overBroad > 0 ? " (\(NumberFormatting.grouped(action.overBroad)) over-broad)" : ""
        let name = "  " + TerminalText.sanitized(action.name)
        let counts =
          "\(count(action.performed, "time")): \(count(action.writes, "write")) caused "
          + "\(count(action.evaluations, "evaluation"))\(wasted)"
        // A long name keeps its counts apart: on a line of their own, in the value column.
        return name.count < 21 ? row(name, counts) : name + "\n" + row("", counts)
      } + (totals.count > maximumActions ? ["  … and \(totals.count - maximumActions) more"] : [])
  }

  /// Actions listed at most.
  static let maximumActions = 20

  /// Skipped lines, truncation and trace problems, so nothing is dropped silently.
  private static func readingNotes(_ analysis: Analysis) -> [String] {
    var notes: [String] = []
    for file in analysis.files {
      if file.skippedLines > 0 {
        notes.append("\(TerminalText.sanitized(file.file)): skipped \(count(file.skippedLines, "malformed line")):")
        for error in file.skipped { notes.append("  " + TerminalText.sanitized(error.description)) }
        if file.skippedLines > file.skipped.count {
          notes.append("  … and \(file.skippedLines - file.skipped.count) more")
        }
      }
      for session in file.sessions {
        let name = TerminalText.sanitized("\(session.source):\(session.line)")
        if let truncation = session.truncation {
          let cut = TerminalText.sanitized("\(session.source):\(truncation.line)")
          notes.append("\(cut): " + truncationText(truncation))
        }
        if session.lostEvents > 0 {
          notes.append("\(name): the recorder dropped \(count(session.lostEvents, "event"))")
        }
        // Allowed notes (reads outside any span: test code reading its models) change no
        // verdict: they are counted in the summary, and listed by the JSON report and
        // `redraw validate`.
        for diagnostic in session.diagnostics where !diagnostic.isAllowed {
          notes.append(
            "\(TerminalText.sanitized(session.source)):\(diagnostic.first.line): \(diagnostic.message)"
              + (diagnostic.count > 1 ? " (\(diagnostic.count) times)" : ""))
        }
      }
    }
    return notes.isEmpty ? [] : [""] + notes
  }

  /// What a truncated session lost, in words.
  package static func truncationText(_ truncation: Session.Truncation) -> String {
    var parts: [String] = []
    if truncation.partialLastLine { parts.append("the last line (\(truncation.line)) is cut short") }
    if truncation.openSpans > 0 {
      let first = truncation.firstOpenSpanLine.map { " (the first began at line \($0))" } ?? ""
      parts.append("\(count(truncation.openSpans, "span")) never ended\(first)")
    }
    return "trace truncated: " + parts.joined(separator: " and ")
      + "; the writer stopped before the end (or the end lines are missing), so what came after is lost"
  }

  // MARK: - Findings

  private static func lines(for finding: Finding, color: Bool) -> [String] {
    let severity: String
    switch finding.severity {
    case .error: severity = TerminalText.styled("error  ", .red, color: color)
    case .warning: severity = TerminalText.styled("warning", .yellow, color: color)
    case .info: severity = TerminalText.styled("info   ", .cyan, color: color)
    }
    let subject = FindingSubject.labeled(finding)
    var head = "\(severity) \(TerminalText.styled(finding.rule, .bold, color: color))"
    if !subject.isEmpty { head += "  \(TerminalText.sanitized(subject))" }
    head += "  ×\(NumberFormatting.grouped(finding.count))"
    var result = [head]
    result.append(TerminalText.wrapped(TerminalText.sanitized(finding.message), indent: "  "))
    result.append(TerminalText.wrapped("fix: " + finding.fix, indent: "  "))
    let evidence = TerminalText.sanitized(FindingPlace.evidence(finding))
    result.append(TerminalText.styled(TerminalText.wrapped(evidence, indent: "  "), .dim, color: color))
    return result
  }

  // MARK: - Helpers

  private static func row(_ label: String, _ value: String) -> String {
    label + String(repeating: " ", count: max(1, 22 - label.count)) + value
  }

  /// All effects, and where they started: "12 (9 in initializers, 1 in bodies, 2 elsewhere)";
  /// an effect elsewhere (a task, an action) is context, not a finding.
  private static func effectsText(_ summary: AnalysisSummary) -> String {
    let elsewhere = summary.effects - summary.effectsInInitializers - summary.effectsInBodies
    let places = [
      (summary.effectsInInitializers, "in initializers"), (summary.effectsInBodies, "in bodies"),
      (elsewhere, "elsewhere"),
    ].filter { $0.0 > 0 }
    let total = NumberFormatting.grouped(summary.effects)
    guard !places.isEmpty else { return total }
    return total + " (" + places.map { "\(NumberFormatting.grouped($0.0)) \($0.1)" }.joined(separator: ", ") + ")"
  }

  private static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
    "\(NumberFormatting.grouped(value)) \(value == 1 ? noun : plural ?? noun + "s")"
  }
}
