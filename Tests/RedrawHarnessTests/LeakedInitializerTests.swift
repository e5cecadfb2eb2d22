import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

// MARK: - A news screen whose model starts its work in init

final class NewsSettings: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var compact = false
}

/// Starts a Task, registers an observer and reads the defaults in `init`, as the
/// migration articles' FeedModel does: every re-creation of the view struct repeats it.
final class NewsModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var headlines: [String] = []
  @Tracked var lastActive = 0

  init() {
    Trace.effect(.storage, "UserDefaults news.lastActive")
    AppEffects.task("load headlines") { [self] in headlines = ["Swift 7", "Redraw 1.0"] }
    AppEffects.observe("didBecomeActive") { [self] in lastActive += 1 }
  }
}

/// Starts nothing in `init`; the view loads it from `.task`.
final class QuietNewsModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var headlines: [String] = []

  func load() { headlines = ["Swift 7", "Redraw 1.0"] }
}

struct NewsRoot: HarnessView {
  @ViewObservedObject var settings: NewsSettings
  func body(_ content: inout ViewContent) {
    content.text(settings.compact ? "compact" : "regular")
    content.child(NewsView())
  }
}

struct NewsView: HarnessView {
  @ViewState var model = Trace.make(NewsModel())
  func body(_ content: inout ViewContent) { content.text("\(model.headlines.count) headlines") }
}

struct QuietNewsRoot: HarnessView {
  @ViewObservedObject var settings: NewsSettings
  func body(_ content: inout ViewContent) {
    content.text(settings.compact ? "compact" : "regular")
    content.child(QuietNewsView())
  }
}

struct QuietNewsView: HarnessView {
  @ViewState var model = Trace.make(QuietNewsModel())
  func body(_ content: inout ViewContent) {
    content.text("\(model.headlines.count) headlines")
    let model = self.model
    content.task("load headlines") { model.load() }
  }
}

@Suite("repeated-init: discarded instances kept alive by their own work", .serialized)
struct LeakedInitializerTests {
  /// Three layout toggles re-create the news view; `@ViewState` keeps the first model and
  /// drops three, whose tasks and observers go on writing to them.
  static func toggleLayoutAndWake(_ root: @escaping (NewsSettings) -> some HarnessView, tracking: ViewHarness.Tracking)
    -> TraceRecording
  {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let settings = NewsSettings()
    return Trace.record(scenario: "toggle layout, then wake the app", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { root(settings) }
      for _ in 0..<3 {
        settings.compact.toggle()
        harness.flush()
      }
      for _ in 0..<4 {
        AppEffects.post("didBecomeActive")
        harness.flush()
      }
    }
  }

  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func discardedInstancesStillWorkingAreAnError(tracking: ViewHarness.Tracking) throws {
    let analysis = try analyzeWithAndWithoutCauses(
      Self.toggleLayoutAndWake({ NewsRoot(settings: $0) }, tracking: tracking))
    let finding = try #require(analysis.findings.first { $0.rule == "repeated-init" }, "\(analysis.findings)")
    #expect(finding.severity == .error, "the initializer has effects")
    #expect(finding.count == 4)
    #expect(finding.message.contains("but 1 instance stayed in use: 3 were built and thrown away"))
    // Each of the 3 discarded models loaded its headlines once and woke 4 times.
    #expect(finding.message.contains("3 discarded NewsModels are still alive: their own work"))
    #expect(finding.message.contains("wrote to them 15 times"))
  }

  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func aModelThatStartsNothingInInitIsOnlyInfo(tracking: ViewHarness.Tracking) throws {
    let analysis = try analyzeWithAndWithoutCauses(
      Self.toggleLayoutAndWake({ QuietNewsRoot(settings: $0) }, tracking: tracking))
    let findings = analysis.findings.filter { $0.rule == "repeated-init" }
    #expect(findings.map(\.severity) == [.info], "cheap, no effects, nothing left working")
    #expect(!findings.contains { $0.message.contains("still alive") })
  }
}

extension LeakedInitializerTests {
  @Test func aCancelledObserverRunsNoMoreAndReleasesWhatItCaptured() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    weak var released: NewsSettings?
    var runs = 0
    do {
      let settings = NewsSettings()
      released = settings
      let token = AppEffects.observe("didBecomeActive") {
        settings.compact.toggle()
        runs += 1
      }
      AppEffects.post("didBecomeActive")
      token.cancel()
    }
    AppEffects.post("didBecomeActive")
    #expect(runs == 1)
    #expect(released == nil, "the observer's closure was released at cancel")
  }

  @Test func anObserverWhoseTokenIsDiscardedKeepsRunning() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    var runs = 0
    _ = AppEffects.observe("didBecomeActive") { runs += 1 }
    AppEffects.post("didBecomeActive")
    AppEffects.post("didBecomeActive")
    #expect(runs == 2, "as with NotificationCenter, only removing it stops it")
  }
}
