import RedrawHarness
import RedrawTrace
import Testing

extension AsyncTaskTests {
  /// `async let podcasts = …; async let articles = …; results = try await (podcasts, articles)`:
  /// two awaits pending at once, the code after them run by whichever the test resumes last.
  struct ATBothSearches: HarnessView {
    let model: ATSearch
    func body(_ content: inout ViewContent) {
      content.text(model.isLoading ? "Loading" : model.results.joined(separator: ", "))
      let model = self.model
      content.task("search") { task in
        model.isLoading = true
        var left = 2
        let join = {
          left -= 1
          guard left == 0 else { return }
          model.results = ["podcasts", "articles"]
          model.isLoading = false
        }
        task.await("podcasts", join)
        task.await("articles", join)
      }
    }
  }

  /// `try? await Task.sleep(for: .seconds(1)); results = …`: a cancellation ends the sleep and
  /// the code after it runs at once, given as the sleep's `catch:` too.
  @Test func aTrySleepGoesOnAfterACancellation() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let model = ATSearch()
    let harness = ViewHarness(tracking: .propertyLevel) { ATResults(model: model) }
    let poll = AppEffects.task("poll") { task in
      let goOn = { model.results = task.isCancelled ? ["cancelled"] : ["slept"] }
      task.sleep(for: .seconds(1), goOn, catch: goOn)
    }
    harness.flush()
    poll.cancel()
    harness.flush()
    #expect(model.results == ["cancelled"])
    harness.advance(by: .seconds(2))
    #expect(model.results == ["cancelled"], "the sleep ended at the cancellation")
  }

  @Test func concurrentAwaitsJoinWhenTheLastResumes() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let model = ATSearch()
    let harness = ViewHarness(tracking: .propertyLevel) { ATBothSearches(model: model) }
    #expect(AppEffects.suspended == ["podcasts", "articles"])
    harness.resetCounts()
    #expect(harness.resume("articles"))
    #expect(harness.evaluations(of: ATBothSearches.self) == 0)
    #expect(harness.resume("podcasts"))
    #expect(harness.evaluations(of: ATBothSearches.self) == 1)
    #expect(harness.texts["ATBothSearches"] == ["podcasts, articles"])
  }
}
