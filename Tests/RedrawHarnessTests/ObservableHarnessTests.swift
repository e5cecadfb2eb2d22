import Observation
import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

@testable import redraw_samples

/// The harness over `@Observable` models with Redraw's members behaves as over `@Tracked`
/// ones: the same script evaluates the same views, records the same trace and gets the
/// same findings, in both tracking modes.
@Suite("The harness over @Observable models")
struct ObservableHarnessTests {
  /// A sample scenario and the same script over `@Observable` models.
  struct Pair: Sendable, CustomTestStringConvertible {
    var tracked: Scenario
    var observable: @Sendable (ViewHarness.Tracking) -> Void
    var testDescription: String { tracked.name }

    /// Records the `@Observable` script as the sample records its own.
    func recordObservable(_ mode: Scenario.Mode) -> TraceRecording {
      Scenario(name: tracked.name, title: tracked.title, modes: tracked.modes, run: observable).record(mode)
    }
  }

  static let pairs = [
    Pair(tracked: ProfileScenario.scenario, observable: ObservableProfile.run),
    Pair(tracked: CollectionScenario.scenario, observable: ObservableCollection.run),
    Pair(tracked: EnvironmentScenario.scenario, observable: ObservableEnvironment.run),
  ]

  static func describe(_ analysis: Analysis) -> [String] {
    analysis.findings.map { "\($0.rule) \($0.view ?? "-") \($0.type ?? "-").\($0.property ?? "-") ×\($0.count)" }
  }

  @Test(arguments: pairs, Scenario.Mode.allCases)
  func theSameScriptGetsTheSameCountsAndFindings(pair: Pair, mode: Scenario.Mode) throws {
    let tracked = try pair.tracked.record(mode).analyze()
    let observable = try pair.recordObservable(mode).analyze()
    #expect(observable.summary == tracked.summary)
    #expect(Self.describe(observable) == Self.describe(tracked))
    #expect(observable.summary.bodyEvaluations > 0)
    // And without the harness's causes, as an app records.
    let inferred = try pair.recordObservable(mode).withoutCauses.analyze()
    #expect(inferred.summary.overBroadEvaluations == tracked.summary.overBroadEvaluations)
    #expect(Self.describe(inferred) == Self.describe(tracked))
  }

  /// Line for line, but for where `Trace.make` was called (another file) and the order in
  /// which the models' identities go at the end (stored properties are released in the
  /// order they are declared, and these classes declare `tracking` last).
  @Test(arguments: pairs, Scenario.Mode.allCases)
  func theSameScriptRecordsTheSameTrace(pair: Pair, mode: Scenario.Mode) {
    func lines(_ recording: TraceRecording) -> (events: [String], released: [String]) {
      let lines = String(decoding: recording.bytes, as: UTF8.self).split(separator: "\n").map { line in
        String(line.replacing(/"site":"[^"]*"/, with: #""site":"-""#))
      }
      let released = lines.filter { $0.contains(#""e":"deinit""#) }
      return (
        lines.filter { !$0.contains(#""e":"deinit""#) },
        released.map { String($0.replacing(/"t":\d+,/, with: "")) }.sorted()
      )
    }
    let tracked = lines(pair.tracked.record(mode))
    let observable = lines(pair.recordObservable(mode))
    #expect(observable.events == tracked.events)
    #expect(observable.released == tracked.released)
    #expect(observable.events.contains { $0.contains(#""e":"write""#) })
  }

  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func typingReEvaluatesWhatItDidWithTrackedModels(tracking: ViewHarness.Tracking) {
    let model = ObservableProfile.ProfileModel()
    let harness = ViewHarness(tracking: tracking) { ObservableProfile.ProfileScreen(model: model) }
    harness.resetCounts()
    for character in "swift" {
      model.query.append(character)
      harness.flush()
    }
    let objectLevel = tracking == .objectLevel
    #expect(harness.evaluations(of: ObservableProfile.SearchField.self) == 5)
    #expect(harness.evaluations(of: ObservableProfile.UnreadBadge.self) == (objectLevel ? 5 : 0))
    #expect(harness.evaluations(of: ObservableProfile.ProfileScreen.self) == (objectLevel ? 5 : 0))
    #expect(harness.texts["SearchField"] == ["swift"])
  }
}
