import RedrawRules

/// The plan as a self-contained page: the what-if with saved and added side by side, the
/// checklist, the models and their owners, and the views; tables sort and filter.
enum PlanHTMLReport {
  static func render(_ plan: MigrationPlan, _ context: PlanReport.Context) -> String {
    let totals = plan.totals
    let kept = PlanReport.kept(plan).map { "\n<p id=\"kept\">\(HTML.escaped($0))</p>" } ?? ""
    var page =
      HTMLAssets.documentStart(title: "Redraw migration plan") + """
        <header>
        <h1>Redraw migration plan</h1>
        <p class="meta">redraw \(HTML.escaped(context.toolVersion)) · \(context.inputs.prefix(3).map { "<code>\(HTML.escaped($0))</code>" }.joined(separator: ", "))</p>
        <p id="target">SwiftUI: \(HTML.escaped(PlanReport.target(plan)))</p>\(kept)
        </header>
        <section id="summary" class="cards">
        \(card(totals.now, "evaluations now", id: "card-now"))
        \(card(totals.saved, "saved by the move", id: "card-saved"))
        \(card(totals.added, "added: missed updates that now arrive", id: "card-added"))
        \(card(totals.after, "after the move", id: "card-after"))
        \(card(plan.models.count, plan.models.count == 1 ? "model to move" : "models to move", id: "card-models"))
        </section>

        """
    page += HTMLCharts.whatIf(totals, title: "What the move changes")
    page += checklist(plan)
    page += models(plan)
    page += owners(plan)
    page += views(plan)
    page += """
      <footer class="muted"><p>Saved: over-broad evaluations, those caused only by writes of an equal value, and \
      the children's evaluations they cascaded into. Added: updates of objects a view read without subscribing \
      to them, which never reached it and will. Initializer runs as @State: once per view struct made with \
      Xcode 26 (the property wrapper), once per view identity with Xcode 27 (the macro).</p></footer>

      """
    return page + HTMLAssets.documentEnd
  }

  // MARK: - Sections

  private static func card(_ number: Int, _ label: String, id: String) -> String {
    "<div class=\"card\" id=\"\(id)\"><div class=\"n\">\(NumberFormatting.grouped(number))</div><div>\(label)</div></div>"
  }

  private static func checklist(_ plan: MigrationPlan) -> String {
    guard !plan.checklist.isEmpty else { return "" }
    var html = "<section id=\"checklist\"><h2>Checklist</h2>\n"
    for item in plan.checklist.prefix(PlanReport.maximumRows) {
      let place = PlanReport.place(item.location)
      html +=
        "<div class=\"finding \(item.severity.rawValue)\" data-kind=\"\(item.kind.rawValue)\"><span class=\"sev\">"
        + "\(item.severity.rawValue)</span>\(place.isEmpty ? "" : " <code>\(HTML.escaped(place))</code>")"
        + "<p class=\"fix\">\(HTML.escaped(item.text))</p></div>\n"
    }
    return html + "</section>\n"
  }

  private static func models(_ plan: MigrationPlan) -> String {
    var rows: [String] = []
    for model in plan.models {
      rows.append(
        "<tr class=\"model\">" + cell(model.type, strong: true) + cell("") + cell("")
          + number(model.evaluations.saved) + number(model.evaluations.added) + "</tr>")
      for view in model.views {
        rows.append(
          "<tr>" + cell(model.type) + cell(view.view) + cell(PlanReport.declaration(view))
            + number(view.evaluations.saved) + number(view.evaluations.added) + "</tr>")
      }
    }
    return table(
      id: "models", title: "Models, by what moving each saves (the views below add them up)",
      headers: header("Model") + header("View") + header("Declaration") + header("Saved", number: true)
        + header("Added", number: true),
      rows: rows)
  }

  private static func owners(_ plan: MigrationPlan) -> String {
    let rows = plan.models.flatMap { model in
      model.owners.map { owner in
        "<tr>" + cell(model.type) + cell(owner.view) + number(owner.initRuns.now) + number(owner.initRuns.xcode26)
          + number(owner.initRuns.xcode27) + cell(owner.effectsPerRun.map(String.init) ?? "")
          + cell(owner.structsInferred ? "inferred" : "recorded") + cell(owner.site ?? "") + "</tr>"
      }
    }
    guard !rows.isEmpty else { return "" }
    return table(
      id: "owners", title: "@StateObject owners: initializer runs as @State",
      headers: header("Model") + header("Owner") + header("Now", number: true) + header("Xcode 26", number: true)
        + header("Xcode 27", number: true) + header("Effects a run") + header("Structs") + header("Site"),
      rows: rows)
  }

  private static func views(_ plan: MigrationPlan) -> String {
    table(
      id: "views", title: "Views",
      headers: header("View") + header("Now", number: true) + header("Saved", number: true)
        + header("Added", number: true) + header("After", number: true),
      rows: plan.views.prefix(PlanReport.maximumRows).map { "<tr>" + cell($0.view) + numbers($0.evaluations) + "</tr>" }
    )
  }

  // MARK: - Cells

  private static func table(id: String, title: String, headers: String, rows: [String]) -> String {
    "<section id=\"\(id)\"><h2>\(title)</h2>\n"
      + "<input class=\"filter\" type=\"search\" data-filter=\"\(id)-table\" placeholder=\"Filter\" aria-label=\"Filter \(id)\">\n"
      + "<div class=\"scroll\"><table class=\"sortable\" id=\"\(id)-table\">\n<thead><tr>\(headers)</tr></thead>\n<tbody>\n"
      + rows.prefix(PlanReport.maximumRows * 4).joined(separator: "\n") + "\n</tbody></table></div></section>\n"
  }

  private static func header(_ label: String, number: Bool = false) -> String {
    number ? "<th class=\"num\" data-type=\"number\">\(label)</th>" : "<th data-type=\"text\">\(label)</th>"
  }

  private static func cell(_ text: String, strong: Bool = false) -> String {
    strong ? "<td><strong>\(HTML.escaped(text))</strong></td>" : "<td>\(HTML.escaped(text))</td>"
  }

  private static func number(_ value: Int) -> String {
    "<td class=\"num\" data-value=\"\(value)\">\(NumberFormatting.grouped(value))</td>"
  }

  /// Now, saved, added and after: saved and added side by side.
  private static func numbers(_ change: MigrationPlan.EvaluationChange) -> String {
    number(change.now) + number(change.saved) + number(change.added) + number(change.after)
  }
}
