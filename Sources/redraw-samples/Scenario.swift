import RedrawHarness
import RedrawTrace

/// A scripted interaction recorded into SampleTraces/scenarios.
struct Scenario: Sendable {
  /// The file name stem, e.g. `profile`.
  var name: String
  /// The session's scenario, as the `meta` line names it.
  var title: String
  /// The tracking modes it is recorded in; one file per mode, named after the mode when
  /// there are several.
  var modes: [Mode]
  /// Runs the interaction in a harness with the given tracking.
  var run: @Sendable (ViewHarness.Tracking) -> Void

  enum Mode: String, CaseIterable, Sendable {
    case objectLevel = "object-level"
    case propertyLevel = "property-level"

    var tracking: ViewHarness.Tracking { self == .objectLevel ? .objectLevel : .propertyLevel }
  }

  /// The file name of the recording in `mode`.
  func fileName(_ mode: Mode) -> String {
    modes.count > 1 ? "\(name)-\(mode.rawValue).jsonl" : "\(name).jsonl"
  }

  /// Records the scenario in `mode`, reproducibly.
  func record(_ mode: Mode) -> TraceRecording {
    let title = modes.count > 1 ? "\(self.title) (\(mode.rawValue))" : self.title
    AppEffects.reset()
    defer { AppEffects.reset() }
    return Trace.record(scenario: title, app: "RedrawSamples", reproducible: true) { _ in run(mode.tracking) }
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
  ]
}
