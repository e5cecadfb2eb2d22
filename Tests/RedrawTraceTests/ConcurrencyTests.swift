import Dispatch
import RedrawTrace
import Testing

private final class Counter: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var value = 0
}

extension RecorderTests {
  @Suite("Recording from several threads at once")
  struct ConcurrencyTests {
    static let threads = 8
    static let iterations = 5_000

    @Test func everyLineIsCompleteAndEachThreadKeepsItsOrder() throws {
      let lines = try record { (scope: TraceScope) in
        DispatchQueue.concurrentPerform(iterations: Self.threads) { worker in
          scope.join {
            let counter = Counter()
            for step in 0..<Self.iterations {
              Trace.body("Worker\(worker)", node: worker) {
                counter.value = step
                Trace.mark("\(worker):\(step)")
              }
            }
          }
        }
      }
      // When the writer falls behind (a loaded machine: the whole suite runs in parallel),
      // the recorder drops events rather than block the app, and says how many in `lost`
      // lines. Nothing may vanish unannounced, and what is kept must stay in order.
      let lost = lines.filter { $0.e == "lost" }.reduce(0) { $0 + ($1.count ?? 0) }
      let events = lines.dropFirst().filter { $0.e != "lost" }
      // Four events a step, and each worker's model is released at the end. A body that was
      // dropped (and counted) takes its end with it: the end of a span that never opened is
      // not written, nor counted. Every step opens one body, so those are the steps less the
      // bodies kept.
      let steps = Self.threads * Self.iterations
      let endsOfDroppedBodies = steps - events.filter { $0.e == "body" }.count
      #expect(events.count + lost + endsOfDroppedBodies == Self.threads * (Self.iterations * 4 + 1))

      // And the lines of all threads are in time order: each reads the clock before the
      // recorder's lock, and one that waited for the lock takes the time of the line before.
      let firstOutOfOrder = zip(events, events.dropFirst()).first { ($0.t ?? 0) > ($1.t ?? 0) }
      #expect(firstOutOfOrder == nil)

      var byThread: [Int: [TraceLine]] = [:]
      for line in events { byThread[line.tid ?? -1, default: []].append(line) }
      #expect(byThread[-1] == nil)

      var marksSeen = 0
      for (_, thread) in byThread {
        // Spans nest per thread: body, write, mark, end, body, … (a dropped body or end
        // breaks the nesting, so it is checked only when nothing was dropped).
        var open: Int64?
        var lastStep: [Substring: Int] = [:]
        var lastTime: Int64 = 0
        for line in thread {
          #expect((line.t ?? -1) >= lastTime)
          lastTime = line.t ?? lastTime
          switch line.e {
          case "body":
            if lost == 0 { #expect(open == nil) }
            open = line.id
          case "end":
            if lost == 0 { #expect(open == line.id) }
            open = nil
          case "mark":
            let parts = try #require(line.name?.split(separator: ":"))
            let step = try #require(Int(parts[1]))
            let previous = lastStep[parts[0]] ?? -1
            if lost == 0 {
              #expect(step == previous + 1, "marks of one worker stay in order")
            } else {
              #expect(step > previous, "marks of one worker stay in order")
            }
            lastStep[parts[0]] = step
            marksSeen += 1
          case "deinit":
            if lost == 0 { #expect(open == nil) }
            #expect(line.type == "Counter")
          default:
            #expect(line.e == "write")
            if lost == 0 { #expect(open != nil) }
          }
        }
      }
      #expect(marksSeen <= Self.threads * Self.iterations)
      if lost == 0 { #expect(marksSeen == Self.threads * Self.iterations) }
      let spanIDs = events.filter { $0.e == "body" }.compactMap(\.id)
      #expect(Set(spanIDs).count == spanIDs.count, "span ids are unique in the session")
    }
  }
}
