import RedrawRules
import RedrawSessions

/// A self-contained HTML report: summary and migration what-if above the fold, then
/// findings, sortable and filterable views and models tables, a views × properties
/// matrix and a timeline of evaluations.
///
/// One file with inline CSS, JS and SVG that loads nothing (its Content-Security-Policy
/// forbids every request), light and dark. Every string from the trace is escaped.
/// Tables and charts are capped, so the file stays a few megabytes for traces of any
/// length; what is left out is counted on the page.
package enum HTMLReport: ReportRenderer {
  static let maximumRows = 1_000
  static let maximumFindings = 500

  package static func render(_ analysis: Analysis, context: ReportContext) -> String {
    let summary = analysis.summary
    var page =
      HTMLAssets.documentStart(title: "Redraw report") + """
        <header>
        <h1>Redraw report</h1>
        <p class="meta">redraw \(HTML.escaped(context.toolVersion)) · \(files(analysis))\(generated(context))</p>
        </header>

        """
    page += summarySection(summary)
    page += dataLossSection(analysis)
    page += findingsSection(analysis)
    page += HTMLTables.actions(analysis.sessions)
    page += HTMLTables.views(analysis.sessions)
    page += HTMLTables.updates(analysis.sessions)
    page += HTMLTables.models(analysis.sessions)
    page += HTMLCharts.matrix(analysis.sessions)
    page += HTMLCharts.timelines(analysis.sessions)
    page += """
      <footer class="muted"><p>Counts: over-broad = evaluations after writes to properties the view never read; \
      cascaded = evaluations of children re-created by a wasted one; saved = over-broad and cascaded evaluations and \
      those caused only by writes of an equal value; added = updates of objects a view read without subscribing \
      that never reached it; with @Observable = what the same run would have needed with property-level \
      tracking, now − saved + added.</p></footer>

      """
    return page + HTMLAssets.documentEnd
  }

  // MARK: - Sections

  private static func files(_ analysis: Analysis) -> String {
    let names = analysis.files.prefix(3).map { "<code>\(HTML.escaped($0.file))</code>" }.joined(separator: ", ")
    let more = analysis.files.count > 3 ? " and \(analysis.files.count - 3) more" : ""
    return names + more
  }

  private static func generated(_ context: ReportContext) -> String {
    context.generatedAt.map { " · generated \(HTML.escaped($0))" } ?? ""
  }

  private static func summarySection(_ summary: AnalysisSummary) -> String {
    func card(_ number: Int, _ label: String, id: String) -> String {
      "<div class=\"card\" id=\"\(id)\"><div class=\"n\">\(NumberFormatting.grouped(number))</div><div>\(label)</div></div>"
    }
    var html = "<section id=\"summary\" class=\"cards\">\n"
    html += card(summary.bodyEvaluations, "body evaluations", id: "card-evaluations") + "\n"
    html += card(summary.overBroadEvaluations, "over-broad", id: "card-over-broad") + "\n"
    html += card(summary.cascadedEvaluations, "cascaded from wasted ones", id: "card-cascaded") + "\n"
    html += card(summary.savedEvaluations, "saved by @Observable", id: "card-saved") + "\n"
    html += card(summary.addedEvaluations, "added (missed updates)", id: "card-added") + "\n"
    html += card(summary.evaluationsWithPropertyTracking, "with @Observable", id: "card-what-if") + "\n"
    html += card(summary.errors + summary.warnings + summary.infos, "findings", id: "card-findings") + "\n"
    html += card(summary.sessions, summary.sessions == 1 ? "session" : "sessions", id: "card-sessions") + "\n"
    html += "</section>\n"
    html += HTMLCharts.whatIf(
      MigrationPlan.EvaluationChange(
        now: summary.bodyEvaluations, saved: summary.savedEvaluations, added: summary.addedEvaluations))
    return html
  }

  private static func dataLossSection(_ analysis: Analysis) -> String {
    var notes: [String] = []
    for file in analysis.files where file.skippedLines > 0 {
      notes.append("\(HTML.escaped(file.file)): \(file.skippedLines) malformed line(s) skipped")
    }
    for session in analysis.sessions {
      if let truncation = session.truncation {
        notes.append("\(HTML.escaped(session.source)): \(HTML.escaped(TextReport.truncationText(truncation)))")
      }
      if session.lostEvents > 0 {
        notes.append("\(HTML.escaped(session.source)): the recorder dropped \(session.lostEvents) events")
      }
    }
    let summary = analysis.summary
    if summary.baselineFindings + summary.ignoredFindings > 0 {
      notes.append(
        "\(summary.baselineFindings) findings accepted by the baseline, \(summary.ignoredFindings) ignored by "
          + "configuration")
    }
    guard !notes.isEmpty else { return "" }
    return "<section id=\"notes\" class=\"note\"><p>" + notes.joined(separator: "<br>") + "</p></section>\n"
  }

  /// The trail's title: a trail keeps the first few events of each kind, so a trail that
  /// reached that many says they are the first (there may be more in the trace).
  static func trailTitle(_ finding: Finding) -> String {
    let count = finding.trail.count
    guard count >= TrailEvent.keptPerKind else { return "The event\(count == 1 ? "" : "s") behind it (\(count))" }
    return "The first \(count) events behind it"
  }

  /// The events behind a finding, in a disclosure: time, thread, what happened, the trace
  /// line and the source location, so cause can be followed to effect without the trace.
  private static func trail(_ finding: Finding) -> String {
    guard !finding.trail.isEmpty else { return "" }
    var html =
      "<details class=\"trail\"><summary>\(trailTitle(finding))</summary>\n"
      + "<table><thead><tr><th class=\"num\">time</th><th class=\"num\">thread</th><th>event</th>"
      + "<th class=\"num\">trace line</th><th>source</th></tr></thead><tbody>\n"
    for event in finding.trail {
      let what =
        "\(event.kind.rawValue) \(event.what)" + (event.note.isEmpty ? "" : " (\(event.note))")
      html +=
        "<tr><td class=\"num\">\(event.time.map { NumberFormatting.duration($0) } ?? "—")</td>"
        + "<td class=\"num\">\(event.thread.map { String($0) } ?? "—")</td>"
        + "<td>\(HTML.escaped(what))</td>"
        + "<td class=\"num\">\(HTML.escaped(finding.source)):\(event.line)</td>"
        + "<td>\(HTML.escaped(event.site ?? ""))</td></tr>\n"
    }
    return html + "</tbody></table></details>\n"
  }

  private static func findingsSection(_ analysis: Analysis) -> String {
    var html = "<section id=\"findings\"><h2>Findings</h2>\n"
    if analysis.findings.isEmpty { html += "<p id=\"no-findings\">No findings.</p>\n" }
    let rules = Dictionary(
      RuleRegistry.descriptions.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    for finding in analysis.findings.prefix(maximumFindings) {
      let subject = JUnitReport.caseName(finding)
      html += "<article class=\"finding \(finding.severity.rawValue)\" data-rule=\"\(HTML.escaped(finding.rule))\">\n"
      html +=
        "<h3><span class=\"sev\">\(finding.severity.rawValue)</span> <code>\(HTML.escaped(finding.rule))</code> "
        + "\(HTML.escaped(subject)) <span class=\"muted\">×\(NumberFormatting.grouped(finding.count))</span></h3>\n"
      html += "<p class=\"message\">\(HTML.escaped(finding.message))</p>\n"
      html += "<p class=\"fix\"><strong>Fix.</strong> \(HTML.escaped(finding.fix))</p>\n"
      if let rule = rules[finding.rule] {
        html += "<details><summary>Why this matters</summary><p>\(HTML.escaped(rule.explanation))</p></details>\n"
      }
      html += "<p class=\"evidence\">\(HTML.escaped(FindingPlace.evidence(finding)))</p>\n"
      html += trail(finding) + "</article>\n"
    }
    if analysis.findings.count > maximumFindings {
      html += "<p class=\"muted\">…and \(analysis.findings.count - maximumFindings) more findings.</p>\n"
    }
    return html + "</section>\n"
  }
}
