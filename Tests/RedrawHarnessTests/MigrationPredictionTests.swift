import Foundation
import RedrawAnalysis
import RedrawHarness
import RedrawTestSupport
import RedrawTrace
import Testing

/// `redraw plan` and `redraw analyze`'s what-if, computed from each recording made before a
/// migration, against the recordings of the same script after it.
@Suite("Migration predictions hold against the after runs")
struct MigrationPredictionTests {
  /// A before run and its after runs, with the SwiftUI build each after run reproduces.
  struct Pair: Sendable, CustomTestStringConvertible {
    var before: String
    var after: [(file: String, build: SwiftUIBuild)]
    /// Whether the after side is the migrated code (`@State` where `@StateObject` was), whose
    /// initializer runs the plan's owners predict; the older pairs record one script in both
    /// tracking modes.
    var migratesOwners: Bool
    /// The `@StateObject` owners the before run has.
    var owners = 0
    var testDescription: String { before }
  }

  static let pairs: [Pair] =
    [
      Pair(
        before: "migration-search-before", after: [("migration-search-after", .xcode26)], migratesOwners: true,
        owners: 1),
      Pair(
        before: "migration-nested-list-before", after: [("migration-nested-list-after", .xcode26)], migratesOwners: true
      ),
      Pair(
        before: "migration-effectful-owner-before",
        after: [
          ("migration-effectful-owner-after-xcode26", .xcode26), ("migration-effectful-owner-after-xcode27", .xcode27),
        ],
        migratesOwners: true, owners: 1),
      Pair(
        before: "migration-equal-values-before", after: [("migration-equal-values-after", .xcode26)],
        migratesOwners: true
      ),
    ]
    + ["profile", "environment", "collection", "chat-actions", "state-object-owner", "nested-items"].map {
      Pair(before: "\($0)-object-level", after: [("\($0)-property-level", .xcode26)], migratesOwners: false)
    }

  static func analyze(_ name: String) throws -> Analysis {
    try Analyzer().analyze(paths: [repositoryRoot.appendingPathComponent("SampleTraces/scenarios/\(name).jsonl").path])
  }

  /// Body evaluations per view type.
  static func evaluations(_ analysis: Analysis) -> [String: Int] {
    var counts: [String: Int] = [:]
    for node in analysis.sessions.flatMap(\.nodes) { counts[node.view, default: 0] += node.evaluations }
    return counts
  }

  @Test(arguments: pairs)
  func eachViewsPredictionIsWhatTheAfterRunRecorded(_ pair: Pair) throws {
    let before = try Self.analyze(pair.before)
    let plan = Analyzer().plan(for: before)
    let predicted = Dictionary(uniqueKeysWithValues: plan.views.map { ($0.view, $0.evaluations.after) })
    for (file, _) in pair.after {
      let after = try Self.analyze(file)
      #expect(predicted == Self.evaluations(after), "per view, \(file)")
      #expect(plan.totals.after == after.summary.bodyEvaluations, "in all, \(file)")
      // `redraw analyze`'s "With @Observable" is the same prediction.
      #expect(before.summary.evaluationsWithPropertyTracking == after.summary.bodyEvaluations, "what-if, \(file)")
    }
  }

  @Test(arguments: pairs.filter(\.migratesOwners))
  func eachOwnersInitializerRunsAreWhatTheAfterRunsRecorded(_ pair: Pair) throws {
    let plan = Analyzer().plan(for: try Self.analyze(pair.before))
    let owners = plan.models.flatMap { model in model.owners.map { (type: model.type, owner: $0) } }
    #expect(owners.count == pair.owners)
    for (file, build) in pair.after {
      let after = try Self.analyze(file)
      for (type, owner) in owners {
        let runs = after.sessions.flatMap(\.initGroups).filter { $0.type == type && $0.ownerView == owner.view }
          .reduce(0) { $0 + $1.runs }
        #expect(owner.initRuns.runs(under: build) == runs, "\(owner.view)'s \(type) in \(file)")
        #expect(!owner.structsInferred, "the harness records when structs are made")
      }
    }
  }

