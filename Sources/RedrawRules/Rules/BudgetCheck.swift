import RedrawSessions

/// A limit from the configuration: at most so many evaluations or initializer runs.
public struct Budget: Sendable, Hashable {
  /// What is limited.
  public enum Metric: String, Sendable, CaseIterable {
    /// Body evaluations of a view.
    case bodyEvaluations
    /// Over-broad evaluations of a view.
    case overBroadEvaluations
    /// Initializer runs of a type.
    case inits
  }

  /// The view whose nodes are counted (for evaluation metrics).
  public var view: String?
  /// The type whose initializer runs are counted (for `inits`).
  public var type: String?
  /// Only sessions with this scenario; all sessions when nil.
  public var scenario: String?
  /// What is counted.
  public var metric: Metric
  /// The highest count allowed in a session: a higher one is a finding.
  public var maximum: Int
  /// Where the configuration file declares it, when it came from one.
  public var entry: ConfigurationEntry?

  /// A budget of at most `maximum` of `metric` for `view` or `type`, in the sessions of `scenario` or in all.
  public init(
    view: String? = nil, type: String? = nil, scenario: String? = nil, metric: Metric, maximum: Int,
    entry: ConfigurationEntry? = nil
  ) {
    self.view = view
    self.type = type
    self.scenario = scenario
    self.metric = metric
    self.maximum = maximum
    self.entry = entry
  }
}

/// Checks budgets against each session: findings with the rule id `budget`.
///
/// Budgets come from the configuration, not from a rule's thresholds, so this runs as
/// its own pass after the rules.
package enum BudgetCheck {
  /// The `budget` check's id, name, severity, explanation and fix, as a rule describes itself.
  public static let description = RuleDescription(
    id: "budget",
    name: "Budget exceeded",
    summary: "A view or type went over a budget set in the configuration.",
    defaultSeverity: .error,
    explanation: """
      Budgets in .redraw.json cap how many body evaluations or over-broad evaluations a view \
      may have, or how many times a type may be initialized, in every session or in the \
      sessions of one scenario. They turn a measured invalidation count into a CI gate: a \
      change that makes a screen redraw more than its budget fails the build. Each session is \
      checked on its own (each test of a .redraw suite, each case of a parameterized test, \
      each Trace.record), and in it every evaluation of every node of the view counts, the \
      first render included: a test that resets its counts after mounting sees one less per \
      node (docs/ci.md, "What a budget counts"). The count is the measured value; a baseline \
      that accepts the finding accepts that count and no more.
      """,
    fix: """
      Find what made the view re-evaluate with the other findings of the same run, or raise \
      the budget in .redraw.json if the new count is expected.
      """,
    triggeringExample: "",
    cleanExample: "")

  /// The budget findings of `sessions`.
  public static func findings(in sessions: [Session], budgets: [Budget], context: RuleContext) -> [Finding] {
    var findings: [Finding] = []
    for session in sessions {
      for budget in budgets where budget.scenario == nil || budget.scenario == session.scenario {
        guard let (value, evidence) = measure(budget, in: session), value > budget.maximum else { continue }
        let subject = budget.view ?? budget.type ?? "?"
        let what: String
        switch budget.metric {
        case .bodyEvaluations: what = "body evaluations"
        case .overBroadEvaluations: what = "over-broad evaluations"
        case .inits: what = "initializer runs"
        }
        var message = "\(subject) had \(value) \(what), over its budget of \(budget.maximum)"
        if let scenario = budget.scenario { message += " in scenario \"\(scenario)\"" }
        findings.append(
          Finding(
            rule: description.id, severity: context.severity(description.defaultSeverity, of: description),
            message: message + ".", fix: description.fix, view: budget.view, type: budget.type,
            metric: budget.metric, count: value, location: location(of: budget, in: session),
            scenario: session.scenario, source: session.source, evidence: evidence))
      }
    }
    return findings
  }

  /// Why `budget` matched nothing in `sessions`: no session of its scenario, or no view
  /// (or initializer of its type) in them; nil when it matched.
  static func unmatched(_ budget: Budget, in sessions: [Session]) -> String? {
    let scoped = sessions.filter { budget.scenario == nil || $0.scenario == budget.scenario }
    let name = budget.view ?? budget.type ?? "?"
    if scoped.isEmpty, let scenario = budget.scenario {
      return "budget for \(name) in scenario \(scenario) matched no session"
    }
    guard !scoped.contains(where: { measure(budget, in: $0) != nil }) else { return nil }
    return "budget for \(name) matched no \(budget.metric == .inits ? "initializer" : "view")"
      + (budget.scenario.map { " in scenario \($0)" } ?? "")
  }

  /// The body of the budget's view, or the construction of its type's first initializer group.
  private static func location(of budget: Budget, in session: Session) -> CodeLocation? {
    if let view = budget.view { return session.bodyLocations[view] }
    return session.initGroups.lazy.filter { $0.type == budget.type }.compactMap { CodeLocation(site: $0.site) }
      .first
  }

  private static func measure(_ budget: Budget, in session: Session) -> (Int, Evidence)? {
    switch budget.metric {
    case .bodyEvaluations, .overBroadEvaluations:
      let nodes = session.nodes.filter { $0.view == budget.view }
      guard let first = nodes.first else { return nil }
      let value = nodes.reduce(0) { $0 + (budget.metric == .bodyEvaluations ? $1.evaluations : $1.overBroad) }
      return (value, first.first)
    case .inits:
      let groups = session.initGroups.filter { $0.type == budget.type }
      guard let first = groups.first else { return nil }
      return (groups.reduce(0) { $0 + $1.runs }, first.first)
    }
  }
}
