import Foundation
import RedrawPlatform
@_spi(Testing) import RedrawTrace
import Testing

/// A destination of the user's own: every line reaches it, and one that fails stops the
/// recording with its message, the app going on.
@Suite struct CustomSinkTests {
  final class Collector: TraceSink, Sendable {
    let bytes = Locked<[UInt8]>([])
    let closes = Locked(0)
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceWriteError) {
      self.bytes.withLock { $0.append(contentsOf: bytes) }
    }
    func close() { closes.withLock { $0 += 1 } }
  }

  final class Refusing: TraceSink, Sendable {
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceWriteError) {
      throw TraceWriteError("the socket is gone")
    }
    func close() {}
  }

  @Test func everyLineReachesTheSinkAndItIsClosedOnce() throws {
    let sink = Collector()
    let tag = UUID().uuidString
    try Trace.exclusively {
      try Trace.start(.sink(sink), scenario: "custom \(tag)", flushInterval: nil)
      for index in 0..<100 { Trace.mark("\(tag) \(index)") }
      Trace.stop()
    }
    let lines = try decodeLines(sink.bytes.withLock { $0 })
    #expect(lines.first?.scenario == "custom \(tag)")
    #expect(lines.compactMap(\.name).filter { $0.hasPrefix(tag) } == (0..<100).map { "\(tag) \($0)" })
    #expect(sink.closes.withLock { $0 } == 1)
  }

  @Test func aSinkThatThrowsStopsTheRecordingWithItsMessage() throws {
    let messages = Locked<[String]>([])
    try Trace.exclusively {
      try Trace.start(.sink(Refusing()), flushInterval: nil) { message in messages.withLock { $0.append(message) } }
      Trace.mark("lost")
      Trace.stop()
    }
    #expect(messages.withLock { $0 }.count == 1)
    #expect(messages.withLock { $0 }.first?.contains("the socket is gone") == true)
  }
}
