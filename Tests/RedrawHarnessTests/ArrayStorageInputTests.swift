import RedrawHarness
import RedrawTrace
import Testing

/// An array whose elements are not `Equatable` is compared by its storage, as SwiftUI
/// compares a value field by field (an array's one field is its storage object): a copy
/// handed on unchanged is the same input, a new array of equal elements is not, and two
/// empty arrays share one storage (the freeaps port's `@State var dots: [DotInfo]`).
@Suite struct ArrayStorageInputTests {
  /// Not `Equatable`: it holds a closure.
  struct Dot {
    var x: Int
    var onTap: () -> Void = {}
  }

  final class Chart: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var title = "Glucose"
    @Tracked var dots = [Dot(x: 1), Dot(x: 2)]
  }

  struct Dots: HarnessView {
    let dots: [Dot]
    func body(_ content: inout ViewContent) { content.text("\(dots.count)") }
  }

  struct ChartView: HarnessView {
    @ViewObservedObject var chart: Chart
    @ViewState var marks: [Dot] = []
    func body(_ content: inout ViewContent) {
      content.text("\(chart.title) \(marks.count)")
      content.child(Dots(dots: chart.dots))
      content.child(Dots(dots: chart.dots.map { $0 }), id: "copied")
      content.button("Clear marks") { marks = [] }
    }
  }

  @Test func anArrayCopiedUnchangedIsTheSameInputAndTwoEmptyOnesTheSameState() {
    let chart = Chart()
    let harness = ViewHarness(tracking: .propertyLevel) { ChartView(chart: chart) }
    harness.resetCounts()
    chart.title = "Insulin"
    harness.flush()
    // The chart runs; the dots it hands on unchanged do not, the mapped ones (new storage) do.
    #expect(harness.evaluations(of: ChartView.self) == 1)
    #expect(harness.mounted(Dots.self).map(\.evaluations) == [0, 1])
    harness.resetCounts()
    #expect(harness.tap("Clear marks"))
    #expect(harness.evaluations(of: ChartView.self) == 0, "an empty array over an empty one")
  }
}
