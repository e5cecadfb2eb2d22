import RedrawHarness
import RedrawTrace

/// A search field whose `onChange(of: query)` counts the results, shown by a view beside it.
///
/// Each keystroke is two updates: the field's (it reads the query), then, after its
/// `onChange` wrote the count, the count's. With object-level tracking both views subscribe
/// to the model, so each update re-evaluates both, one of them for a property it never read.
enum SearchOnChangeScenario {
  final class SearchModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var query = ""
    @Tracked var resultCount = 0
  }

  struct SearchScreen: HarnessView {
    let model: SearchModel
    func body(_ content: inout ViewContent) {
      content.child(SearchBox(model: model))
      content.child(ResultSummary(model: model))
    }
  }

  struct SearchBox: HarnessView {
    @ViewObservedObject var model: SearchModel
    func body(_ content: inout ViewContent) {
      content.textField("Search", text: $model.query)
      let model = self.model
      content.onChange(of: model.query) { _, query in model.resultCount = query.count * 10 }
    }
  }

  struct ResultSummary: HarnessView {
    @ViewObservedObject var model: SearchModel
    func body(_ content: inout ViewContent) { content.text("\(model.resultCount) results") }
  }

  static let scenario = Scenario(
    name: "search-on-change", title: "type a query that an onChange counts", modes: Scenario.Mode.allCases
  ) { tracking in
    let model = Trace.make(SearchModel())
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { SearchScreen(model: model) }
    harness.type("owl", into: "Search")
  }
}
