import Foundation
import Testing

@_spi(Testing) @testable import RedrawTrace

/// A model whose properties' names make line ends of every size the writer copies
/// differently: within one copy of 64 bytes, just past it, and several blocks past it.
private final class LineEndModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var a = 0
  @Tracked var propertyWhoseNameTakesTheEndJustPastSixtyFourBytes = 0
  @Tracked
  var propertyWhoseNameIsLongEnoughThatItsLineEndNeedsSeveralBlocksOfThirtyTwoBytesBeyondTheFirstCopyOfSixtyFour = 0
}

extension RecorderTests {
  /// After its first line, a property's access lines are its opening, its time and a copy of
  /// a cached end: whatever the end's length, every line is whole and names its property.
  @Suite struct LineEndTests {
    @Test func everyLengthOfACachedLineEndIsCopiedWhole() throws {
      let model = LineEndModel()
      let memory = MemoryTraceSink()
      // A destination's session: the one whose lines the writer caches.
      let lines = try Trace.exclusively {
        try Trace.start(.memory(memory), scenario: "line ends", flushInterval: nil)
        for _ in 0..<3 {
          _ = model.a
          _ = model.propertyWhoseNameTakesTheEndJustPastSixtyFourBytes
          _ =
            model
            .propertyWhoseNameIsLongEnoughThatItsLineEndNeedsSeveralBlocksOfThirtyTwoBytesBeyondTheFirstCopyOfSixtyFour
          model.a = 1
        }
        Trace.stop()
        return try decodeLines(memory.bytes)
      }
      let accesses = lines.filter { $0.e == "read" || $0.e == "write" }
      let names = [
        "a", "propertyWhoseNameTakesTheEndJustPastSixtyFourBytes",
        "propertyWhoseNameIsLongEnoughThatItsLineEndNeedsSeveralBlocksOfThirtyTwoBytesBeyondTheFirstCopyOfSixtyFour",
        "a",
      ]
      #expect(accesses.map { $0.prop ?? "" } == Array(repeating: names, count: 3).flatMap { $0 })
      #expect(accesses.allSatisfy { $0.type == "LineEndModel" })
      #expect(accesses.map(\.e) == Array(repeating: ["read", "read", "read", "write"], count: 3).flatMap { $0 })
    }

    /// A cached line's time is the leading digits kept with its opening and six more: when a
    /// millisecond passes, the leading digits change within a run of cached lines, and every
    /// time stays whole (a stale prefix would put a time a millisecond or more off).
    @Test func timesStayWholeAsTheirLeadingDigitsChangeWithinARunOfCachedLines() throws {
      let model = LineEndModel()
      let memory = MemoryTraceSink()
      let lines = try Trace.exclusively {
        try Trace.start(.memory(memory), scenario: "leading digits", flushInterval: nil)
        let start = DispatchTime.now().uptimeNanoseconds
        // Reads 50 µs apart for 12 ms: the millisecond changes a dozen times between drains.
        // At least 40 of them, however long a loaded machine keeps the thread asleep.
        var reads = 0
        while DispatchTime.now().uptimeNanoseconds - start < 12_000_000 || reads < 40 {
          _ = model.a
          reads += 1
          usleep(50)
        }
        Trace.stop()
        return try decodeLines(memory.bytes)
      }
      let times = lines.filter { $0.e == "read" }.compactMap(\.t)
      try #require(times.count > 20)
      let steps = zip(times, times.dropFirst()).map { $1 - $0 }
      #expect(steps.allSatisfy { $0 >= 0 })
      // Each step is the pause and a read, far below a millisecond but on a loaded machine.
      #expect(steps.filter { $0 >= 1_000_000 }.count <= 2)
      #expect(times.last! - times.first! >= 11_000_000)
    }
  }
}
