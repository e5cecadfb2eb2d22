import RedrawHarness
import RedrawTrace
import Testing

/// The jobs an update's actions queue run after that update, worked by hand from
/// sources/swiftui-runtime.md §0 and §13: `onAppear` and `onChange` run inside the update
/// (its action queue); their writes get the update's second pass, and a task or
/// `main.async` job they start waits for the main queue's next drain, another update. A tap
/// is an event handler: the job it queues runs in the drain before the update, with its
/// writes (the freeaps Home port: 2 evaluations counted where these rules give 3).
@Suite struct UpdateActionJobTests {
  final class UAModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var a = 0
    @Tracked var b = 0
    @Tracked var trigger = 0
  }

  struct UACounter: HarnessView {
    @ViewObservedObject var model: UAModel
    func body(_ content: inout ViewContent) {
      content.text("\(model.a) \(model.b)")
      let model = self.model
      content.onAppear {
        model.a = 1
        _ = AppEffects.task("main.async") { model.b = 1 }
      }
      content.onChange(of: model.trigger) {
        model.a += 1
        _ = AppEffects.task("main.async") { model.b += 1 }
      }
      content.button("Tap") {
        model.a += 1
        _ = AppEffects.task("main.async") { model.b += 1 }
      }
    }
  }

  @Test func anActionsWritesAndTheJobsItQueuedAreTwoUpdates() {
    AppEffects.reset()
    defer { AppEffects.reset() }
    let model = UAModel()
    let harness = ViewHarness(tracking: .propertyLevel) { UACounter(model: model) }
    // Mount, the onAppear's write in the same update's second pass, the job's write.
    #expect(harness.evaluations(of: UACounter.self) == 3)
    #expect(harness.texts["UACounter"] == ["1 1"])
    harness.resetCounts()
    model.trigger = 1
    harness.flush()
    // The trigger, the onChange's write, the job's write.
    #expect(harness.evaluations(of: UACounter.self) == 3)
    harness.resetCounts()
    #expect(harness.tap("Tap"))
    // The tap's write and its job's: one update.
    #expect(harness.evaluations(of: UACounter.self) == 1)
    #expect(harness.texts["UACounter"] == ["3 3"])
  }
}
