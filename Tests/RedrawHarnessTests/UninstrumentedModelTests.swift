import Observation
import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// Models that record nothing: the harness refuses to hold one, never blames a parent for
/// what one changes, and `uninstrumented-model` reports one that views subscribe to.
@Suite struct UninstrumentedModelTests {
  /// `let tracking` pasted, the rest of the members not: the macro declares its own
  /// registrar, which every access goes to.
  @Observable final class HalfPastedInbox: TrackedModel {
    var unreadCount = 0
    let tracking = ModelTracking()
  }

  /// `@Tracked` forgotten: nothing of it is observable or recorded.
  final class UntrackedInbox: TrackedModel {
    let tracking = ModelTracking()
    var unreadCount = 0
  }

  /// The registrar without the `access` members: a write to one of two equal strings is
  /// named after the mutation, once it changed one of them.
  @Observable final class Credentials: TrackedModel {
    var email = ""
    var password = ""
    let tracking = ModelTracking()
    private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  }

  struct EmailField: HarnessView {
    let credentials: Credentials
    func body(_ content: inout ViewContent) { content.text(credentials.email) }
  }

  /// The write is posted after the change it caused; the evaluation's cause is still the write.
  @Test func aWriteNamedAfterItsMutationIsTheCauseOfTheChange() {
    let credentials = Credentials()
    let recording = Trace.record(scenario: "type an email") { _ in
      let harness = ViewHarness(tracking: .propertyLevel) { EmailField(credentials: credentials) }
      credentials.email = "a"
      harness.flush()
    }
    let bodies = recording.lines.filter { $0.contains(#""e":"body""#) }
    #expect(bodies.last?.contains(#""cause":"write""#) == true, "\(bodies)")
    #expect(bodies.last?.contains(#""prop":"email""#) == true, "\(bodies)")
  }

  struct Badge: HarnessView {
    let model: HalfPastedInbox
    func body(_ content: inout ViewContent) { content.text("\(model.unreadCount)") }
  }

  struct HeldBadge: HarnessView {
    @ViewObservedObject var model: HalfPastedInbox
    func body(_ content: inout ViewContent) { content.text("\(model.unreadCount)") }
  }

  struct UntrackedBadge: HarnessView {
    @ViewObservedObject var model: UntrackedInbox
    func body(_ content: inout ViewContent) { content.text("\(model.unreadCount)") }
  }

  /// Observation sees the change (the macro's registrar), the recorder no write: the
  /// root's evaluation has no cause the harness knows, and it is not its parent, which it has not.
  @Test func aChangeNoRecordedWriteExplainsIsOfUnknownCauseNeverTheParent() throws {
    let model = HalfPastedInbox()
    let recording = Trace.record(scenario: "half-pasted") { _ in
      let harness = ViewHarness(tracking: .propertyLevel) { Badge(model: model) }
      model.unreadCount = 3
      harness.flush()
      #expect(harness.evaluations(of: Badge.self) == 2)
    }
    let bodies = recording.lines.filter { $0.contains(#""e":"body""#) }
    #expect(bodies.count == 2)
    #expect(bodies.last?.contains(#""cause":"unknown""#) == true, "\(bodies)")
    #expect(!recording.text.contains(#""cause":"parent""#))
    #expect(!recording.text.contains(#""e":"write""#), "the model records nothing")
  }

  /// The test fails at the view's declaration, naming the member; the harness goes on
  /// without the subscription, so the other tests run and the trace keeps its events.
  @Test func holdingAHalfPastedModelFailsTheTestNamingTheMissingMember() {
    withKnownIssue {
      let model = HalfPastedInbox()
      let harness = ViewHarness(tracking: .objectLevel) { HeldBadge(model: model) }
      #expect(harness.evaluations(of: HeldBadge.self) == 1)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("HeldBadge holds HalfPastedInbox in @ViewObservedObject")
        && text.contains("_$observationRegistrar") && issue.sourceLocation?.fileName == "UninstrumentedModelTests.swift"
    }
  }

  struct NeedsInbox: HarnessView {
    @ViewEnvironmentObject var model: HalfPastedInbox
    func body(_ content: inout ViewContent) { content.text("\(model.unreadCount)") }
  }

  /// SwiftUI stops an app whose view lacks its environment object; so does the harness.
  @Test func aMissingEnvironmentObjectStopsTheProcessNamingTheType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ViewHarness { NeedsInbox() }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("No HalfPastedInbox in the environment"), "\(output)")
  }

  /// Object-level tracking writes the subscription; the model records no access, and the
  /// analyzer says so.
  @Test func aModelThatRecordsNothingIsAnUninstrumentedModelFinding() throws {
    let model = UntrackedInbox()
    let recording = Trace.record(scenario: "untracked") { _ in
      let harness = ViewHarness(tracking: .objectLevel) { UntrackedBadge(model: model) }
      model.unreadCount = 3
      harness.flush()
    }
    let findings = try recording.analyze().findings.filter { $0.rule == "uninstrumented-model" }
    #expect(findings.map(\.type) == ["UntrackedInbox"])
    #expect(findings.first?.severity == .error)
    #expect(findings.first?.view == "UntrackedBadge")
  }

  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel, .mixed(.objectLevel, except: [Int.self])])
  func trackingsCanBeSwitchedOnAndHashed(tracking: ViewHarness.Tracking) {
    let name: String
    switch tracking {
    case .propertyLevel: name = "property"
    case .objectLevel: name = "object"
    default: name = "mixed"
    }
    #expect(name == [".propertyLevel": "property", ".objectLevel": "object"][tracking.description] ?? "mixed")
    #expect(Set([tracking, tracking]).count == 1)
    #expect(tracking != .mixed(.propertyLevel, except: [String.self]))
  }
}

extension UninstrumentedModelTests {
  /// An instrumented model the run never touches: held only to call its methods.
  final class Settings: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var autoplay = false
    @Tracked var quality = "HD"
  }

  /// A subclass's `@Tracked` properties and its superclass's all count.
  final class StreamingSettings: BaseSettings {
    @Tracked var bitrate = 0
  }

  class BaseSettings: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var wifiOnly = true
  }

  struct PlayButton: HarnessView {
    @ViewEnvironmentObject var settings: Settings
    @ViewObservedObject var streaming: StreamingSettings
    func body(_ content: inout ViewContent) { content.button("Play") {} }
  }

  struct PlayerHost: HarnessView {
    let settings: Settings
    let streaming: StreamingSettings
    func body(_ content: inout ViewContent) {
      content.child(PlayButton(streaming: streaming), environment: [settings])
    }
  }

  /// The harness says how many properties record (`count`), so an untouched model is not
  /// taken for one that records nothing.
  @Test func anUntouchedInstrumentedModelIsNoFinding() throws {
    let settings = Settings()
    let streaming = StreamingSettings()
    let recording = Trace.record(scenario: "untouched") { _ in
      let harness = ViewHarness(tracking: .objectLevel) { PlayerHost(settings: settings, streaming: streaming) }
      harness.tap("Play")
    }
    let observes = recording.lines.filter { $0.contains(#""e":"observe""#) }
    #expect(observes.contains { $0.contains(#""type":"Settings""#) && $0.contains(#""count":2"#) }, "\(observes)")
    #expect(observes.contains { $0.contains(#""type":"StreamingSettings""#) && $0.contains(#""count":2"#) })
    let findings = try recording.analyze().findings.filter { $0.rule == "uninstrumented-model" }
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }
}
