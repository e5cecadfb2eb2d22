import RedrawRules

/// `redraw diff` output: the same scenario before and after a change, per view and per
/// type, in text, JSON, Markdown or HTML.
package enum DiffReport {
  /// The formats `redraw diff` writes.
  package enum Format: String, Sendable, CaseIterable {
    case text, json, markdown, html
  }

  /// What the diff shows besides the comparison.
  package struct Context: Sendable {
    package var toolVersion: String
    package var before: String
    package var after: String
    /// Why the after side regressed, one limit each, as the caller decided; empty when it
    /// did not.
    package var regressions: [String]
    /// Whether the after side regressed.
    package var regressed: Bool { !regressions.isEmpty }
    /// Whether the text report is coloured for a terminal.
    package var color: Bool

    package init(toolVersion: String, before: String, after: String, regressions: [String], color: Bool = false) {
      self.toolVersion = toolVersion
      self.before = before
      self.after = after
      self.regressions = regressions
      self.color = color
    }
  }

  /// Rows shown per table at most.
  static let maximumRows = 200

  package static func render(_ comparison: Comparison, format: Format, context: Context) -> String {
    switch format {
    case .text: text(comparison, context)
    case .json: json(comparison, context)
    case .markdown: markdown(comparison, context)
    case .html: html(comparison, context)
    }
  }

  // MARK: - Text

  private static func text(_ comparison: Comparison, _ context: Context) -> String {
    let color = context.color
    var out = TerminalText.styled("Redraw \(context.toolVersion) diff", .bold, color: color) + "\n"
    out += "  before: \(TerminalText.sanitized(context.before))\n  after:  \(TerminalText.sanitized(context.after))\n\n"
    out += row("", "before", "after", "change") + "\n"
    out += row("Body evaluations", comparison.bodyEvaluations) + "\n"
    out += row("  over-broad", comparison.overBroadEvaluations) + "\n"
    out += row("With @Observable", comparison.evaluationsWithPropertyTracking) + "\n"
    let views = comparison.views.filter { $0.evaluations.delta != 0 || $0.findings.delta != 0 }.prefix(maximumRows)
    if !views.isEmpty {
      out += "\nViews (evaluations)\n"
      for view in views { out += row("  " + TerminalText.sanitized(view.view), view.evaluations) + "\n" }
    }
    let types = comparison.types.filter { $0.inits.delta != 0 || $0.causedEvaluations.delta != 0 }.prefix(maximumRows)
    if !types.isEmpty {
      out += "\nTypes (evaluations caused / initializer runs)\n"
      for type in types {
        out += row("  " + TerminalText.sanitized(type.type), type.causedEvaluations) + "\n"
        if type.inits.delta != 0 { out += row("    inits", type.inits) + "\n" }
      }
    }
    out += "\nNew findings: \(comparison.newFindings.count), fixed: \(comparison.fixedFindings.count)"
    let fewer = comparison.fewerFindings.count
    out += fewer == 0 ? "\n" : ", still reported fewer times: \(fewer)\n"
    for finding in comparison.newFindings.prefix(maximumRows) {
      let severity: TerminalText.Style =
        switch finding.severity {
        case .error: .red
        case .warning: .yellow
        case .info: .cyan
        }
      out +=
        "  + \(TerminalText.styled(finding.severity.rawValue, severity, color: color)) \(finding.rule)  "
        + "\(TerminalText.sanitized(JUnitReport.caseName(finding)))\n"
    }
    for finding in comparison.fixedFindings.prefix(maximumRows) {
      out +=
        TerminalText.styled(
          "  - \(finding.severity.rawValue) \(finding.rule)  \(TerminalText.sanitized(JUnitReport.caseName(finding)))",
          .green, color: color) + "\n"
    }
    for finding in comparison.fewerFindings.prefix(maximumRows) {
      out +=
        "  ~ \(finding.severity.rawValue) \(finding.rule)  \(TerminalText.sanitized(JUnitReport.caseName(finding)))"
        + " (still reported)\n"
    }
    out +=
      context.regressed
      ? "\n" + TerminalText.styled(verdict(context), .red, color: color) + "\n"
      : "\n" + TerminalText.styled("No regression.", .green, color: color) + "\n"
    return out
  }

  private static func row(_ label: String, _ change: Comparison.Change) -> String {
    let sign = change.delta > 0 ? "+" : ""
    var delta = "\(sign)\(NumberFormatting.grouped(change.delta))"
    if let relative = change.relative { delta += " (\(sign)\(NumberFormatting.percent(relative)))" }
    return row(label, NumberFormatting.grouped(change.before), NumberFormatting.grouped(change.after), delta)
  }

  private static func row(_ label: String, _ before: String, _ after: String, _ change: String) -> String {
    func pad(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(1, width - text.count)) + text
    }
    let clipped = label.count > 34 ? String(label.prefix(33)) + "…" : label
    return clipped + String(repeating: " ", count: max(0, 34 - clipped.count)) + pad(before, 10) + pad(after, 10)
      + pad(change, 16)
  }

  // MARK: - JSON

  private static func json(_ comparison: Comparison, _ context: Context) -> String {
    func write(_ change: Comparison.Change, _ key: String, _ json: inout JSONWriter) {
      json.object(key) { json in
        json.field("before", change.before)
        json.field("after", change.after)
        json.field("change", change.delta)
      }
    }
    var json = JSONWriter()
    json.object { json in
      json.field("version", 1)
      json.object("tool") { json in
        json.field("name", "redraw")
        json.field("version", context.toolVersion)
      }
      json.field("before", context.before)
      json.field("after", context.after)
      json.field("regressed", context.regressed)
      json.array("regressions") { json in
        for reason in context.regressions { json.string(reason) }
      }
      write(comparison.bodyEvaluations, "bodyEvaluations", &json)
      write(comparison.overBroadEvaluations, "overBroadEvaluations", &json)
      write(comparison.evaluationsWithPropertyTracking, "evaluationsWithPropertyTracking", &json)
      json.array("views") { json in
        for view in comparison.views.prefix(maximumRows * 5) {
          json.object { json in
            json.field("view", view.view)
            write(view.evaluations, "evaluations", &json)
            write(view.overBroad, "overBroadEvaluations", &json)
            write(view.findings, "findings", &json)
          }
        }
      }
      json.array("types") { json in
        for type in comparison.types.prefix(maximumRows * 5) {
          json.object { json in
            json.field("type", type.type)
            write(type.inits, "initializerRuns", &json)
            write(type.causedEvaluations, "causedEvaluations", &json)
            write(type.findings, "findings", &json)
          }
        }
      }
      for (key, findings) in [
        ("newFindings", comparison.newFindings), ("fixedFindings", comparison.fixedFindings),
        ("fewerFindings", comparison.fewerFindings),
      ] {
        json.array(key) { json in
          for finding in findings {
            json.object { json in
              json.field("rule", finding.rule)
              json.field("severity", finding.severity.rawValue)
              json.field("message", finding.message)
              json.field("view", finding.view)
              json.field("type", finding.type)
              json.field("property", finding.property)
              json.field("metric", finding.metric?.rawValue)
              json.field("count", finding.count)
            }
          }
        }
      }
    }
    return json.fileText
  }

  // MARK: - Markdown and HTML

  private static func markdown(_ comparison: Comparison, _ context: Context) -> String {
    func line(_ label: String, _ change: Comparison.Change) -> String {
      "| \(MarkdownReport.cell(label)) | \(change.before) | \(change.after) | \(change.delta > 0 ? "+" : "")\(change.delta) |\n"
    }
    var out =
      "## Redraw diff\n\n"
      + (context.regressed
        ? "🔴 **Regressed:** " + MarkdownReport.cell(reasons(context), limit: 1000) : "🟢 No regression.")
      + "\n\n"
    out += "| | before | after | change |\n|---|---:|---:|---:|\n"
    out += line("Body evaluations", comparison.bodyEvaluations)
    out += line("Over-broad", comparison.overBroadEvaluations)
    out += line("With @Observable", comparison.evaluationsWithPropertyTracking)
    let views = comparison.views.filter { $0.evaluations.delta != 0 }.prefix(50)
    if !views.isEmpty {
      out += "\n| view | before | after | change |\n|---|---:|---:|---:|\n"
      for view in views { out += line(view.view, view.evaluations) }
    }
    out += "\nNew findings: \(comparison.newFindings.count) · fixed: \(comparison.fixedFindings.count)"
    let fewer = comparison.fewerFindings.count
    out += fewer == 0 ? "\n" : " · still reported fewer times: \(fewer)\n"
    for finding in comparison.newFindings.prefix(50) {
      out += "- ➕ `\(finding.rule)` \(MarkdownReport.cell(JUnitReport.caseName(finding)))\n"
    }
    for finding in comparison.fixedFindings.prefix(50) {
      out += "- ✅ `\(finding.rule)` \(MarkdownReport.cell(JUnitReport.caseName(finding)))\n"
    }
    for finding in comparison.fewerFindings.prefix(50) {
      out += "- ➖ `\(finding.rule)` \(MarkdownReport.cell(JUnitReport.caseName(finding))) (still reported)\n"
    }
    return out
  }

  private static func html(_ comparison: Comparison, _ context: Context) -> String {
    func line(_ label: String, _ change: Comparison.Change) -> String {
      "<tr><td>\(HTML.escaped(label))</td><td class=\"num\" data-value=\"\(change.before)\">\(change.before)</td>"
        + "<td class=\"num\" data-value=\"\(change.after)\">\(change.after)</td>"
        + "<td class=\"num\" data-value=\"\(change.delta)\">\(change.delta > 0 ? "+" : "")\(change.delta)</td></tr>"
    }
    func head(_ first: String) -> String {
      "<thead><tr><th data-type=\"text\">\(first)</th><th class=\"num\" data-type=\"number\">Before</th>"
        + "<th class=\"num\" data-type=\"number\">After</th><th class=\"num\" data-type=\"number\">Change</th>"
        + "</tr></thead>"
    }
    var page =
      HTMLAssets.documentStart(title: "Redraw diff") + """
        <h1>Redraw diff</h1>
        <p class="meta">before <code>\(HTML.escaped(context.before))</code> · after <code>\(HTML.escaped(context.after))</code></p>
        <p id="verdict"><strong>\(context.regressed ? "Regressed:" : "No regression.")</strong>\(context.regressed ? " " + HTML.escaped(reasons(context)) : "")</p>

        """
    page += "<table id=\"totals\">" + head("")
    page += "<tbody>" + line("Body evaluations", comparison.bodyEvaluations)
    page += line("Over-broad", comparison.overBroadEvaluations)
    page += line("With @Observable", comparison.evaluationsWithPropertyTracking) + "</tbody></table>\n"
    page +=
      "<h2>Views</h2>\n<input class=\"filter\" type=\"search\" data-filter=\"views-table\" placeholder=\"Filter views\">\n"
    page += "<table class=\"sortable\" id=\"views-table\">\(head("View"))<tbody>\n"
    for view in comparison.views.prefix(maximumRows * 5) { page += line(view.view, view.evaluations) + "\n" }
    page += "</tbody></table>\n<h2>Findings</h2>\n<ul>\n"
    for finding in comparison.newFindings.prefix(maximumRows) {
      page +=
        "<li>new \(finding.severity.rawValue) <code>\(finding.rule)</code> \(HTML.escaped(JUnitReport.caseName(finding)))</li>\n"
    }
    for finding in comparison.fixedFindings.prefix(maximumRows) {
      page += "<li>fixed <code>\(finding.rule)</code> \(HTML.escaped(JUnitReport.caseName(finding)))</li>\n"
    }
    for finding in comparison.fewerFindings.prefix(maximumRows) {
      page +=
        "<li>fewer <code>\(finding.rule)</code> \(HTML.escaped(JUnitReport.caseName(finding))) (still reported)</li>\n"
    }
    page += "</ul>\n"
    return page + HTMLAssets.documentEnd
  }

  /// "Regressed: body evaluations grew …; 2 new findings at or above error: …."
  static func verdict(_ context: Context) -> String {
    "Regressed: " + TerminalText.sanitized(reasons(context))
  }

  /// The reasons as one sentence.
  static func reasons(_ context: Context) -> String {
    context.regressions.joined(separator: "; ") + "."
  }
}
