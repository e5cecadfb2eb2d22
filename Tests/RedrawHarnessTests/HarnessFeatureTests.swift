import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

final class Loader: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var selection = 1
  @Tracked var loads: [Int] = []
  @Tracked var podcast: Int?
}

/// `.task(id: podcastID)` with an optional id, passed as it is.
struct OptionalIDTaskView: HarnessView {
  @ViewObservedObject var loader: Loader
  func body(_ content: inout ViewContent) {
    let podcast = loader.podcast
    content.task("load", id: podcast) { self.loader.loads.append(podcast ?? 0) }
  }
}

struct TaskView: HarnessView {
  @ViewObservedObject var loader: Loader
  func body(_ content: inout ViewContent) {
    let selection = loader.selection
    content.task("appear") { Trace.mark("appeared") }
    content.task("load", id: selection) { self.loader.loads.append(selection) }
  }
}

struct EnvironmentRoot: HarnessView {
  @ViewObservedObject var theme: Theme
  func body(_ content: inout ViewContent) {
    content.child(Middle(), environment: [theme])
  }
}

struct Middle: HarnessView {
  func body(_ content: inout ViewContent) { content.child(Leaf()) }
}

struct Leaf: HarnessView {
  func body(_ content: inout ViewContent) {
    content.text("tint \(content.environment(Theme.self)?.tint ?? -1)")
  }
}

struct Looping: HarnessView {
  @ViewObservedObject var counter: Counter
  func body(_ content: inout ViewContent) {
    counter.count += 1  // writes what it reads: invalidates itself every pass
  }
}

@Suite("Tasks, environment, recording and limits")
struct HarnessFeatureTests {
  @Test func tasksRunOncePerAppearanceAndAgainWhenTheirIDChanges() {
    let loader = Loader()
    let harness = ViewHarness { TaskView(loader: loader) }
    #expect(loader.loads == [1])
    loader.selection = 2
    harness.flush()
    #expect(loader.loads == [1, 2])
    // loads is written but TaskView does not read it: nothing re-evaluates, nothing reloads.
    harness.flush()
    #expect(loader.loads == [1, 2])
    #expect(harness.evaluations(of: TaskView.self) == 2)
  }

  /// A nil id is an id: the task runs on appearing, and again when the id becomes a value
  /// and when it becomes nil again, as SwiftUI's `.task(id:)` with an optional.
  @Test func anOptionalTaskIDRestartsOnEveryChange() {
    let loader = Loader()
    let harness = ViewHarness { OptionalIDTaskView(loader: loader) }
    #expect(loader.loads == [0])
    loader.podcast = 5
    harness.flush()
    loader.podcast = nil
    harness.flush()
    #expect(loader.loads == [0, 5, 0])
  }

  @Test func theEnvironmentReachesTheSubtreeAndTracksReads() {
    let theme = Theme()
    let harness = ViewHarness { EnvironmentRoot(theme: theme) }
    #expect(harness.texts["Leaf"] == ["tint 0"])
    harness.resetCounts()
    theme.tint = 4
    harness.flush()
    #expect(harness.evaluationCounts == ["Leaf": 1])
    #expect(harness.texts["Leaf"] == ["tint 4"])
  }

  @Test func aViewThatWritesWhatItReadsStopsAtThePassLimit() {
    // With ObservableObject, the write during body invalidates the view again, every pass.
    let counter = Counter()
    let harness = ViewHarness(tracking: .objectLevel) { Looping(counter: counter) }
    #expect(harness.passesInLastFlush == ViewHarness.maximumPasses)
    #expect(harness.evaluations(of: Looping.self) == ViewHarness.maximumPasses)
  }

  @Test func observationIgnoresWritesMadeWhileTrackingTheBody() {
    // withObservationTracking installs its observers after the body: the write does not
    // invalidate the view, as with @Observable in SwiftUI.
    let counter = Counter()
    let harness = ViewHarness(tracking: .propertyLevel) { Looping(counter: counter) }
    #expect(harness.evaluations(of: Looping.self) == 1)
  }

  @Test func mixedTrackingAppliesPerModelType() {
    let profile = Profile()
    let harness = ViewHarness(tracking: .mixed(.propertyLevel, except: [Profile.self])) { Screen(profile: profile) }
    harness.resetCounts()
    profile.query = "a"
    harness.flush()
    #expect(harness.evaluations(of: Badge.self) == 1, "Profile is still object-level")
  }

  @Test func evaluationsAreRecordedWithParentAndCause() throws {
    let profile = Profile()
    let recording = Trace.record(scenario: "typing", reproducible: true) { _ in
      let harness = ViewHarness(tracking: .objectLevel) { Screen(profile: profile) }
      profile.query = "s"
      harness.flush()
    }
    let bodies = recording.lines.filter { $0.contains(#""e":"body""#) }
    #expect(bodies.count == 6)
    #expect(bodies[0].contains(#""view":"Screen","node":1,"cause":"initial""#))
    #expect(bodies[1].contains(#""view":"SearchField","node":2,"parent":1,"cause":"initial""#))
    #expect(bodies[4].contains(#""view":"SearchField","node":2,"parent":1,"cause":"write""#))
    #expect(
      bodies[5].contains(#""view":"Badge","node":3,"parent":1,"cause":"write","obj":1,"type":"Profile","prop":"query""#)
    )
    let analysis = try recording.analyze()
    #expect(analysis.summary.bodyEvaluations == 6)
    #expect(analysis.summary.overBroadEvaluations == 2, "the screen and the badge never read query")
    #expect(analysis.findings.contains { $0.rule == "over-broad-invalidation" && $0.view == "Badge" })
  }
}

extension HarnessFeatureTests {
  /// `struct ContentListView<Header: View>: View { let header: Header? }`, used without one.
  struct NVList<Header: HarnessView>: HarnessView {
    let header: Header?
    func body(_ content: inout ViewContent) {
      if let header { content.child(header) }
      content.text("rows")
    }
  }

  @Test func aGenericViewWithoutItsContentIsNamedWithNever() {
    let harness = ViewHarness(tracking: .propertyLevel) { NVList<Never>(header: nil) }
    #expect(harness.evaluationCounts == ["NVList<Never>": 1])
  }
}
