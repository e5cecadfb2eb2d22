import RedrawRules

/// The plan for a terminal: the totals, the checklist, then each model and its views.
enum PlanTextReport {
  static func render(_ plan: MigrationPlan, _ context: PlanReport.Context) -> String {
    let text = TerminalText.sanitized
    let color = context.color
    var out =
      TerminalText.styled("Redraw \(context.toolVersion) plan", .bold, color: color)
      + " · \(context.inputs.map(text).joined(separator: ", "))\n"
    out += "SwiftUI: \(PlanReport.target(plan))\n"
    if let kept = PlanReport.kept(plan) { out += text(kept) + "\n" }
    out += "\n"
    guard !plan.models.isEmpty else {
      if !plan.kept.isEmpty { return out + "Every model tracked per object is kept: nothing to migrate.\n" }
      return out + "No model is tracked per object (no view subscribes to one, no update was missed): "
        + "nothing to migrate.\n"
    }
    let totals = plan.totals
    out +=
      "Body evaluations \(NumberFormatting.grouped(totals.now)) now, \(NumberFormatting.grouped(totals.after)) "
      + "after the move (\(PlanReport.change(totals)))\n"
    if !plan.checklist.isEmpty {
      out += "\n" + TerminalText.styled("Checklist", .bold, color: color) + "\n"
      for item in plan.checklist.prefix(PlanReport.maximumRows) {
        let place = PlanReport.place(item.location)
        out += "  \(severity(item.severity, color: color))\(place.isEmpty ? "" : "  " + text(place))\n"
        out += TerminalText.wrapped(text(item.text), width: 100, indent: "    ") + "\n"
      }
      out += more(plan.checklist.count, "item")
    }
    out +=
      "\n" + TerminalText.styled("Models", .bold, color: color)
      + ", by what moving each saves (the Views below add them up)\n"
    for model in plan.models.prefix(PlanReport.maximumRows) {
      out += "  \(text(model.type)): \(change(model.evaluations))"
      if model.equalWrites > 0 { out += "; \(PlanReport.count(model.equalWrites, "write")) of an equal value" }
      out += "\n"
      for view in model.views {
        out += "    \(text(view.view)) (\(PlanReport.declaration(view))): \(change(view.evaluations))\n"
      }
      for owner in model.owners {
        let runs = owner.initRuns
        out +=
          "    owner \(text(owner.view)): initializer runs \(runs.now) now; as @State \(runs.xcode26) with Xcode 26"
          + (owner.structsInferred ? " (inferred)" : "") + ", \(runs.xcode27) with Xcode 27"
        if let perRun = owner.effectsPerRun { out += "; \(PlanReport.count(perRun, "effect")) a run" }
        if let site = owner.site { out += " · \(text(site))" }
        out += "\n"
      }
    }
    out += more(plan.models.count, "model")
    if !plan.wholeModelReads.isEmpty {
      out += "\nParents that read a whole model\n"
      for parent in plan.wholeModelReads.prefix(PlanReport.maximumRows) {
        out +=
          "  \(text(parent.view)) reads \(parent.properties.count) of \(parent.knownProperties) properties of "
          + "\(text(parent.type)): hand narrow values to \(parent.children.map(text).joined(separator: ", "))\n"
      }
    }
    out += "\n" + TerminalText.styled("Views", .bold, color: color) + "\n"
    for view in plan.views.prefix(PlanReport.maximumRows) {
      out += "  \(text(view.view)): \(counts(view.evaluations))\n"
    }
    out += more(plan.views.count, "view")
    return out
  }

  /// `saves 10, adds 0`: what moving one model changes.
  private static func change(_ change: MigrationPlan.EvaluationChange) -> String {
    "saves \(NumberFormatting.grouped(change.saved)), adds \(NumberFormatting.grouped(change.added))"
  }

  /// `11 now → 1 after (10 saved, 0 added)`.
  private static func counts(_ change: MigrationPlan.EvaluationChange) -> String {
    "\(NumberFormatting.grouped(change.now)) now → \(NumberFormatting.grouped(change.after)) after "
      + "(\(PlanReport.change(change)))"
  }

  private static func more(_ count: Int, _ noun: String) -> String {
    count > PlanReport.maximumRows ? "  … and \(count - PlanReport.maximumRows) more \(noun)s\n" : ""
  }

  /// A checklist item's severity, coloured as `analyze`'s text colours findings.
  private static func severity(_ severity: Severity, color: Bool) -> String {
    switch severity {
    case .error: TerminalText.styled(severity.rawValue, .red, color: color)
    case .warning: TerminalText.styled(severity.rawValue, .yellow, color: color)
    case .info: TerminalText.styled(severity.rawValue, .cyan, color: color)
    }
  }
}
