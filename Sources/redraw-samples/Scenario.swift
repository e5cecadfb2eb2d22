import RedrawHarness
import RedrawTrace

/// A scripted interaction recorded into SampleTraces/scenarios: one file per run.
struct Scenario: Sendable {
  /// The file name stem, e.g. `profile`.
  var name: String
  /// The session's scenario, as the `meta` line names it.
  var title: String
  /// The recordings, one file each.
  var runs: [Run]
  /// The tracking modes of a scenario that records one script in each, in the order of
  /// ``runs``; empty for a migration.
  var modes: [Mode] = []

  /// One recording of the scenario: the same script in one tracking mode, or one side of a
  /// migration.
  struct Run: Sendable {
    /// What the file name and the session's title add (`object-level`, `after-xcode27`);
    /// nil for a scenario with one run.
    var variant: String?
    var record: @Sendable () -> Void
  }

  /// The SwiftUI build the samples reproduce, pinned so the committed files do not depend on
  /// the compiler that regenerates them; the migration scenarios record both builds where
  /// they differ.
  static let swiftUI = ViewHarness.SwiftUIBuild.xcode26

  enum Mode: String, CaseIterable, Sendable {
    case objectLevel = "object-level"
    case propertyLevel = "property-level"

    var tracking: ViewHarness.Tracking { self == .objectLevel ? .objectLevel : .propertyLevel }
  }

  /// The same script in each of `modes`.
  init(name: String, title: String, modes: [Mode], run: @escaping @Sendable (ViewHarness.Tracking) -> Void) {
    self.name = name
    self.title = title
    self.modes = modes
    runs = modes.map { mode in Run(variant: modes.count > 1 ? mode.rawValue : nil) { run(mode.tracking) } }
  }

  /// A migration: the app before (`ObservableObject` models, object-level tracking) and
  /// after it, once per variant of the after side.
  init(migration name: String, title: String, before: @escaping @Sendable () -> Void, after: [Run]) {
    self.name = "migration-" + name
    self.title = title
    runs = [Run(variant: "before", record: before)] + after
  }

  /// The file name of a run's recording.
  func fileName(_ run: Run) -> String {
    run.variant.map { "\(name)-\($0).jsonl" } ?? "\(name).jsonl"
  }

  /// Records the run of `mode`, reproducibly (a scenario with tracking modes).
  func record(_ mode: Mode) -> TraceRecording {
    record(runs[modes.firstIndex(of: mode) ?? 0])
  }

  /// Records a run, reproducibly.
  func record(_ run: Run) -> TraceRecording {
    // Tracking modes are two scenarios of one screen; a migration's sides are one scenario,
    // before and after, so `redraw diff` compares them without a warning.
    let title = modes.isEmpty ? self.title : run.variant.map { "\(self.title) (\($0))" } ?? self.title
    AppEffects.reset()
    defer { AppEffects.reset() }
    return Trace.record(scenario: title, app: "RedrawSamples", reproducible: true) { _ in run.record() }
  }

  /// Every scenario, in the order of the issue that asked for them.
  static let all: [Scenario] = [
    ProfileScenario.scenario,
    FeedScenario.effectful, FeedScenario.fixed, FeedScenario.leaking,
    CounterScenario.plainProperty, CounterScenario.viewState, CounterScenario.deferred,
    ReadingListScenario.wholeModel, ReadingListScenario.narrow,
    EnvironmentScenario.scenario,
    CollectionScenario.scenario,
    DocumentScenario.taskID,
    ChatScenario.scenario,
    SubscriptionScenario.owner, SubscriptionScenario.nested,
    SearchMigration.scenario, NestedListMigration.scenario, EffectfulOwnerMigration.scenario,
    EqualValuesMigration.scenario,
    SearchOnChangeScenario.scenario,
    PreferencesScenario.scenario,
    LiveResultsScenario.scenario,
    TabsScenario.scenario,
  ]
}
