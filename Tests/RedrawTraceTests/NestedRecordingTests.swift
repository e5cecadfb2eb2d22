import Dispatch
import Foundation
import RedrawPlatform
import Testing

@_spi(Testing) @testable import RedrawTrace

/// Scoped sessions inside a recording to a destination: `Trace.record` never ends or hides
/// it, and its session reaches the destination as one block (docs/trace-format.md).
@Suite struct NestedRecordingTests {
  @Test func aRecordingInsideADestinationsLeavesItRecordingAndIsWrittenToIt() throws {
    let tag = UUID().uuidString
    let (file, inner) = try Trace.exclusively {
      let memory = MemoryTraceSink()
      try Trace.start(.memory(memory), scenario: "outer \(tag)", flushInterval: nil)
      let span = Trace.beginBody("Outer\(tag)", node: 1)
      let inner = Trace.record(scenario: "inner \(tag)") { _ in Trace.mark("inside \(tag)") }
      #expect(Trace.isRecordingToDestination)
      Trace.mark("after \(tag)")
      Trace.end(span)
      Trace.stop()
      return (try decodeLines(memory.bytes), try decodeLines(inner.bytes))
    }
    let sessions = Self.sessions(of: file)
    let outer = try #require(sessions.first { $0.first?.scenario == "outer \(tag)" })
    let block = try #require(sessions.first { $0.first?.scenario == "inner \(tag)" })
    #expect(block == inner, "the file holds the recording's session as it was returned")
    #expect(inner.map(\.e) == ["meta", "mark"])
    let own = outer.filter { $0.view == "Outer\(tag)" || ($0.name ?? "").hasSuffix(tag) }
    #expect(own.map(\.e) == ["body", "mark"])
    #expect(own.last?.name == "after \(tag)")
    let opened = try #require(own.first?.id)
    #expect(outer.contains { $0.e == "end" && $0.id == opened }, "the span open across the block ends in its session")
    #expect(outer.first?.session == 1)
    // After the block (and any other test's block written meanwhile), a `meta` line with the
    // process session's id continues it.
    let blockStart = try #require(file.firstIndex { $0.scenario == "inner \(tag)" })
    #expect(file[(blockStart + inner.count)...].first { $0.e == "meta" && $0.session != nil }?.session == 1)
  }

  @Test func recordingsOnSeveralThreadsAtOnceKeepOnlyTheirOwnEvents() throws {
    let recordings = Locked<[Int: [TraceLine]]>([:])
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      let recording = Trace.record(scenario: "thread \(index)") { _ in
        for step in 0..<200 { Trace.mark("\(index).\(step)") }
      }
      let lines = try? decodeLines(recording.bytes)
      recordings.withLock { $0[index] = lines }
    }
    for index in 0..<4 {
      let lines = try #require(recordings.withLock { $0[index] })
      #expect(lines.first?.scenario == "thread \(index)")
      #expect(lines.dropFirst().map(\.name) == (0..<200).map { "\(index).\($0)" })
    }
  }

  @Test func aRecordingInsideAnotherIsASessionOfItsOwn() throws {
    var inner: [TraceLine] = []
    let outer = try record(scenario: "outer") {
      Trace.mark("before")
      inner = try record(scenario: "inner") { Trace.mark("inside") }
      Trace.mark("after")
    }
    #expect(outer.compactMap(\.name) == ["before", "after"])
    #expect(inner.compactMap(\.name) == ["inside"])
  }

  @Test func aThrowingBodyEndsItsSession() throws {
    struct Stop: Error {}
    var scope: Int32 = 0
    #expect(throws: Stop.self) {
      try Trace.record { recording in
        scope = recording.id
        throw Stop()
      }
    }
    #expect(scope != 0)
    #expect(Recorder.shared.onWriter { $0.scopes[scope] == nil })
  }

  @Test func reproducibleRecordingsNumberViewNodesInOrderOfAppearance() throws {
    let lines = try decodeLines(
      Trace.record(reproducible: true) { _ in
        Trace.end(Trace.beginBody("Root", node: 57))
        Trace.end(Trace.beginBody("Child", node: 90, parent: 57))
        Trace.end(Trace.beginInit("Model", owner: 90))
      }.bytes)
    #expect(lines.compactMap(\.node) == [1, 2])
    #expect(lines.compactMap(\.parent) == [1])
    #expect(lines.compactMap(\.owner) == [2])
  }

  /// The sessions of a file as docs/trace-format.md reads them: a `meta` line with the id of
  /// an earlier session continues it.
  static func sessions(of lines: [TraceLine]) -> [[TraceLine]] {
    var sessions: [[TraceLine]] = []
    var byID: [Int64: Int] = [:]
    var current = -1
    for line in lines {
      if line.e == "meta" {
        if let id = line.session, let earlier = byID[id] {
          current = earlier
          continue
        }
        sessions.append([])
        current = sessions.count - 1
        if let id = line.session { byID[id] = current }
      }
      if current >= 0 { sessions[current].append(line) }
    }
    return sessions
  }
}
