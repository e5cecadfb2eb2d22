import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A container that stores a child made by its parent and only hands it down again: the
/// child's struct is made once, so its `@State` default runs once under either build.
@Suite struct HandedDownStructTests {
  final class RowModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var title = "row"
  }

  enum Before {
    struct Screen: HarnessView {
      func body(_ content: inout ViewContent) { content.child(Container(content: Row())) }
    }

    /// Re-evaluated for its own state; `content` was made by its parent.
    struct Container: HarnessView {
      let content: Row
      @ViewState var taps = 0
      func body(_ content: inout ViewContent) {
        content.text("\(taps)")
        content.button("Tap") { taps += 1 }
        content.child(self.content)
      }
    }

    struct Row: HarnessView {
      @ViewStateObject var model = Trace.make(RowModel())
      func body(_ content: inout ViewContent) { content.text(model.title) }
    }
  }

  enum After {
    struct Screen: HarnessView {
      func body(_ content: inout ViewContent) { content.child(Container(content: Row())) }
    }

    struct Container: HarnessView {
      let content: Row
      @ViewState var taps = 0
      func body(_ content: inout ViewContent) {
        content.text("\(taps)")
        content.button("Tap") { taps += 1 }
        content.child(self.content)
      }
    }

    struct Row: HarnessView {
      @ViewState var model = Trace.make(RowModel())
      func body(_ content: inout ViewContent) { content.text(model.title) }
    }
  }

  static func tapTwice(_ harness: ViewHarness) {
    harness.tap("Tap")
    harness.tap("Tap")
  }

  @Test(arguments: SwiftUIBuild.allCases)
  func aStructHandedDownAgainIsNotMadeAgain(build: SwiftUIBuild) throws {
    let check = try PredictionCheck(
      before: { Self.tapTwice(ViewHarness(tracking: .objectLevel, swiftUI: build) { Before.Screen() }) },
      after: { Self.tapTwice(ViewHarness(tracking: .propertyLevel, swiftUI: build) { After.Screen() }) })
    #expect(check.recorded == ["Screen": 1, "Container": 3, "Row": 1])
    check.expectHolds()
    check.expectOwnersHold(under: build)
    let row = try #require(check.before.sessions.flatMap(\.nodes).first { $0.view == "Row" })
    #expect(row.structsMade == 1)
  }
}
