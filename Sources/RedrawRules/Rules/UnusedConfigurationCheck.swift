import RedrawSessions

/// Budgets and ignore entries that matched nothing: findings with the rule id
/// `unused-configuration`, pointing at the entry in the configuration file.
///
/// A misspelled view in a budget would otherwise never fire, and the gate would stay green;
/// SwiftLint reports a superfluous `disable` command the same way. Like ``BudgetCheck``, it
/// runs as its own pass, after the filter stage, since an ignore entry is unused only once
/// every finding it could remove is known.
package enum UnusedConfigurationCheck {
  /// The `unused-configuration` check's id, name, severity, explanation and fix, as a rule describes itself.
  public static let description = RuleDescription(
    id: "unused-configuration",
    name: "Unused configuration",
    summary: "A budget or an ignore entry in the configuration matched nothing.",
    defaultSeverity: .warning,
    explanation: """
      A budget applies to the view (or the type's initializer) it names, in every session or \
      in the sessions of its scenario; an ignore entry removes the findings whose rule and \
      fields it names. When no session has the scenario, no view or initializer has the \
      name, or no finding matches the ignore entry, the entry does nothing: usually a \
      misspelled name, or a view renamed since. The finding points at the entry and names \
      the nearest name the traces have. The count is 1. These findings are about the \
      configuration itself: no ignore entry or baseline hides them; set the rule's severity \
      or turn it off under "rules" like any other.
      """,
    fix: """
      Correct the entry's names as the traces record them (`redraw stats` lists views, types \
      and scenarios) or remove the entry.
      """,
    triggeringExample: "",
    cleanExample: "")

  /// The findings of the budgets and ignore entries that matched nothing in `analysis`
  /// (before the filter stage removed anything).
  public static func findings(
    budgets: [Budget], suppressions: Suppressions, in analysis: Analysis, context: RuleContext
  ) -> [Finding] {
    guard !context.disabled.contains(description.id), !budgets.isEmpty || !suppressions.ignores.isEmpty else {
      return []
    }
    let sessions = analysis.sessions
    let names = Names(sessions)
    var findings: [Finding] = []
    for budget in budgets {
      guard let reason = BudgetCheck.unmatched(budget, in: sessions) else { continue }
      let hint: String?
      if let scenario = budget.scenario, !sessions.contains(where: { $0.scenario == scenario }) {
        hint = Suggestion.nearest(to: scenario, in: names.scenarios).map { "scenario \"\($0)\"" }
      } else if let view = budget.view {
        hint = Suggestion.nearest(to: view, in: names.views)
      } else {
        hint = budget.type.flatMap { Suggestion.nearest(to: $0, in: names.initializedTypes) }
      }
      findings.append(
        finding(
          reason, hint: hint, view: budget.view, type: budget.type, scenario: budget.scenario, entry: budget.entry,
          context: context))
    }
    for ignore in suppressions.unusedIgnores(in: analysis.findings) {
      let hint =
        ignore.view.flatMap { Suggestion.nearest(to: $0, in: names.views) }
        ?? ignore.type.flatMap { Suggestion.nearest(to: $0, in: names.types) }
        ?? ignore.property.flatMap { Suggestion.nearest(to: $0, in: names.properties) }
      findings.append(
        finding(
          ignore.summary + " matched no finding", hint: hint, view: ignore.view, type: ignore.type,
          property: ignore.property, entry: ignore.entry, context: context))
    }
    return findings
  }

  private static func finding(
    _ reason: String, hint: String?, view: String?, type: String?, property: String? = nil, scenario: String? = nil,
    entry: ConfigurationEntry?, context: RuleContext
  ) -> Finding {
    Finding(
      rule: description.id, severity: context.severity(description.defaultSeverity, of: description),
      message: reason + (hint.map { "; did you mean \($0)?" } ?? "."), fix: description.fix, view: view,
      type: type, property: property, count: 1, scenario: scenario,
      source: entry?.file ?? "configuration", evidence: Evidence(line: entry?.line ?? 0, time: 0))
  }

  /// The names the traces have, for suggestions.
  private struct Names {
    var views: [String] = []
    var types: [String] = []
    var initializedTypes: [String] = []
    var properties: [String] = []
    var scenarios: [String] = []

    init(_ sessions: [Session]) {
      var views: Set<String> = []
      var types: Set<String> = []
      var initialized: Set<String> = []
      var properties: Set<String> = []
      for session in sessions {
        for node in session.nodes { views.insert(node.view) }
        for group in session.initGroups { initialized.insert(group.type) }
        for property in session.properties {
          types.insert(property.type)
          properties.insert(property.property)
        }
        if let scenario = session.scenario { scenarios.append(scenario) }
      }
      self.views = views.sorted()
      self.types = types.union(initialized).sorted()
      self.initializedTypes = initialized.sorted()
      self.properties = properties.sorted()
    }
  }
}
