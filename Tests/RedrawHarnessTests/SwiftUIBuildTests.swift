import Foundation
import RedrawAnalysis
import RedrawHarness
import RedrawTestSupport
import Testing

@_spi(Testing) @testable import RedrawTrace

// MARK: - A child whose state is a model, under a parent that re-creates it

/// Counts its initializer's runs.
final class CountedModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var value = 0
  let id: Int

  nonisolated(unsafe) static var runs = 0

  init(id: Int = 0) {
    self.id = id
    Self.runs += 1
  }
}

final class Tint: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var on = false
}

struct TintedRoot<Child: HarnessView>: HarnessView {
  @ViewObservedObject var tint: Tint
  let child: @Sendable () -> Child
  func body(_ content: inout ViewContent) {
    content.text(tint.on ? "on" : "off")
    content.child(child())
  }
}

/// `@State var model = Model()`.
struct DefaultStateChild: HarnessView {
  @ViewState var model = Trace.make(CountedModel())
  func body(_ content: inout ViewContent) { content.text("\(model.value)") }
}

/// `init(id:) { _model = State(initialValue: Model(id: id)) }`.
struct InitializedStateChild: HarnessView {
  @ViewState var model: CountedModel
  init(id: Int) { _model = ViewState(initialValue: Trace.make(CountedModel(id: id))) }
  func body(_ content: inout ViewContent) { content.text("\(model.id)") }
}

/// `@State var model: Model?` without a default, set later.
struct OptionalStateChild: HarnessView {
  @ViewState var model: CountedModel?
  func body(_ content: inout ViewContent) { content.text(model.map { "\($0.id)" } ?? "none") }
}

/// `@StateObject var model = Model()`.
struct StateObjectChild: HarnessView {
  @ViewStateObject var model = Trace.make(CountedModel())
  func body(_ content: inout ViewContent) { content.text("\(model.value)") }
}

/// Serializes the tests that count ``CountedModel``'s runs in a static.
@Suite("SwiftUI as each Xcode builds it", .serialized)
struct SwiftUIBuildTests {
  static let builds = SwiftUIBuild.allCases

  /// Mounts `child` under a root that re-creates it three times; returns the initializer's
  /// runs and the recording.
  static func reCreateThreeTimes<Child: HarnessView>(
    _ build: SwiftUIBuild, _ child: @escaping @Sendable () -> Child
  ) -> (runs: Int, recording: TraceRecording) {
    CountedModel.runs = 0
    let tint = Tint()
    let recording = Trace.record(reproducible: true) { _ in
      let harness = ViewHarness(swiftUI: build) { TintedRoot(tint: tint, child: child) }
      for _ in 0..<3 {
        tint.on.toggle()
        harness.flush()
      }
    }
    return (CountedModel.runs, recording)
  }

  @Test(arguments: builds)
  func aStateDefaultRunsOnEveryReCreationWithXcode26AndOncePerIdentityWithXcode27(build: SwiftUIBuild) throws {
    let (runs, recording) = Self.reCreateThreeTimes(build) { DefaultStateChild() }
    #expect(runs == (build == .xcode26 ? 4 : 1))
    let group = try #require(recording.analyze().sessions.first?.initGroups.first { $0.type == "CountedModel" })
    #expect(group.runs == runs)
    #expect(recording.lines.first?.contains(#""swiftUI":"\#(build.rawValue)""#) == true)
  }

  @Test(arguments: builds)
  func anInitialValuePassedInInitRunsOnEveryReCreationWithEither(build: SwiftUIBuild) {
    let (runs, _) = Self.reCreateThreeTimes(build) { InitializedStateChild(id: 7) }
    #expect(runs == 4)
  }

  @Test(arguments: builds)
  func aStateObjectRunsOncePerIdentityWithEither(build: SwiftUIBuild) {
    let (runs, _) = Self.reCreateThreeTimes(build) { StateObjectChild() }
    #expect(runs == 1)
  }

