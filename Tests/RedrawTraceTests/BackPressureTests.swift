import CRedrawPlatform
import Foundation
import RedrawPlatform
import RedrawTestSupport
import Testing

@_spi(Testing) @testable import RedrawTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RecorderTests {
  /// A destination that falls behind costs events, never the app's time, and every event
  /// dropped is counted in a `lost` line.
  @Suite("A destination that falls behind")
  struct BackPressureTests {
    /// More than the recorder's chunks hold (64 × 2,048 records) while nobody reads the pipe.
    static let marks = 200_000

    /// Names of several lengths, so that records take one or more slots and the last chunk
    /// ends with different room left.
    @Test(arguments: [0, 9, 18, 27, 36, 45, 54, 63])
    func everyDroppedEventIsCountedInALostLine(padding: Int) throws {
      let pad = String(repeating: "x", count: padding)
      try Trace.exclusively {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        // Only one scope (an id no scoped session uses): marks from tests running at the same
        // time stay out of it.
        let scope = TraceScope(id: .max - 1)
        try Recorder.shared.start(
          .fileDescriptor(ends[1]), scenario: "back pressure", app: nil, onFailure: nil,
          mode: Recorder.RecordingMode(scope: scope.id, flushInterval: nil))
        // The writer blocks on the full pipe: the buffers fill and events are dropped.
        scope.join {
          for step in 0..<Self.marks { Trace.mark("step \(step)\(pad)") }
        }
        // Outside the scope, with the pool still full: events the session would discard are
        // not recorded, so they are neither kept nor counted as lost.
        for step in 0..<1_000 { Trace.mark("outside \(step)") }
        // Drained only now: `stop` waits for the writer, which waits for this reader.
        let (readEnd, read, reading) = (ends[0], Locked(Data()), DispatchGroup())
        DispatchQueue.global().async(group: reading) {
          let data = FileHandle(fileDescriptor: readEnd).readAll()
          read.withLock { $0 = data }
        }
        Trace.stop()
        close(ends[1])
        reading.wait()
        close(readEnd)
        let lines = try decodeLines(Array(read.withLock { $0 }))
        let kept = lines.filter { $0.e == "mark" }
        let lost = lines.filter { $0.e == "lost" }
        #expect(!lost.isEmpty, "the pipe was full, so events were dropped")
        #expect(kept.count + lost.reduce(0) { $0 + ($1.count ?? 0) } == Self.marks)
        #expect(Trace.eventsDroppedSinceStart == lost.reduce(0) { $0 + ($1.count ?? 0) })
        #expect(kept.first?.name == "step 0\(pad)")
        // The chunks stayed within the pool's bound, chunks of earlier scoped sessions
        // (allocated past it) included.
        #expect(RecordChunks.shared.allocated <= Recorder.chunkLimit)
      }
    }

    /// A record's header counts its payload in 16 bits: a mark whose name is longer than
    /// that can describe is dropped and counted, and the lines around it are whole.
    @Test func aRecordTooLargeForItsHeaderIsCountedInALostLine() throws {
      final class Collector: TraceSink, Sendable {
        let bytes = Locked<[UInt8]>([])
        func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceWriteError) {
          self.bytes.withLock { $0.append(contentsOf: bytes) }
        }
        func close() {}
      }
      let sink = Collector()
      let huge = String(repeating: "x", count: 65_536 * 32 + 1)
      try Trace.exclusively {
        try Trace.start(.sink(sink), scenario: "too large", flushInterval: nil)
        Trace.mark("before")
        Trace.mark(huge)
        Trace.mark("after")
        Trace.stop()
      }
      let lines = try decodeLines(sink.bytes.withLock { $0 })
      // Compared by their starts: a failure does not print 2 MiB.
      #expect(lines.compactMap(\.name).map { String($0.prefix(16)) } == ["before", "after"])
      #expect(lines.filter { $0.e == "lost" }.reduce(0) { $0 + ($1.count ?? 0) } == 1)
    }
  }
}
