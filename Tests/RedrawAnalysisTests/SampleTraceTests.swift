import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// The hand-checked samples in SampleTraces/rules: each yields exactly the findings a
/// careful reader of the trace names, with the right counts, among the rules they were
/// checked for (``HandCheckedRules``); the clean sample yields no finding of any rule.
@Suite("Hand-checked sample traces")
struct SampleTraceTests {
  /// A finding reduced to what a reader checks.
  struct Expected: Equatable, CustomStringConvertible {
    var rule: String
    var severity: Severity
    var view: String?
    var type: String?
    var property: String?
    var count: Int

    init(
      _ rule: String, _ severity: Severity, view: String? = nil, type: String? = nil, property: String? = nil,
      count: Int
    ) {
      (self.rule, self.severity, self.view, self.type, self.property, self.count) = (
        rule, severity, view, type, property, count
      )
    }

    init(_ finding: Finding) {
      self.init(
        finding.rule, finding.severity, view: finding.view, type: finding.type, property: finding.property,
        count: finding.count)
    }

    var description: String { "\(rule) \(severity) \(view ?? "-") \(type ?? "-").\(property ?? "-") ×\(count)" }
  }

  static let expectations: [(file: String, findings: [Expected])] = [
    // The badge subscribes to a model that records nothing: four evaluations, none explained.
    (
      "uninstrumented-model",
      [.init("uninstrumented-model", .error, view: "SyncBadge", type: "NotesModel", count: 4)]
    ),
    // Five keystrokes write query; the badge reads only unreadCount.
    (
      "over-broad-invalidation",
      [
        .init(
          "over-broad-invalidation", .warning, view: "UnreadBadge", type: "ProfileModel", property: "query", count: 5)
      ]
    ),
    // The list observes the mailbox and reads both threads inline: two updates never reach it.
    (
      "missed-update",
      [.init("missed-update", .warning, view: "MailboxList", type: "MailThread", property: "isRead", count: 2)]
    ),
    // The first refresh changes both values; the next two assign the same ones, and the two
    // views redraw for nothing.
    (
      "equal-value-write",
      [
        .init("equal-value-write", .warning, type: "FeedLoader", property: "isLoading", count: 2),
        .init("equal-value-write", .warning, type: "FeedLoader", property: "message", count: 2),
      ]
    ),
    // One FeedModel kept, four built by parent re-renders and dropped; cheap and effect-free.
    ("repeated-init", [.init("repeated-init", .info, view: "FeedView", type: "FeedModel", count: 5)]),
    // Three runs of an initializer with three effects each, two of them thrown away.
    (
      "side-effect-in-init",
      [
        .init("side-effect-in-init", .error, view: "FeedView", type: "FeedModel", count: 9),
        .init("repeated-init", .error, view: "FeedView", type: "FeedModel", count: 3),
      ]
    ),
    // The parent reads all four properties; three writes re-create its three children.
    ("whole-model-read", [.init("whole-model-read", .warning, view: "ReadingListView", type: "ReadingList", count: 9)]),
    // The counter is rebuilt on each of three parent re-renders: four instances.
    ("model-recreated", [.init("model-recreated", .error, view: "CounterView", type: "CounterModel", count: 4)]),
    (
      "write-during-body",
      [.init("write-during-body", .warning, view: "ListView", type: "ListModel", property: "visibleCount", count: 2)]
    ),
    ("side-effect-in-body", [.init("side-effect-in-body", .warning, view: "AvatarView", count: 2)]),
    // 30 ticks, each re-evaluating the three views that read the clock.
    ("hot-property", [.init("hot-property", .info, type: "Ticker", property: "now", count: 90)]),
    ("clean", []),
  ]

  static let names = expectations.map(\.file)

  @Test(arguments: names)
  func findingsAreTheExpectedOnes(name: String) throws {
    let analysis = try analyze(repositoryFiles: ["SampleTraces/rules/\(name).jsonl"])
    let expected = try #require(Self.expectations.first { $0.file == name }).findings
    #expect(HandCheckedRules.findings(of: analysis).map(Expected.init) == expected)
  }

  /// Fixed code is clean whatever rules there are: a rule added later that fires here is
  /// wrong about it.
  @Test func theCleanSampleHasNoFindingOfAnyRule() throws {
    #expect(try analyze(repositoryFiles: ["SampleTraces/rules/clean.jsonl"]).findings.map(Expected.init) == [])
  }

  /// Every rule's sample triggers it (`RuleRegistryTests`); these are the exact findings of
  /// the samples listed here, whose rules must exist and be hand-checked.
  @Test func everyExpectedRuleIsRegisteredAndHandChecked() {
    let registered = Set(RuleRegistry.all.map { $0.description.id })
    let covered = Set(Self.expectations.flatMap { $0.findings.map(\.rule) })
    #expect(covered.isSubset(of: HandCheckedRules.ids), "an expected rule is in HandCheckedRules")
    #expect(HandCheckedRules.ids.isSubset(of: registered), "every hand-checked rule is registered")
  }

  @Test func theOverBroadSampleSavesItsWastedEvaluationsInTheWhatIf() throws {
    let path = repositoryRoot.appendingPathComponent("SampleTraces/rules/over-broad-invalidation.jsonl").path
    var reader = TraceReader(lenient: false)
    let session = try #require(try reader.read(path: path).sessions.first)
    #expect(session.bodyEvaluations == 13)
    #expect(session.evaluationsWithPropertyTracking == 8)
  }
}
