import RedrawRules
import RedrawSessions

/// The HTML report's sortable, filterable tables.
enum HTMLTables {
  /// A header cell; `number` columns sort numerically and align right.
  private static func header(_ label: String, number: Bool = false) -> String {
    number ? "<th class=\"num\" data-type=\"number\">\(label)</th>" : "<th data-type=\"text\">\(label)</th>"
  }

  private static func cell(_ text: String) -> String { "<td>\(HTML.escaped(text))</td>" }

  private static func number(_ value: Int) -> String {
    "<td class=\"num\" data-value=\"\(value)\">\(NumberFormatting.grouped(value))</td>"
  }

  private static func table(
    id: String, title: String, placeholder: String, headers: [String], rows: [String], total: Int, note: String? = nil
  ) -> String {
    var html = "<section id=\"\(id)\"><h2>\(title)</h2>\n"
    if let note { html += "<p class=\"muted\">\(note)</p>\n" }
    html +=
      "<input class=\"filter\" type=\"search\" id=\"\(id)-filter\" data-filter=\"\(id)-table\" "
      + "placeholder=\"\(placeholder)\" aria-label=\"\(placeholder)\"> "
      + "<span class=\"muted\" id=\"\(id)-table-count\">\(rows.count) shown</span>\n"
    html += "<div class=\"scroll\"><table class=\"sortable\" id=\"\(id)-table\">\n<thead><tr>"
    html += headers.joined() + "</tr></thead>\n<tbody>\n" + rows.joined(separator: "\n") + "\n</tbody></table></div>\n"
    if total > rows.count {
      html += "<p class=\"muted\">The \(rows.count) largest of \(NumberFormatting.grouped(total)) are listed.</p>\n"
    }
    return html + "</section>\n"
  }

  // MARK: - Views

  static func views(_ sessions: [Session]) -> String {
    let showSession = sessions.count > 1
    var all: [(session: Session, node: NodeSummary)] = []
    for session in sessions { all += session.nodes.map { (session, $0) } }
    all.sort { ($0.node.evaluations, $1.node.view) > ($1.node.evaluations, $0.node.view) }
    let rows = all.prefix(HTMLReport.maximumRows).map { entry -> String in
      let node = entry.node
      var row = "<tr>" + cell(node.view) + number(Int(node.node))
      if showSession { row += cell(entry.session.scenario ?? entry.session.source) }
      row += number(node.evaluations) + number(node.overBroad) + number(node.cascaded) + number(node.parentDriven)
      row += number(node.needed)
      row +=
        "<td class=\"num\" data-value=\"\(node.bodyTime)\">\(NumberFormatting.duration(node.bodyTime))</td>"
      row += number(node.propertiesRead) + "</tr>"
      return row
    }
    var headers = [header("View"), header("Node", number: true)]
    if showSession { headers.append(header("Session")) }
    headers += [
      header("Evaluations", number: true), header("Over-broad", number: true), header("Cascaded", number: true),
      header("Parent-driven", number: true), header("Needed", number: true), header("Time in body", number: true),
      header("Properties read", number: true),
    ]
    return table(
      id: "views", title: "Views", placeholder: "Filter views", headers: headers, rows: Array(rows), total: all.count)
  }

  // MARK: - What made each view update

  /// Per view, the writes of each property and each action that re-evaluated it, needed
  /// against wasted: cause to effect without the trace.
  static func updates(_ sessions: [Session]) -> String {
    let showSession = sessions.count > 1
    var all: [(session: Session, update: ViewUpdate)] = []
    for session in sessions { all += session.updates.map { (session, $0) } }
    guard !all.isEmpty else { return "" }
    let rows = all.prefix(HTMLReport.maximumRows).map { entry -> String in
      let update = entry.update
      let cause: String
      switch update.cause {
      case .property(let name): cause = "writes to " + name
      case .action(let name): cause = "action " + name
      }
      var row = "<tr>" + cell(update.view) + cell(cause)
      if showSession { row += cell(entry.session.scenario ?? entry.session.source) }
      row += number(update.needed + update.wasted) + number(update.needed) + number(update.wasted) + "</tr>"
      return row
    }
    var headers = [header("View"), header("Cause")]
    if showSession { headers.append(header("Session")) }
    headers += [
      header("Evaluations", number: true), header("Needed", number: true), header("Wasted", number: true),
    ]
    return table(
      id: "updates", title: "What made each view update", placeholder: "Filter views and causes", headers: headers,
      rows: Array(rows), total: all.count,
      note: "Needed: the view read what was written. Wasted: it did not (with @Observable it would not have "
        + "re-evaluated). An evaluation after a write inside an action counts under the property and the action.")
  }

  // MARK: - Actions

  /// What each user action (`action` span) wrote and the evaluations that caused; nothing
  /// when the trace records no actions.
  static func actions(_ sessions: [Session]) -> String {
    let showSession = sessions.count > 1
    var all: [(session: Session, action: ActionSummary)] = []
    for session in sessions { all += session.actions.map { (session, $0) } }
    guard !all.isEmpty else { return "" }
    all.sort { ($0.action.evaluations, $1.action.name) > ($1.action.evaluations, $0.action.name) }
    let rows = all.prefix(HTMLReport.maximumRows).map { entry -> String in
      let action = entry.action
      var row = "<tr>" + cell(action.name)
      if showSession { row += cell(entry.session.scenario ?? entry.session.source) }
      row += number(action.performed) + number(action.writes) + number(action.evaluations)
      row += number(action.overBroad) + number(action.first.line) + "</tr>"
      return row
    }
    var headers = [header("Action")]
    if showSession { headers.append(header("Session")) }
    headers += [
      header("Performed", number: true), header("Writes", number: true), header("Evaluations caused", number: true),
      header("Over-broad", number: true), header("First at line", number: true),
    ]
    return table(
      id: "actions", title: "Actions", placeholder: "Filter actions", headers: headers, rows: Array(rows),
      total: all.count)
  }

  // MARK: - Models

  static func models(_ sessions: [Session]) -> String {
    let showSession = sessions.count > 1
    var all: [(session: Session, property: PropertySummary)] = []
    for session in sessions { all += session.properties.map { (session, $0) } }
    all.sort {
      ($0.property.neededEvaluations + $0.property.overBroadEvaluations, $0.property.writes, $1.property.type)
        > ($1.property.neededEvaluations + $1.property.overBroadEvaluations, $1.property.writes, $0.property.type)
    }
    let rows = all.prefix(HTMLReport.maximumRows).map { entry -> String in
      let property = entry.property
      var row = "<tr>" + cell(property.type) + cell(property.property)
      if showSession { row += cell(entry.session.scenario ?? entry.session.source) }
      row += number(property.reads) + number(property.writes) + number(property.neededEvaluations)
      row += number(property.overBroadEvaluations) + "</tr>"
      return row
    }
    var headers = [header("Type"), header("Property")]
    if showSession { headers.append(header("Session")) }
    headers += [
      header("Reads", number: true), header("Writes", number: true), header("Evaluations needed", number: true),
      header("Evaluations over-broad", number: true),
    ]
    return table(
      id: "models", title: "Models", placeholder: "Filter types and properties", headers: headers, rows: Array(rows),
      total: all.count)
  }
}
