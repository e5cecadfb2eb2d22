import RedrawReading
import RedrawSchema
import RedrawSessions

/// The analysis as a library: read → build sessions → run rules and budgets → filter.
///
/// Settings are resolved once into this value, and `analyze(paths:names:)` runs the stages
/// in order; every use of the pipeline goes through it (`redraw analyze`, `diff` and `plan`,
/// the harness and the tests), and `analyzeAcceptingAll(paths:)` is the run that writes a
/// baseline. The CLI adds rendering and exit codes.
///
/// ```swift
/// let analysis = try Analyzer(budgets: budgets).analyze(paths: ["trace.jsonl"])
/// ```
public struct Analyzer: Sendable {
  /// Skip malformed lines instead of failing.
  public var lenient: Bool
  /// How many threads parse each file.
  public var jobs: ParsingJobs
  /// Thresholds, severities and disabled rules.
  public var ruleContext: RuleContext
  /// Limits on evaluations and initializer runs, checked after the rules.
  public var budgets: [Budget]
  /// Ignored findings and the baseline's accepted ones.
  public var suppressions: Suppressions

  /// An analyzer with these settings: by default strict, on one thread, at the rules' defaults, with no
  /// budgets, ignores or baseline.
  public init(
    lenient: Bool = false, jobs: ParsingJobs = .fixed(1), ruleContext: RuleContext = RuleContext(),
    budgets: [Budget] = [], suppressions: Suppressions = Suppressions()
  ) {
    self.lenient = lenient
    self.jobs = jobs
    self.ruleContext = ruleContext
    self.budgets = budgets
    self.suppressions = suppressions
  }

  // MARK: - The whole analysis

  /// Reads the traces at `paths` (`-` for standard input) and returns what the rules and
  /// budgets found that is neither ignored nor in the baseline.
  ///
  /// - Parameters:
  ///   - paths: The trace files.
  ///   - names: What evidence and errors call each file, by position (by default its path).
  /// - Throws: `TraceInputError` for an unreadable file or, unless lenient, a malformed line.
  public func analyze(paths: [String], names: [String]? = nil) throws(TraceInputError) -> Analysis {
    filter(runRules(try read(paths: paths, names: names)))
  }

  /// The run behind `--write-baseline`: every finding that no ignore removes is accepted,
  /// and the analysis shows them accepted.
  ///
  /// - Returns: The analysis, and the findings the new baseline lists.
  public func analyzeAcceptingAll(paths: [String]) throws(TraceInputError) -> (
    analysis: Analysis, accepted: [Finding]
  ) {
    let found = runRules(try read(paths: paths))
    let accepted = Suppressions(ignores: suppressions.ignores).apply(to: found).findings
    var accepting = self
    accepting.suppressions.accept(accepted)
    return (accepting.filter(found), accepted)
  }

  /// Analyzes one trace held in memory, named `name` in evidence and errors.
  public func analyze(bytes: [UInt8], name: String) throws(TraceInputError) -> Analysis {
    var reader = TraceReader(lenient: lenient, parsing: jobs)
    return filter(runRules([try reader.read(bytes: bytes, name: name)]))
  }

  // MARK: - Stages

  /// Stages 1 and 2: reads every input and builds its sessions; the strings of all files are
  /// interned once.
  package func read(paths: [String], names: [String]? = nil) throws(TraceInputError) -> [FileReading] {
    var reader = TraceReader(lenient: lenient, parsing: jobs)
    var files: [FileReading] = []
    for (index, path) in paths.enumerated() {
      let name = names.flatMap { index < $0.count ? $0[index] : nil }
      files.append(try reader.read(path: path, name: name))
    }
    return files
  }

  /// Stage 3: runs the rules, then the budgets, over every session of `files`; the findings
  /// in report order.
  package func runRules(_ files: [FileReading]) -> Analysis {
    let sessions = files.flatMap(\.sessions)
    // The rules' findings are appended to, not added to another array: that would copy each.
    var findings = RuleRegistry.run(on: sessions, context: ruleContext, threads: FileReading.threads(after: files))
    if !ruleContext.disabled.contains(BudgetCheck.description.id) {
      findings.append(contentsOf: BudgetCheck.findings(in: sessions, budgets: budgets, context: ruleContext))
    }
    return Analysis(files: files, findings: Finding.inReportOrder(consume findings))
  }

  /// Stage 4: removes ignored findings and those the baseline accepts, then adds the
  /// findings of the budgets and ignore entries that matched nothing (which no ignore
  /// entry or baseline hides: they are about the configuration itself).
  package func filter(_ analysis: Analysis) -> Analysis {
    var filtered = suppressions.apply(to: analysis)
    let unused = UnusedConfigurationCheck.findings(
      budgets: budgets, suppressions: suppressions, in: analysis, context: ruleContext)
    // Suppressions keep the findings' order: only findings added here need a sort.
    if !unused.isEmpty { filtered.findings = Finding.inReportOrder(filtered.findings + unused) }
    filtered.unusedConfiguration = unused.map(\.message)
    return filtered
  }

  // MARK: - The migration

  /// What moving each model the analysis shows tracked per object to `@Observable` changes
  /// (`redraw plan`): with this analyzer's thresholds.
  ///
  /// - Parameters:
  ///   - analysis: What this analyzer found in the traces of the app before the migration.
  ///   - target: The SwiftUI build the app will be built with; nil for the one the traces
  ///     reproduce when they agree, else Xcode 26 (said in `MigrationPlan/targetSource`).
  ///   - keeping: Models that stay `ObservableObject`, by type name: the plan neither moves
  ///     them nor counts what their move would save or add.
  public func plan(for analysis: Analysis, target: SwiftUIBuild? = nil, keeping: Set<String> = []) -> MigrationPlan {
    MigrationPlan(analysis: analysis, context: ruleContext, target: target, keeping: keeping)
  }
}
