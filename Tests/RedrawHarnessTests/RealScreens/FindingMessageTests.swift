import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// Findings say what the run showed, and no more: the cases where the earlier wording
/// overstated, each recorded by the harness.
@Suite struct FindingMessageTests {
  final class Counter: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var count = 0
  }

  static func findings(_ rule: String, _ script: () -> Void) throws -> [Finding] {
    let recording = Trace.record(scenario: rule, reproducible: true) { _ in script() }
    return try analyzeWithAndWithoutCauses(recording).findings.filter { $0.rule == rule }
  }

  // MARK: - uninstrumented-model

  /// Holds an instrumented model only to call its methods, in a run that never touches it.
  struct ResetButton: HarnessView {
    @ViewObservedObject var counter: Counter
    func body(_ content: inout ViewContent) { content.button("Reset") { self.counter.count = 0 } }
  }

  /// The harness says how many of the model's properties record (`count`): no finding. An
  /// app's `Trace.subscription` says nothing of the kind, and the message gives both readings.
  @Test func aModelNeverReadOrWrittenIsNotSaidToBeUninstrumented() throws {
    let recording = Trace.record(scenario: "untouched", reproducible: true) { _ in
      _ = ViewHarness(tracking: .objectLevel, swiftUI: .xcode26) { ResetButton(counter: Counter()) }
    }
    let counted = try recording.analyze().findings.filter { $0.rule == "uninstrumented-model" }
    #expect(counted.isEmpty, "\(counted.map(\.message))")
    let lines = recording.lines.map { line in
      line.hasPrefix(#"{"e":"observe""#) ? String(line.split(separator: #","count""#)[0]) + "}" : line
    }
    #expect(lines.contains(#"{"e":"observe","t":3000,"tid":1,"obj":1,"type":"Counter","detail":"observedObject"}"#))
    let app = TraceRecording(bytes: Array(lines.map { $0 + "\n" }.joined().utf8))
    let findings = try app.analyze().findings.filter { $0.rule == "uninstrumented-model" }
    let message = try #require(findings.first?.message)
    #expect(!message.contains("is not instrumented"), "\(message)")
    #expect(message.contains("either Counter does not record them"), "\(message)")
    #expect(message.contains("or this run never read or wrote one"), "\(message)")
  }

  // MARK: - side-effect-in-init

  final class RowModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var title = ""
    init() { Trace.effect(.network, "GET /row") }
  }

  struct List: HarnessView {
    func body(_ content: inout ViewContent) {
      for id in 1...3 { content.child(Row(), id: id) }
    }
  }

  struct Row: HarnessView {
    @ViewStateObject var model = Trace.make(RowModel())
    func body(_ content: inout ViewContent) { content.text(model.title) }
  }

  @Test func theRowsOfAListAreOneFindingThatCountsThem() throws {
    let findings = try Self.findings("side-effect-in-init") {
      _ = ViewHarness(tracking: .objectLevel, swiftUI: .xcode26) { List() }
    }
    #expect(findings.count == 1)
    let finding = try #require(findings.first)
    #expect(finding.severity == .warning, "each row's model ran once")
    #expect(finding.count == 3)
    #expect(finding.message.contains("RowModel.init at "), "\(finding.message)")
    #expect(finding.message.contains(", made for 3 Row nodes, started 3 network effects"), "\(finding.message)")
  }

  // MARK: - model-recreated

  /// Re-evaluated for its own state, it re-creates its child's struct, and the child's plain
  /// property makes a new model.
  struct Screen: HarnessView {
    @ViewState var taps = 0
    let writesFirst: Bool
    func body(_ content: inout ViewContent) {
      content.text("\(taps)")
      content.button("Tap") { taps += 1 }
      content.child(CounterView(writesFirst: writesFirst), id: taps >= 0 ? 0 : 1)
    }
  }

  struct CounterView: HarnessView {
    let model = Trace.make(Counter())
    let writesFirst: Bool
    func body(_ content: inout ViewContent) {
      content.text("\(model.count)")
      let model = self.model
      content.button("Increment") { model.count += 1 }
    }
  }

  @Test(arguments: [false, true])
  func whatWasLostIsWhatTheViewShowedOfAWrittenInstance(writesFirst: Bool) throws {
    let findings = try Self.findings("model-recreated") {
      let harness = ViewHarness(tracking: .propertyLevel, swiftUI: .xcode26) { Screen(writesFirst: writesFirst) }
      for _ in 0..<2 {
        if writesFirst { harness.tap("Increment") }
        harness.tap("Tap")
      }
    }
    let message = try #require(findings.first?.message)
    if writesFirst {
      #expect(message.contains("had been written before being replaced: what the view showed of them (count) was lost"))
    } else {
      #expect(message.contains("No replaced instance had been written, so nothing the view showed was lost"))
    }
    #expect(!message.contains("so its state is lost"), "\(message)")
  }
}
