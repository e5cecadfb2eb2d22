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
///
/// What was read (``ReadTotals``) and what the views and initializers did
/// (``EvaluationTotals``) read as its own (`summary.files`, `summary.bodyEvaluations`)
/// through dynamic member lookup.
@dynamicMemberLookup
public struct AnalysisSummary: Sendable, Equatable {
  /// What was read.
  public var read = ReadTotals()
  /// What the views and initializers did.
  public var work = EvaluationTotals()
  /// Findings of severity `error`.
  public var errors = 0
  /// Findings of severity `warning`.
  public var warnings = 0
  /// Findings of severity `info`.
  public var infos = 0
  /// Findings removed by ignore entries.
  public var ignoredFindings = 0
  /// Findings removed by the baseline.
  public var baselineFindings = 0

  /// A total of ``read``, as the summary's own.
  public subscript<Value>(dynamicMember path: WritableKeyPath<ReadTotals, Value>) -> Value {
    get { read[keyPath: path] }
    set { read[keyPath: path] = newValue }
  }

  /// A total of ``work``, as the summary's own.
  public subscript<Value>(dynamicMember path: WritableKeyPath<EvaluationTotals, Value>) -> Value {
    get { work[keyPath: path] }
    set { work[keyPath: path] = newValue }
  }

  /// The totals of `analysis`: its sessions summed, its findings counted by severity.
  public init(_ analysis: Analysis) {
    let sessions = analysis.sessions
    self.files = analysis.files.count
    self.sessions = sessions.count
    self.events = sessions.reduce(0) { $0 + $1.eventCount }
    self.views = Set(sessions.flatMap { $0.nodes.map(\.view) }).count
    self.nodes = sessions.reduce(0) { $0 + $1.nodes.count }
    self.bodyEvaluations = sessions.reduce(0) { $0 + $1.bodyEvaluations }
    self.overBroadEvaluations = sessions.reduce(0) { $0 + $1.overBroadEvaluations }
    self.cascadedEvaluations = sessions.reduce(0) { $0 + $1.cascadedEvaluations }
    self.equalValueEvaluations = sessions.reduce(0) { $0 + $1.equalValueEvaluations }
    self.ownWriteEvaluations = sessions.reduce(0) { $0 + $1.ownWriteEvaluations }
    self.missedUpdates = sessions.reduce(0) { $0 + $1.missedUpdateCount }
    self.evaluationsWithPropertyTracking = sessions.reduce(0) { $0 + $1.evaluationsWithPropertyTracking }
    self.initializerRuns = sessions.reduce(0) { $0 + $1.count(of: .`init`) }
    self.effects = sessions.reduce(0) { $0 + $1.count(of: .effect) }
    self.effectsInInitializers = sessions.reduce(0) { $0 + $1.initGroups.reduce(0) { $0 + $1.effectCount } }
    self.effectsInBodies = sessions.reduce(0) {
      $0 + $1.bodyEffects.reduce(0) { $0 + $1.count }
    }
    self.allowedNotes = sessions.reduce(0) { $0 + $1.diagnostics.filter(\.isAllowed).reduce(0) { $0 + $1.count } }
    self.skippedLines = analysis.files.reduce(0) { $0 + $1.skippedLines }
    self.unknownEvents = sessions.reduce(0) { $0 + $1.count(of: .unknown) }
    self.truncatedSessions = sessions.filter { $0.truncation != nil }.count
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

  /// The evaluations property-level tracking would save: over-broad, equal-value, own-write
  /// and cascaded ones.
  public var savedEvaluations: Int {
    work.overBroadEvaluations + work.equalValueEvaluations + work.ownWriteEvaluations + work.cascadedEvaluations
  }

  /// The evaluations it would add: one per missed update.
  public var addedEvaluations: Int { work.missedUpdates }

  /// The share of body evaluations that property-level tracking would save, net of those it
  /// adds; negative when it adds more. 0 without evaluations.
  public var savedShare: Double {
    work.bodyEvaluations == 0
      ? 0 : Double(work.bodyEvaluations - work.evaluationsWithPropertyTracking) / Double(work.bodyEvaluations)
  }
}

/// What an ``Analysis`` read: files, sessions, events, views, and what could not be used.
public struct ReadTotals: Sendable, Equatable {
  /// Trace files read.
  public var files = 0
  /// Sessions, over all files.
  public var sessions = 0
  /// Events read, over all sessions.
  public var events = 0
  /// Distinct view type names.
  public var views = 0
  /// Distinct view nodes, summed over sessions.
  public var nodes = 0
  /// Events behind allowed diagnostics (reads outside any span, such as test code reading
  /// its models): context, not problems.
  public var allowedNotes = 0
  /// Lines skipped by a lenient read.
  public var skippedLines = 0
  /// Events of kinds the reader does not know.
  public var unknownEvents = 0
  /// Sessions that ended early (a cut last line or open spans).
  public var truncatedSessions = 0

  /// Nothing read yet.
  public init() {}
}

/// What the views and initializers of an ``Analysis`` did, and what the migration changes.
public struct EvaluationTotals: Sendable, Equatable {
  /// Body evaluations.
  public var bodyEvaluations = 0
  /// Evaluations caused by writes to properties the view never read.
  public var overBroadEvaluations = 0
  /// Evaluations that happened only because an ancestor's evaluation was wasted.
  public var cascadedEvaluations = 0
  /// Evaluations caused only by writes of an equal value.
  public var equalValueEvaluations = 0
  /// Evaluations caused only by writes a view made during its own previous body.
  public var ownWriteEvaluations = 0
  /// Updates that never reached views reading what they changed (the `missed-update` rule).
  public var missedUpdates = 0
  /// The migration what-if: evaluations with property-level tracking
  /// (`Session/evaluationsWithPropertyTracking`): the evaluations less those saved, plus
  /// those added.
  public var evaluationsWithPropertyTracking = 0
  /// Initializer runs (`init` events).
  public var initializerRuns = 0
  /// Every `effect` event.
  public var effects = 0
  /// Effects started inside initializers (each repeated by every re-run).
  public var effectsInInitializers = 0
  /// Effects started inside bodies.
  public var effectsInBodies = 0

  /// Nothing counted yet.
  public init() {}
}
