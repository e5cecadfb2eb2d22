import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A migration's before and after, recorded from scripts, and what `redraw plan` predicted
/// from the before run beside what the after run made.
struct PredictionCheck {
  let before: Analysis
  let after: Analysis
  let plan: MigrationPlan

  /// Records `before` and `after` (each a script that mounts a harness and drives it), both
  /// with and without the trace's causes, and plans from the before run.
  init(
    before: () -> Void, after: () -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let beforeRecording = Trace.record(scenario: "before", reproducible: true) { _ in before() }
    let afterRecording = Trace.record(scenario: "after", reproducible: true) { _ in after() }
    self.before = try analyzeWithAndWithoutCauses(beforeRecording, sourceLocation: sourceLocation)
    self.after = try analyzeWithAndWithoutCauses(afterRecording, sourceLocation: sourceLocation)
    plan = Analyzer().plan(for: self.before)
  }

  /// Body evaluations per view type in the after run.
  var recorded: [String: Int] {
    var counts: [String: Int] = [:]
    for node in after.sessions.flatMap(\.nodes) { counts[node.view, default: 0] += node.evaluations }
    return counts
  }

  /// The plan's evaluations per view type after the move.
  var predicted: [String: Int] {
    Dictionary(plan.views.map { ($0.view, $0.evaluations.after) }, uniquingKeysWith: +)
  }

  /// Expects the plan to say, view by view, what the after run recorded; and the analysis's
  /// what-if to agree.
  func expectHolds(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(predicted == recorded, "per view", sourceLocation: sourceLocation)
    #expect(
      before.summary.evaluationsWithPropertyTracking == after.summary.bodyEvaluations, "what-if",
      sourceLocation: sourceLocation)
  }
}

extension PredictionCheck {
  /// Expects the initializer runs of each type owned in `@StateObject`, as the plan predicts
  /// them once the owners hold it in `@State` under `build`, to be the runs of that type the
  /// after run recorded. Compared per type: a struct made inside another's construction (a
  /// child made by its parent's caller) records the outer struct's view as its owner.
  func expectOwnersHold(under build: SwiftUIBuild, sourceLocation: SourceLocation = #_sourceLocation) {
    var predicted: [String: Int] = [:]
    for model in plan.models {
      for owner in model.owners { predicted[model.type, default: 0] += owner.initRuns.runs(under: build) }
    }
    #expect(!predicted.isEmpty, "the before run has owners", sourceLocation: sourceLocation)
    var recorded: [String: Int] = [:]
    for group in after.sessions.flatMap(\.initGroups) where predicted[group.type] != nil {
      recorded[group.type, default: 0] += group.runs
    }
    #expect(predicted == recorded, "initializer runs under \(build)", sourceLocation: sourceLocation)
  }
}
