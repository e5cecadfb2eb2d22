import RedrawRules

/// The plan as Markdown, for a pull request or `$GITHUB_STEP_SUMMARY`.
enum PlanMarkdownReport {
  static func render(_ plan: MigrationPlan, _ context: PlanReport.Context) -> String {
    var out = "## Redraw migration plan\n\n"
    out += "SwiftUI: \(cell(PlanReport.target(plan)))\n\n"
    if let kept = PlanReport.kept(plan) { out += cell(kept) + "\n\n" }
    guard !plan.models.isEmpty else {
      if !plan.kept.isEmpty { return out + "Every model tracked per object is kept: nothing to migrate.\n" }
      return out + "No model is tracked per object: nothing to migrate.\n"
    }
    let totals = plan.totals
    out += "| | now | after | saved | added |\n|---|---:|---:|---:|---:|\n"
    out += "| Body evaluations | \(numbers(totals)) |\n"
    if !plan.checklist.isEmpty {
      out += "\n### Checklist\n\n"
      for item in plan.checklist.prefix(PlanReport.maximumRows) {
        let place = PlanReport.place(item.location)
        out += "- [ ] \(icon(item.severity)) \(place.isEmpty ? "" : "`\(cell(place))` ")\(cell(item.text))\n"
      }
    }
    out += "\n### Models, by what moving each saves\n\n"
    out += "| model | view | declaration | saved | added |\n|---|---|---|---:|---:|\n"
    for model in plan.models.prefix(PlanReport.maximumRows) {
      out += "| **\(cell(model.type))** | | | \(changes(model.evaluations)) |\n"
      for view in model.views {
        out += "| | \(cell(view.view)) | \(cell(PlanReport.declaration(view))) | \(changes(view.evaluations)) |\n"
      }
    }
    out +=
      "\n### Views, after moving every model\n\n| view | now | after | saved | added |\n|---|---:|---:|---:|---:|\n"
    for view in plan.views.prefix(PlanReport.maximumRows) {
      out += "| \(cell(view.view)) | \(numbers(view.evaluations)) |\n"
    }
    let owners = plan.models.flatMap { model in model.owners.map { (model.type, $0) } }
    if !owners.isEmpty {
      out += "\n### `@StateObject` owners: initializer runs as `@State`\n\n"
      out += "| model | owner | now | Xcode 26 | Xcode 27 | effects a run | site |\n|---|---|---:|---:|---:|---:|---|\n"
      for (type, owner) in owners {
        out +=
          "| \(cell(type)) | \(cell(owner.view)) | \(owner.initRuns.now) | \(owner.initRuns.xcode26)"
          + "\(owner.structsInferred ? " (inferred)" : "") | \(owner.initRuns.xcode27) | "
          + "\(owner.effectsPerRun.map(String.init) ?? "") | \(cell(owner.site ?? "")) |\n"
      }
    }
    return out
  }

  private static func changes(_ change: MigrationPlan.EvaluationChange) -> String {
    "\(NumberFormatting.grouped(change.saved)) | \(NumberFormatting.grouped(change.added))"
  }

  private static func numbers(_ change: MigrationPlan.EvaluationChange) -> String {
    [change.now, change.after, change.saved, change.added].map(NumberFormatting.grouped).joined(separator: " | ")
  }

  private static func icon(_ severity: Severity) -> String {
    switch severity {
    case .error: "❌"
    case .warning: "⚠️"
    case .info: "ℹ️"
    }
  }

  /// Text for a table cell or list item: no line breaks, pipes or markup but code spans,
  /// which the plan's sentences use for declarations (`@StateObject var …`).
  private static func cell(_ text: String) -> String {
    MarkdownReport.cell(text, limit: 600).replacingOccurrences(of: "\\`", with: "`")
  }
}
