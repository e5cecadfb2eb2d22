import RedrawHarness
import RedrawTrace

/// Search results that a `.task(id: query)` loads with an `await`, shown in a lazy list four
/// rows high, with a label an `onReceive` timer updates every second.
///
/// The script: the screen appears and its task starts loading; the results arrive (four rows
/// made); two seconds pass (two ticks); the list scrolls to row 10 (four rows go, four come);
/// a new query restarts the task, and another one before its results cancels it and starts
/// again; its results replace the rows in view. With object-level
/// tracking the screen and the label both subscribe to the model, so each write re-evaluates
/// both; with property-level tracking the label runs only for its ticks, the screen never
/// for them.
enum LiveResultsScenario {
  final class ResultsModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var query = "owl"
    @Tracked var isLoading = false
    @Tracked var results: [String] = []
    @Tracked var secondsAgo = 0
  }

  struct ResultsScreen: HarnessView {
    @ViewObservedObject var model: ResultsModel
    func body(_ content: inout ViewContent) {
      content.text(model.isLoading ? "Loading" : "\(model.results.count) results")
      let model = self.model
      let query = model.query
      content.task("search", id: query) { task in
        model.isLoading = true
        task.await("results") {
          model.results = (0..<20).map { "\(query) \($0)" }
          model.isLoading = false
        }
      }
      content.lazy("results", model.results, id: \.self, visible: 4) { ResultRow(title: $0) }
      content.child(RefreshLabel(model: model))
    }
  }

  struct ResultRow: HarnessView {
    let title: String
    func body(_ content: inout ViewContent) { content.text(title) }
  }

  struct RefreshLabel: HarnessView {
    @ViewObservedObject var model: ResultsModel
    @ViewState var ticker = EffectTimer(every: .seconds(1))
    func body(_ content: inout ViewContent) {
      content.text("\(model.secondsAgo) s ago")
      let model = self.model
      content.onReceive(ticker) { _ in model.secondsAgo += 1 }
    }
  }

  static let scenario = Scenario(
    name: "live-results", title: "load, tick, scroll and search again", modes: Scenario.Mode.allCases
  ) { tracking in
    let model = Trace.make(ResultsModel())
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { ResultsScreen(model: model) }
    harness.resume("results")
    harness.advance(by: .seconds(2))
    harness.scroll("results", to: 10)
    model.query = "cat"
    harness.flush()
    // Another query before the results of the first: its task is cancelled, and its results
    // never land.
    model.query = "cow"
    harness.flush()
    harness.resume("results")
  }
}
