import Foundation
import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// `redraw plan` from the run of the screen as it is, against the run after the move, as each
/// Xcode builds the app: every view's evaluations, and every `@StateObject` owner's
/// initializer runs once it is `@State`.
@Suite struct PredictionTests {
  static func evaluations(_ analysis: Analysis) -> [String: Int] {
    var counts: [String: Int] = [:]
    for node in analysis.sessions.flatMap(\.nodes) { counts[node.view, default: 0] += node.evaluations }
    return counts
  }

  @Test(arguments: SwiftUIBuild.allCases)
  func thePlanIsWhatTheAfterRunDoes(swiftUI: SwiftUIBuild) throws {
    let before = try SurveyTasksScript.before(swiftUI: swiftUI).analyze()
    let after = try SurveyTasksScript.after(swiftUI: swiftUI).analyze()
    let plan = Analyzer().plan(for: before, target: swiftUI)
    let predicted = Dictionary(uniqueKeysWithValues: plan.views.map { ($0.view, $0.evaluations.after) })
    let recorded = Self.evaluations(after)
    #expect(predicted == recorded)
    for view in Set(predicted.keys).union(recorded.keys).sorted() where predicted[view] != recorded[view] {
      Issue.record("\(view): predicted \(predicted[view] ?? 0), the after run made \(recorded[view] ?? 0)")
    }
    #expect(before.summary.evaluationsWithPropertyTracking == after.summary.bodyEvaluations)
    #expect(Self.evaluations(before).count >= 12, "the screen's views")

    let owners = plan.models.flatMap { model in model.owners.map { (model.type, $0) } }
    #expect(owners.count == 3, "the banner's, the tab's and the completed list's models")
    for (type, owner) in owners {
      // The tab's model makes a paged model too, in its own initializer: only the owner's count.
      let runs = after.sessions.flatMap(\.initGroups).filter { $0.type == type && $0.ownerView == owner.view }
        .reduce(0) { $0 + $1.runs }
      #expect(owner.initRuns.runs(under: swiftUI) == runs, "\(owner.view)'s \(type)")
    }
  }
}
