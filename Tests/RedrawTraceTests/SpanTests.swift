import Foundation
@_spi(Testing) import RedrawTrace
import Testing

/// A compose screen in an app: its body, then the Send button's action.
/// Sendable for the run-loop test, whose timer runs on the same (main) thread.
final class Composer: TrackedModel, @unchecked Sendable {
  let tracking = ModelTracking()
  @Tracked var draft = "Hi"
  @Tracked var sent = 0
}

struct ComposeView {
  let composer: Composer
  var body: String { Trace.body(ComposeView.self) { "\(composer.draft) (\(composer.sent) sent)" } }
  func sendTapped() { Trace.action("Send tapped") { composer.sent += 1 } }
}

extension RecorderTests {
  @Suite("Spans end where the code they wrap ends")
  struct SpanTests {
    @Test func aClosureBodyEndsWhereTheBodyEndsSoTheActionAfterItIsNotInside() throws {
      let composer = Composer()
      let view = ComposeView(composer: composer)
      let lines = try record {
        _ = view.body
        view.sendTapped()
      }
      #expect(lines.map(\.e) == ["meta", "body", "read", "read", "end", "action", "read", "write", "end"])
      #expect(lines[1].view == "ComposeView")
      #expect(lines[5].name == "Send tapped")
      #expect(lines[4].id == lines[1].id && lines[8].id == lines[5].id)
    }

    @Test func anActionEndsTheOpenMarkerSpanFirst() throws {
      let composer = Composer()
      let lines = try record {
        Trace.bodyMarker(ComposeView.self)
        _ = composer.draft
        Trace.action("Send tapped") { composer.sent += 1 }
      }
      #expect(lines.map(\.e) == ["meta", "body", "read", "end", "action", "read", "write", "end"])
    }

    @Test func aClosureBodyEndsAnOpenMarkerSpanInsteadOfNestingInIt() throws {
      let lines = try record {
        Trace.bodyMarker(Composer.self)
        Trace.body(ComposeView.self) {}
      }
      #expect(lines.map(\.e) == ["meta", "body", "end", "body", "end"])
    }

    /// The marker span of the last body of a turn ends when the thread's run loop is about
    /// to wait, before the next event's handler runs: the main thread's in an app, a thread
    /// of the test's own here (Swift Testing does not run tests on the main thread on Linux).
    @Test func theRunLoopEndsTheLastMarkerSpanOfATurn() throws {
      let composer = Composer()
      let memory = MemoryTraceSink()
      try Trace.exclusively {
        try Trace.start(.memory(memory), scenario: "a turn of a run loop")
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
          Trace.bodyMarker(ComposeView.self)
          _ = composer.draft
          // The next event: a timer whose handler writes, as a button's action would.
          let event = Timer(timeInterval: 0.01, repeats: false) { _ in composer.sent += 1 }
          RunLoop.current.add(event, forMode: .default)
          RunLoop.current.run(until: Date().addingTimeInterval(0.1))
          done.signal()
        }
        thread.start()
        done.wait()
        Trace.stop()
      }
      let lines = try decodeLines(memory.bytes)
      #expect(lines.map(\.e) == ["meta", "body", "read", "end", "read", "write"])
    }
  }
}
