import RedrawHarness
import RedrawTrace
import Shop
import Testing

/// Without the trait: these tests' events share the process's session; harness node ids are
/// unique in the process, so their views are never merged.
struct SearchTests {
  @Test func typingAQueryRedrawsTheFieldAndTheResults() {
    let search = SearchModel()
    let harness = ViewHarness(tracking: .propertyLevel) { SearchScreen(search: search) }
    for text in ["s", "sw", "swi"] {
      search.search(text)
      harness.flush()
    }
    #expect(harness.evaluations(of: QueryField.self) == 4)
  }

  @Test func recentSearchesRedrawEverythingWithObservableObject() {
    let search = SearchModel()
    let harness = ViewHarness(tracking: .objectLevel) { SearchScreen(search: search) }
    search.recent = ["tea"]
    harness.flush()
    search.recent = ["tea", "milk"]
    harness.flush()
    #expect(harness.evaluations(of: QueryField.self) == 3)
  }

  @Test func aRecordedSearch() throws {
    let search = SearchModel()
    let recording = Trace.record(scenario: "recorded search") { _ in
      let harness = ViewHarness(tracking: .propertyLevel) { SearchScreen(search: search) }
      search.search("tea")
      harness.flush()
    }
    #expect(try recording.analyze().files[0].sessions[0].bodyEvaluations == 6)
  }
}

/// Models without views.
struct ModelTests {
  @Test func aRecordingOfModelWrites() {
    let cart = CartModel()
    let recording = Trace.record(scenario: "model writes") { _ in
      cart.add("tea")
      cart.promoCode = "SAVE"
    }
    #expect(recording.lines.contains { $0.contains(#""prop":"promoCode""#) })
  }

  @Test func writesWithoutARecording() {
    let search = SearchModel()
    search.search("milk")
    #expect(search.results.count == 2)
  }
}