  @Test(arguments: builds)
  func aStateWithoutADefaultRunsNothingAndKeepsWhatIsAssigned(build: SwiftUIBuild) {
    CountedModel.runs = 0
    let tint = Tint()
    let harness = ViewHarness(swiftUI: build) { TintedRoot(tint: tint) { OptionalStateChild() } }
    #expect(harness.texts["OptionalStateChild"] == ["none"])
    harness.view(OptionalStateChild.self)?.model = CountedModel(id: 3)
    harness.flush()
    tint.on.toggle()
    harness.flush()
    #expect(harness.texts["OptionalStateChild"] == ["3"])
    #expect(CountedModel.runs == 1)
  }

  /// A new identity (`.id(_:)`) sets up new storage: the default runs again with Xcode 27.
  @Test func aNewIdentityRunsTheDefaultAgainWithXcode27() {
    struct Switcher: HarnessView {
      @ViewObservedObject var tint: Tint
      func body(_ content: inout ViewContent) { content.child(DefaultStateChild(), id: tint.on) }
    }
    CountedModel.runs = 0
    let tint = Tint()
    let harness = ViewHarness(swiftUI: .xcode27) { Switcher(tint: tint) }
    tint.on.toggle()
    harness.flush()
    #expect(CountedModel.runs == 2)
  }

  @Test func theDefaultBuildIsTheCompilers() {
    #if compiler(>=6.4)
      #expect(SwiftUIBuild.ofThisCompiler == .xcode27)
    #else
      #expect(SwiftUIBuild.ofThisCompiler == .xcode26)
    #endif
    let harness = ViewHarness { DefaultStateChild() }
    #expect(harness.swiftUI == .ofThisCompiler)
  }

  /// A struct made outside any harness follows the compiler's build.
  @Test func aStructMadeOutsideAHarnessFollowsTheCompiler() {
    CountedModel.runs = 0
    _ = DefaultStateChild()
    #expect(CountedModel.runs == (SwiftUIBuild.ofThisCompiler == .xcode26 ? 1 : 0))
  }

  @Test func harnessesOfBothBuildsInOneSessionLeaveItsBuildUnknown() throws {
    let recording = Trace.record(reproducible: true) { _ in
      _ = ViewHarness(swiftUI: .xcode26) { DefaultStateChild() }
      _ = ViewHarness(swiftUI: .xcode27) { DefaultStateChild() }
    }
    #expect(recording.lines.first?.contains(#""swiftUI":"mixed""#) == true)
    #expect(recording.lines.filter { $0.contains(#""e":"meta""#) }.count == 1)
    #expect(try recording.analyze().sessions.first?.swiftUI == nil)
  }

  /// A harness made after the destination's session wrote its `meta` line continues the
  /// session with one that names the build.
  @Test func aWholeProcessRecordingSaysTheBuildOfAHarnessMadeLater() throws {
    let scratch = ScratchDirectory()
    let path = scratch.url.appendingPathComponent("trace.jsonl").path
    try Trace.exclusively {
      // Only one scope (an id no scoped session uses): tests running at the same time, and
      // their harnesses, stay out of it.
      let scope = TraceScope(id: .max - 2)
      try Recorder.shared.start(
        .file(path), scenario: "later harness", app: nil, onFailure: nil,
        mode: Recorder.RecordingMode(scope: scope.id, flushInterval: nil))
      scope.join {
        Trace.mark("before any harness")
        _ = ViewHarness(swiftUI: .xcode27) { DefaultStateChild() }
      }
      Trace.stop()
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let metas = text.split(separator: "\n").filter { $0.contains(#""e":"meta""#) }
    #expect(metas.count == 2)
    #expect(metas.last?.contains(#""swiftUI":"xcode27""#) == true)
    let analysis = try Analyzer().analyze(paths: [path])
    #expect(analysis.sessions.count == 1)
    #expect(analysis.sessions.first?.swiftUI == .xcode27)
  }
}
