import RedrawSessions

/// The result of analyzing traces: sessions, findings and what reading them reported.
///
/// Renderers turn it into text, JSON and the other formats; it holds everything they
/// show, so they need nothing else but the render options.
public struct Analysis: Sendable {
  /// What reading each file produced, in the order the files were given.
  public var files: [FileReading]
  /// Findings in report order.
  public var findings: [Finding]
  /// Findings removed by ignore entries of the configuration.
  public var ignoredFindings = 0
  /// Findings removed because the baseline accepted them.
  public var baselineFindings = 0
  /// Ignore entries and budgets of the configuration that matched nothing in the analyzed
  /// traces, in words ("budget for NoSuchScreen matched no view"): a misspelled name would
  /// otherwise never fire and never say so.
  public var unusedConfiguration: [String] = []

  /// The analysis of `files` that found `findings`, with nothing ignored or accepted yet.
  public init(files: [FileReading], findings: [Finding]) {
    self.files = files
    self.findings = findings
  }

  /// Every session of every file, in order.
  public var sessions: [Session] { files.flatMap(\.sessions) }

  /// Totals over all sessions.
  public var summary: AnalysisSummary { AnalysisSummary(self) }
}

/// Totals over all sessions of an ``Analysis``.
public struct AnalysisSummary: Sendable, Equatable {
  /// Trace files read.
  public var files: Int
  /// Sessions, over all files.
  public var sessions: Int
  /// Events read, over all sessions.
  public var events: Int
  /// Distinct view type names.
  public var views: Int
  /// Distinct view nodes, summed over sessions.
  public var nodes: Int
  /// Body evaluations.
  public var bodyEvaluations: Int
  /// Evaluations caused by writes to properties the view never read.
  public var overBroadEvaluations: Int
  /// Evaluations that happened only because an ancestor's evaluation was wasted.
  public var cascadedEvaluations: Int
  /// Evaluations caused only by writes of an equal value.
  public var equalValueEvaluations: Int
  /// Updates that never reached views reading what they changed (the `missed-update` rule).
  public var missedUpdates: Int
  /// The migration what-if: evaluations with property-level tracking
  /// (`Session/evaluationsWithPropertyTracking`): the evaluations less those saved, plus
  /// those added.
  public var evaluationsWithPropertyTracking: Int
  /// Initializer runs (`init` events).
  public var initializerRuns: Int
  /// Every `effect` event.
  public var effects: Int
  /// Effects started inside initializers (each repeated by every re-run).
  public var effectsInInitializers: Int
  /// Effects started inside bodies.
  public var effectsInBodies: Int
  /// Events behind allowed diagnostics (reads outside any span, such as test code reading
  /// its models): context, not problems.
  public var allowedNotes: Int
  /// Lines skipped by a lenient read.
  public var skippedLines: Int
  /// Events of kinds the reader does not know.
  public var unknownEvents: Int
  /// Sessions that ended early (a cut last line or open spans).
  public var truncatedSessions: Int
  /// Findings by severity.
  public var errors: Int
  /// Findings of severity `warning`.
  public var warnings: Int
  /// Findings of severity `info`.
  public var infos: Int
  /// Findings removed by ignore entries.
  public var ignoredFindings: Int
  /// Findings removed by the baseline.
  public var baselineFindings: Int

  /// The totals of `analysis`: its sessions summed, its findings counted by severity.
  public init(_ analysis: Analysis) {
    let sessions = analysis.sessions
    files = analysis.files.count
    self.sessions = sessions.count
    events = sessions.reduce(0) { $0 + $1.eventCount }
    views = Set(sessions.flatMap { $0.nodes.map(\.view) }).count
    nodes = sessions.reduce(0) { $0 + $1.nodes.count }
    bodyEvaluations = sessions.reduce(0) { $0 + $1.bodyEvaluations }
    overBroadEvaluations = sessions.reduce(0) { $0 + $1.overBroadEvaluations }
    cascadedEvaluations = sessions.reduce(0) { $0 + $1.cascadedEvaluations }
    equalValueEvaluations = sessions.reduce(0) { $0 + $1.equalValueEvaluations }
    missedUpdates = sessions.reduce(0) { $0 + $1.missedUpdateCount }
    evaluationsWithPropertyTracking = sessions.reduce(0) { $0 + $1.evaluationsWithPropertyTracking }
    initializerRuns = sessions.reduce(0) { $0 + $1.count(of: .`init`) }
    effects = sessions.reduce(0) { $0 + $1.count(of: .effect) }
    effectsInInitializers = sessions.reduce(0) { $0 + $1.initGroups.reduce(0) { $0 + $1.effectCount } }
    effectsInBodies = sessions.reduce(0) {
      $0 + $1.bodyEffects.reduce(0) { $0 + $1.count }
    }
    allowedNotes = sessions.reduce(0) { $0 + $1.diagnostics.filter(\.isAllowed).reduce(0) { $0 + $1.count } }
    skippedLines = analysis.files.reduce(0) { $0 + $1.skippedLines }
    unknownEvents = sessions.reduce(0) { $0 + $1.count(of: .unknown) }
    truncatedSessions = sessions.filter { $0.truncation != nil }.count
    (errors, warnings, infos) = Self.countBySeverity(analysis.findings)
    ignoredFindings = analysis.ignoredFindings
    baselineFindings = analysis.baselineFindings
  }

  /// Findings of each severity, counted in one pass that reads each finding's severity in
  /// place: filtering would copy every finding (a dozen strings and arrays each) into an
  /// array only to count it.
  ///
  /// - Complexity: O(findings).
  private static func countBySeverity(_ findings: [Finding]) -> (errors: Int, warnings: Int, infos: Int) {
    var counts = (errors: 0, warnings: 0, infos: 0)
    for index in findings.indices {
      switch findings[index].severity {
      case .error: counts.errors += 1
      case .warning: counts.warnings += 1
      case .info: counts.infos += 1
      }
    }
    return counts
  }

  /// The evaluations property-level tracking would save: over-broad, equal-value and
  /// cascaded ones.
  public var savedEvaluations: Int { overBroadEvaluations + equalValueEvaluations + cascadedEvaluations }

  /// The evaluations it would add: one per missed update.
  public var addedEvaluations: Int { missedUpdates }

  /// The share of body evaluations that property-level tracking would save, net of those it
  /// adds; negative when it adds more. 0 without evaluations.
  public var savedShare: Double {
    bodyEvaluations == 0 ? 0 : Double(bodyEvaluations - evaluationsWithPropertyTracking) / Double(bodyEvaluations)
  }
}