  /// The four scenarios of the issue that asked for the plan, as its table gives them.
  @Test func theFourScenariosPredictWhatTheirAfterRunsRecord() throws {
    func totals(_ name: String) throws -> (predicted: Int, recorded: Int) {
      let plan = Analyzer().plan(for: try Self.analyze("migration-\(name)-before"))
      let after = name == "effectful-owner" ? "migration-\(name)-after-xcode26" : "migration-\(name)-after"
      return (plan.totals.after, try Self.analyze(after).summary.bodyEvaluations)
    }
    #expect(try totals("search") == (13, 13))
    #expect(try totals("nested-list") == (4, 4))
    #expect(try totals("effectful-owner") == (6, 6))
    #expect(try totals("equal-values") == (5, 5))
    let owner = try #require(
      Analyzer().plan(for: try Self.analyze("migration-effectful-owner-before")).models.flatMap(\.owners).first)
    #expect(owner.initRuns == MigrationPlan.InitRuns(now: 1, xcode26: 5, xcode27: 1))
    #expect(owner.effectsPerRun == 1)
  }

  /// The effectful owner is the plan's first item, an error, with Xcode 26; with Xcode 27 its
  /// initializer runs once per identity, and the item says what Xcode 26 would do.
  @Test(arguments: [SwiftUIBuild.xcode26, .xcode27])
  func anEffectfulInitializerThatWouldRepeatComesFirst(target: SwiftUIBuild) throws {
    let plan = Analyzer().plan(for: try Self.analyze("migration-effectful-owner-before"), target: target)
    let first = try #require(plan.checklist.first)
    #expect(first.kind == .repeatingEffects)
    #expect(first.severity == (target == .xcode26 ? .error : .info))
    #expect(first.text.contains("runs 5 times instead of 1"))
    #expect(plan.targetSource == .option)
  }

  @Test func theTargetComesFromTheTraceWhenItSays() throws {
    let plan = Analyzer().plan(for: try Self.analyze("migration-search-before"))
    #expect(plan.target == .xcode26)
    #expect(plan.targetSource == .trace)
  }

  /// What each view's declaration becomes, as Apple's migration guide says: `@StateObject` to
  /// `@State`, `@ObservedObject` to a plain property, or `@Bindable` where the view binds to the
  /// model, `@EnvironmentObject` to `@Environment(Type.self)`.
  @Test func theWrappersBecomeWhatTheMigrationGuideSays() throws {
    func declarations(_ sample: String) throws -> [String: String] {
      let plan = Analyzer().plan(for: try Self.analyze(sample))
      var found: [String: String] = [:]
      for model in plan.models {
        for view in model.views { found["\(view.view) \(model.type)"] = view.becomes?.spelling ?? "-" }
      }
      return found
    }
    #expect(
      try declarations("migration-search-before") == [
        "InboxScreen InboxModel": "@State", "SearchField InboxModel": "@Bindable", "UnreadBadge InboxModel": "let",
      ])
    #expect(
      try declarations("environment-object-level")["ProfileHeader SessionModel"] == "@Environment(SessionModel.self)")
    #expect(try declarations("migration-nested-list-before")["TodoList TodoItem"] == "-", "read without subscribing")
  }

  /// A trace without `struct` events (an app's) infers the structs from the parent's
  /// evaluations, and says so.
  @Test func withoutStructEventsTheStructsAreInferredAndLabelled() throws {
    let path = repositoryRoot.appendingPathComponent("SampleTraces/scenarios/migration-effectful-owner-before.jsonl")
    let text = try String(contentsOf: path, encoding: .utf8)
    let stripped = text.split(separator: "\n").filter { !$0.contains(#""e":"struct""#) }.joined(separator: "\n") + "\n"
    let analysis = try Analyzer().analyze(bytes: Array(stripped.utf8), name: "app.jsonl")
    let owner = try #require(Analyzer().plan(for: analysis).models.flatMap(\.owners).first)
    #expect(owner.structsInferred)
    #expect(owner.initRuns == MigrationPlan.InitRuns(now: 1, xcode26: 5, xcode27: 1))
  }
}

extension MigrationPredictionTests {
  final class MPQuery: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var text = ""
  }

  /// A `GeometryReader`'s content: a closure the reader runs in its own body.
  struct MPReader: HarnessView {
    let content: (inout ViewContent) -> Void
    func body(_ c: inout ViewContent) { content(&c) }
  }

  /// `@ObservedObject var query`, whose `$query.text` is made inside the reader's closure.
  struct MPSearchField: HarnessView {
    @ViewObservedObject var query: MPQuery
    func body(_ content: inout ViewContent) {
      let field = self
      content.child(MPReader { c in c.textField("Search", text: field.$query.text) })
    }
  }

  /// The binding is the holder's: its declaration becomes `@Bindable`, not `let`.
  @Test func aBindingMadeInAReadersClosureMakesItsHolderBindable() throws {
    let recording = Trace.record(scenario: "bind in a reader", reproducible: true) { _ in
      _ = ViewHarness(tracking: .objectLevel) { MPSearchField(query: MPQuery()) }
    }
    #expect(recording.lines.contains { $0.contains(#""e":"bind""#) })
    let plan = Analyzer().plan(for: try recording.analyze())
    let views = plan.models.flatMap(\.views)
    #expect(views.map { "\($0.view) \($0.becomes?.spelling ?? "-")" } == ["MPSearchField @Bindable", "MPReader -"])
  }
}
