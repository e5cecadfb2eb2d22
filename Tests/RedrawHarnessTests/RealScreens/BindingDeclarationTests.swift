import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A view that makes bindings to a model (`$model.query`) needs `@Bindable` after the move,
/// whether or not the run typed into its field: the harness records a `bind` event where the
/// binding is made, and the plan says so for that view only.
@Suite struct BindingDeclarationTests {
  final class SearchModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var query = ""
    @Tracked var results = 0
  }

  /// Makes a binding to the environment's model, and hands it to a child's text field.
  struct SearchScreen: HarnessView {
    @ViewEnvironmentObject var model: SearchModel
    func body(_ content: inout ViewContent) {
      content.child(SearchField(text: $model.query))
      content.child(ResultCount(model: model))
      content.child(Filters(model: model))
    }
  }

  /// Edits through a binding it was given: it holds no model.
  struct SearchField: HarnessView {
    @ViewBinding var text: String
    func body(_ content: inout ViewContent) { content.textField("Search", text: $text) }
  }

  struct ResultCount: HarnessView {
    @ViewObservedObject var model: SearchModel
    func body(_ content: inout ViewContent) { content.text("\(model.results)") }
  }

  /// Makes a binding to an observed model.
  struct Filters: HarnessView {
    @ViewObservedObject var model: SearchModel
    func body(_ content: inout ViewContent) { content.textField("Filter", text: $model.query) }
  }

  struct Root: HarnessView {
    let model: SearchModel
    func body(_ content: inout ViewContent) { content.child(SearchScreen(), environment: [model]) }
  }

  static func declarations(_ plan: MigrationPlan) -> [String: String] {
    var found: [String: String] = [:]
    for model in plan.models {
      for view in model.views { found[view.view] = view.becomes?.spelling ?? "-" }
    }
    return found
  }

  @Test(arguments: [false, true])
  func theViewsThatMakeBindingsBecomeBindable(typing: Bool) throws {
    let recording = Trace.record(scenario: "search", reproducible: true) { _ in
      let model = Trace.make(SearchModel())
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: .xcode26) { Root(model: model) }
      if typing { harness.type("ab", into: "Search") }
      model.results = 3
      harness.flush()
    }
    #expect(recording.lines.contains { $0.contains(#""e":"bind""#) && $0.contains(#""prop":"query""#) })
    let plan = Analyzer().plan(for: try recording.analyze())
    #expect(
      Self.declarations(plan) == [
        "SearchScreen": "@Environment(SearchModel.self) + @Bindable in body", "ResultCount": "let",
        "Filters": "@Bindable",
      ])
    let screen = try #require(plan.checklist.first { $0.view == "SearchScreen" })
    #expect(screen.text.contains("`@Bindable var model = model` in its body"), "\(screen.text)")
    // It holds no model, and reads the value its binding was made with, not the model.
    #expect(!plan.models.flatMap(\.views).contains { $0.view == "SearchField" })
  }

  /// Typing edits the model through the binding. Making `$model.query` read the query (a
  /// binding keeps the value it is made with), so with `@Observable` the two views that make
  /// one run again for each keystroke, and the field given a binding with a new value does
  /// too (as a new input, its parent's doing); the count, which reads no query, does not.
  @Test func typingRunsTheViewsThatMakeBindingsAgain() throws {
    let model = SearchModel()
    var harness: ViewHarness?
    let recording = Trace.record(scenario: "type", reproducible: true) { _ in
      harness = ViewHarness(tracking: .propertyLevel) { Root(model: model) }
      harness?.resetCounts()
      harness?.type("ab", into: "Search")
    }
    #expect(model.query == "ab")
    #expect(harness?.evaluations(of: SearchScreen.self) == 2)
    #expect(harness?.evaluations(of: SearchField.self) == 2)
    #expect(harness?.evaluations(of: Filters.self) == 2)
    #expect(harness?.evaluations(of: ResultCount.self) == 0)
    #expect(harness?.texts["SearchField"] == ["ab"])
    let fieldCauses = recording.lines.filter { $0.contains(#""e":"body""#) && $0.contains(#""view":"SearchField""#) }
    #expect(fieldCauses.dropFirst().allSatisfy { $0.contains(#""cause":"parent""#) }, "\(fieldCauses)")
  }
}

/// `$model.query` of a model kept in `@ViewState` (as `@State var model` gives it after the
/// move) writes the property in place: the view runs again for the query it read making the
/// binding, not as a change of its state, and keeps the `bind` event; and a field's text is
/// one of its view's texts.
@Suite struct StateModelBindingTests {
  final class SearchModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var query = ""
  }

  struct Screen: HarnessView {
    @ViewState var model = SearchModel()
    func body(_ content: inout ViewContent) { content.textField("Search", text: $model.query) }
  }

  @Test func typingIntoABindingToAStateModelWritesThePropertyOnly() throws {
    var harness: ViewHarness?
    let recording = Trace.record(scenario: "type", reproducible: true) { _ in
      harness = ViewHarness(tracking: .propertyLevel) { Screen() }
      harness?.resetCounts()
      harness?.type("ab", into: "Search")
    }
    #expect(harness?.evaluations(of: Screen.self) == 2)
    #expect(!recording.lines.contains { $0.contains(#""cause":"state""#) })
    #expect(harness?.view(Screen.self)?.model.query == "ab")
    #expect(harness?.texts["Screen"] == ["ab"])
    #expect(recording.lines.contains { $0.contains(#""e":"bind""#) && $0.contains(#""prop":"query""#) })
  }
}
