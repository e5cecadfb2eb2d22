import RedrawAnalysis
import RedrawHarness
import Testing

/// Every finding of the run of the screen as it is, each judged against the app's code and
/// the after run: all are true. The screen reads what changes: each `@Published` write
/// re-evaluates views that read it, so the move saves no evaluation here (63 before, 63 after,
/// view by view as `PredictionTests` checks).
@Suite struct FindingsTests {
  @Test func eachFindingOfTheBeforeRunIsTrue() throws {
    let analysis = try SurveyTasksScript.before(swiftUI: .xcode26).analyze()
    let listed = analysis.findings.map { finding in
      [
        finding.severity.rawValue, finding.rule, finding.view ?? "-",
        "\(finding.type ?? "-").\(finding.property ?? "-")", "×\(finding.count)",
      ].joined(separator: " ")
    }
    #expect(
      listed == [
        // True. PagedViewModel.init starts `Task { await loadNextPage() }`. The completed
        // list's model is made by `PagedListView(model:)`'s memberwise initializer: once
        // `@State`, the caller evaluates it on every re-creation of the list's struct (each
        // evaluation of TasksView while the list is pushed), and each starts a request. Here
        // TasksView did not run again after the push, so it ran once.
        "warning side-effect-in-init PagedListView<SurveyTaskView> PagedViewModel<SurveyTaskSource>.- ×1",
        // True: the tab's model makes the incomplete tasks' model in its initializer, which
        // TasksView's memberwise initializer takes; the same as above for TasksView, which
        // ContentView re-creates only when it runs again (once here).
        "warning side-effect-in-init TasksView PagedViewModel<SurveyTaskSource>.- ×1",
      ])
    #expect(analysis.summary.bodyEvaluations == 63)
    #expect(analysis.summary.evaluationsWithPropertyTracking == 63)
  }
}
