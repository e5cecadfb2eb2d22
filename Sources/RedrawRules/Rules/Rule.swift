import RedrawSessions

/// A check over one session that produces findings.
///
/// A rule describes itself (``description``), so the CLI's `rules` and `explain`
/// commands, the docs and the tests all come from one place. Rules are stateless:
/// everything they need is in the `Session` and the ``RuleContext``.
package protocol Rule: SendableMetatype {
  /// The rule's id, name, severity, explanation, fix, thresholds and examples.
  static var description: RuleDescription { get }

  /// The findings of this rule in `session`.
  static func findings(in session: Session, context: RuleContext) -> [Finding]
}

/// Everything a rule says about itself.
public struct RuleDescription: Sendable {
  /// Stable kebab-case id, e.g. `over-broad-invalidation`.
  public var id: String
  /// A title for people.
  public var name: String
  /// One line: what the rule finds.
  public var summary: String
  /// The severity of its findings unless the rule scales it with cost, or the user overrides it.
  public var defaultSeverity: Severity
  /// One paragraph: why it matters and how the rule decides.
  public var explanation: String
  /// What to change.
  public var fix: String
  /// The thresholds the rule reads, with their defaults.
  public var thresholds: [Threshold]
  /// A trace (JSON lines) that triggers the rule.
  public var triggeringExample: String
  /// A trace (JSON lines) of the fixed code, which does not trigger it.
  public var cleanExample: String

  /// A rule's description; a rule that reads no thresholds leaves `thresholds` empty.
  public init(
    id: String, name: String, summary: String, defaultSeverity: Severity, explanation: String, fix: String,
    thresholds: [Threshold] = [], triggeringExample: String, cleanExample: String
  ) {
    self.id = id
    self.name = name
    self.summary = summary
    self.defaultSeverity = defaultSeverity
    self.explanation = explanation
    self.fix = fix
    self.thresholds = thresholds
    self.triggeringExample = triggeringExample
    self.cleanExample = cleanExample
  }
}

/// A tunable number a rule reads, e.g. `hot-property.minimum-writes`.
public struct Threshold: Sendable, Hashable {
  /// The key within the rule, kebab-case.
  public var key: String
  /// The value the rule uses unless the configuration sets one.
  public var defaultValue: Double
  /// What it controls.
  public var summary: String

  /// The threshold `key` of a rule, worth `defaultValue` unless configured.
  public init(key: String, defaultValue: Double, summary: String) {
    self.key = key
    self.defaultValue = defaultValue
    self.summary = summary
  }
}

/// What a rule may read besides the session: thresholds and severity overrides.
public struct RuleContext: Sendable {
  /// Threshold values by `rule-id.key`; missing ones take their defaults.
  public var thresholds: [String: Double]
  /// Severity by rule id, replacing the rule's own choice.
  public var severities: [String: Severity]
  /// Rules that do not run.
  public var disabled: Set<String>

  /// A context with these overrides; by default every rule runs, with its default thresholds and severity.
  public init(thresholds: [String: Double] = [:], severities: [String: Severity] = [:], disabled: Set<String> = []) {
    self.thresholds = thresholds
    self.severities = severities
    self.disabled = disabled
  }

  /// The value of `threshold` for `rule`: the configured one, else its default.
  ///
  /// Typed, so a rule cannot read a threshold it does not declare (a misspelled key used to
  /// read 0).
  public func value(_ threshold: Threshold, of rule: RuleDescription) -> Double {
    thresholds["\(rule.id).\(threshold.key)"] ?? threshold.defaultValue
  }

  /// `severity` unless the user set one for `rule`.
  public func severity(_ severity: Severity, of rule: RuleDescription) -> Severity {
    severities[rule.id] ?? severity
  }
}

// MARK: - Findings

extension Rule {
  /// A finding of this rule in `session`: the rule's id and fix, the session's scenario and
  /// source, and `severity` (the rule's default unless given) or the user's override of it.
  ///
  /// Every rule builds its findings here, so what a finding carries besides its subject is
  /// decided in one place.
  static func finding(
    in session: Session, context: RuleContext, severity: Severity? = nil, message: String, view: String? = nil,
    type: String? = nil, property: String? = nil, count: Int, site: String? = nil, location: CodeLocation?,
    evidence: Evidence, trail: [TrailEvent] = []
  ) -> Finding {
    Finding(
      rule: description.id, severity: context.severity(severity ?? description.defaultSeverity, of: description),
      message: message, fix: description.fix, view: view, type: type, property: property, count: count, site: site,
      location: location, scenario: session.scenario, source: session.source, evidence: evidence, trail: trail)
  }
}
