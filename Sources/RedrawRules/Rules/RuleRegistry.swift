import RedrawPlatform
import RedrawSessions

/// The rules Redraw runs, and the checks beside them.
///
/// Add a rule by writing its file (its description, its `findings(in:context:)` and, when it
/// needs facts the session builder does not keep for every rule, its `Collector`; see
/// `SessionCollector`) and running `swift run redraw-generate`, which lists it in `all`, its
/// collector in `RuleCollectors` (`RuleRegistry+Generated.swift`), and writes its test file
/// (`Tests/RedrawAnalysisTests/Rules/<Rule>Tests.swift`: its description's examples and its
/// sample). Tests check that the generated files are current, that ids are unique and
/// kebab-case, and that every collector belongs to a listed rule.
public enum RuleRegistry {
  /// The checks that run beside the rules, over the configuration's entries: budgets, and
  /// budgets and ignore entries that matched nothing. Configured, listed and explained as
  /// rules are.
  public static let checks: [RuleDescription] = [BudgetCheck.description, UnusedConfigurationCheck.description]

  /// Every rule's and check's description, rules first: what `redraw rules` lists, what a
  /// configuration may name, and what reports describe.
  public static var descriptions: [RuleDescription] { all.map { $0.description } + checks }

  /// The rule with `id`.
  package static func rule(id: String) -> (any Rule.Type)? {
    all.first { $0.description.id == id }
  }

  /// Every `rule-id.key` threshold, for validating user settings.
  public static var thresholdKeys: Set<String> {
    Set(all.flatMap { rule in rule.description.thresholds.map { "\(rule.description.id).\($0.key)" } })
  }

  /// Runs every rule over every session: the *run rules* stage, on up to `threads` threads.
  ///
  /// Each rule's pass over a session is one piece of work: rules only read the sessions, and
  /// one rule can take half of the stage (over-broad invalidation on a large trace), so
  /// threads take the pieces one at a time. With `threads` 1 it all runs on the calling
  /// thread.
  ///
  /// - Returns: The findings session by session, each session's in the rules' order; the
  ///   `Analyzer` puts them in report order once, with the budgets'.
  package static func run(on sessions: [Session], context: RuleContext, threads: Int = 1) -> [Finding] {
    let rules = all.filter { !context.disabled.contains($0.description.id) }
    guard !rules.isEmpty else { return [] }
    let pieces = ParallelWork.map(sessions.count * rules.count, threads: threads) { piece in
      rules[piece % rules.count].findings(in: sessions[piece / rules.count], context: context)
    }
    return .joining(movingFrom: pieces)
  }
}
