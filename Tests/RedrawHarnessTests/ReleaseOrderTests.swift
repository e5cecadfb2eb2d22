import RedrawHarness
import RedrawTrace
import Testing

/// What only the views held is released in the same order on every run, so a reproducible
/// recording's `deinit` events come out byte for byte the same: the models a body made and
/// its buttons' actions captured (emitron's episode listing makes one per row), when the next
/// evaluation replaces them and when the harness goes.
@Suite struct ReleaseOrderTests {
  final class Episode: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var progress = 0
  }

  struct Listing: HarnessView {
    @ViewState var round = 0
    func body(_ content: inout ViewContent) {
      content.text("round \(round)")
      for index in 0..<8 {
        let episode = Episode()
        _ = episode.progress
        content.button("Play \(index)") { episode.progress += 1 }
      }
      content.button("Again") { round += 1 }
    }
  }

  @Test func modelsOnlyTheViewsHeldAreReleasedInTheOrderTheyWereMade() throws {
    let recording = Trace.record(scenario: "release", reproducible: true) { _ in
      let harness = ViewHarness { Listing() }
      harness.tap("Again")
    }
    let released = recording.lines.filter { $0.contains(#""e":"deinit""#) }.compactMap { line in
      line.firstMatch(of: /"obj":(\d+)/).flatMap { Int($0.output.1) }
    }
    #expect(released.count == 16)
    #expect(released == released.sorted())
  }
}
