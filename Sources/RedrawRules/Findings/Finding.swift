import RedrawSessions

/// One thing a rule found: what, where, how often, and what to change.
public struct Finding: Sendable, Hashable {
  /// The rule's id, e.g. `over-broad-invalidation`.
  public var rule: String
  /// How serious it is: the rule's choice, or the configuration's override of it.
  public var severity: Severity
  /// What happened, with the evidence, in one or two sentences.
  public var message: String
  /// What to change.
  public var fix: String
  /// The view type the finding is about, when it is about one.
  public var view: String?
  /// The model type the finding is about, when it is about one.
  public var type: String?
  /// The property the finding is about, when it is about one.
  public var property: String?
  /// What a budget finding's budget limits; nil for the rules' findings.
  public var metric: Budget.Metric?
  /// How many times it happened; what is counted depends on the rule.
  public var count: Int
  /// The file name and line of the site the finding is about, when the trace records one:
  /// `FeedView.swift:12`, whatever path the trace recorded (`CodeLocation/shortSite(_:)`).
  /// Part of the ``subject``, so baselines do not depend on where a trace was recorded.
  public var site: String?
  /// The best source location known: the view's body for a finding about a view, the
  /// construction for an initializer, the write for a write; nil when the trace recorded
  /// none. Reports that CI attaches to code point there, beside the ``evidence``.
  public var location: CodeLocation?
  /// The scenario of the session.
  public var scenario: String?
  /// The trace file of the evidence.
  public var source: String
  /// The first event that shows it.
  public var evidence: Evidence
  /// The events behind it, first few: writes, evaluations, initializer runs and effects.
  public var trail: [TrailEvent]

  /// A finding with these fields; `site` is shortened to its file name and line.
  public init(
    rule: String, severity: Severity, message: String, fix: String, view: String? = nil, type: String? = nil,
    property: String? = nil, metric: Budget.Metric? = nil, count: Int, site: String? = nil,
    location: CodeLocation? = nil,
    scenario: String? = nil, source: String, evidence: Evidence, trail: [TrailEvent] = []
  ) {
    self.rule = rule
    self.severity = severity
    self.message = message
    self.fix = fix
    self.view = view
    self.type = type
    self.property = property
    self.metric = metric
    self.count = count
    self.site = site.map(CodeLocation.shortSite)
    self.location = location
    self.scenario = scenario
    self.source = source
    self.evidence = evidence
    self.trail = trail
  }

  /// What the finding is about, independent of counts and times: the rule and its
  /// subject. Baselines key on it, and SARIF's `partialFingerprints` hash it. A budget's
  /// metric stands where a property would, so baselines written when budget findings kept
  /// their metric in `property` still match.
  public var subject: String {
    [rule, scenario ?? "", view ?? "", type ?? "", propertyOrMetric ?? "", site ?? ""].joined(separator: "|")
  }

  /// The property, or for a budget finding its metric: the last part of its subject, and
  /// what an ignore entry's `property` matches.
  package var propertyOrMetric: String? { property ?? metric?.rawValue }

  /// `findings` sorted by ``reportOrder(_:_:)``: their indices are sorted, then the
  /// findings are moved into that order in place.
  ///
  /// The findings are compared where they lie in the array's storage: reading one out of
  /// the array for each comparison would retain and release its nine strings. Moving each
  /// once into its place, rather than copying each into a new array, retains none of them.
  ///
  /// - Complexity: O(*n* log *n*) comparisons and *n* moves.
  public static func inReportOrder(_ findings: consuming [Finding]) -> [Finding] {
    let order = findings.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return [Int]() }
      return buffer.indices.sorted { isInReportOrder(base + $0, base + $1) }
    }
    var sorted = consume findings
    sorted.permute(takingFrom: order)
    return sorted
  }

  /// Report order: most severe first, then the largest count, then by subject (rule,
  /// scenario, view, type, property, site), then by place in the trace.
  ///
  /// - Complexity: O(1) for findings that differ in severity or count; compares fields
  ///   without building strings.
  public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    withUnsafePointer(to: lhs) { lhs in withUnsafePointer(to: rhs) { rhs in isInReportOrder(lhs, rhs) } }
  }

  /// ``reportOrder(_:_:)`` on findings in place, each field read through the pointer:
  /// passing the findings themselves copies their nine strings for every comparison.
  private static func isInReportOrder(_ lhs: UnsafePointer<Finding>, _ rhs: UnsafePointer<Finding>) -> Bool {
    if lhs.pointee.severity != rhs.pointee.severity { return lhs.pointee.severity > rhs.pointee.severity }
    if lhs.pointee.count != rhs.pointee.count { return lhs.pointee.count > rhs.pointee.count }
    if lhs.pointee.rule != rhs.pointee.rule { return lhs.pointee.rule < rhs.pointee.rule }
    if lhs.pointee.scenario != rhs.pointee.scenario {
      return (lhs.pointee.scenario ?? "") < (rhs.pointee.scenario ?? "")
    }
    if lhs.pointee.view != rhs.pointee.view { return (lhs.pointee.view ?? "") < (rhs.pointee.view ?? "") }
    if lhs.pointee.type != rhs.pointee.type { return (lhs.pointee.type ?? "") < (rhs.pointee.type ?? "") }
    if lhs.pointee.property != rhs.pointee.property {
      return (lhs.pointee.property ?? "") < (rhs.pointee.property ?? "")
    }
    if lhs.pointee.site != rhs.pointee.site { return (lhs.pointee.site ?? "") < (rhs.pointee.site ?? "") }
    return (lhs.pointee.source, lhs.pointee.evidence.line) < (rhs.pointee.source, rhs.pointee.evidence.line)
  }
}
