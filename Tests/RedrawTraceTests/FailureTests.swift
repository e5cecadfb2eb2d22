import Foundation
import RedrawPlatform
import RedrawTestSupport
@_spi(Testing) import RedrawTrace
import Testing

extension RecorderTests {
  @Suite("A destination that fails stops recording without crashing the app")
  struct FailureTests {
    /// Collects failure reports instead of writing them to standard error.
    final class Reports: Sendable {
      let messages = Locked<[String]>([])
      var all: [String] { messages.withLock { $0 } }
      func add(_ message: String) { messages.withLock { $0.append(message) } }
    }

    @Test func aFullDiskIsReportedOnceAndRecordingStops() throws {
      try Trace.exclusively {
        let reports = Reports()
        try Trace.start(.file("/dev/full"), onFailure: { reports.add($0) })
        let model = SearchModel()
        for step in 0..<50_000 { model.unreadCount = step }
        Trace.flush()
        #expect(!Trace.isRecording)
        for step in 0..<1_000 { model.unreadCount = step }
        Trace.stop()
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains("No space left on device") == true)
      }
    }

    @Test func aClosedDescriptorIsReportedOnceAndRecordingStops() throws {
      try Trace.exclusively {
        let reports = Reports()
        let descriptor = open("/dev/null", O_WRONLY)
        try #require(descriptor >= 0)
        try Trace.start(.fileDescriptor(descriptor), onFailure: { reports.add($0) })
        close(descriptor)
        Trace.mark("lost")
        Trace.stop()
        #expect(!Trace.isRecording)
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains("Bad file descriptor") == true)
      }
    }

    @Test func aPipeWithNoReaderDoesNotKillTheProcess() throws {
      try Trace.exclusively {
        let reports = Reports()
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        try Trace.start(.fileDescriptor(ends[1]), onFailure: { reports.add($0) })
        Trace.mark("nobody reads this")
        Trace.stop()
        close(ends[1])
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains("Broken pipe") == true)
      }
    }

    @Test func anUnopenableFileIsAnError() {
      Trace.exclusively {
        #expect(throws: TraceStartError.self) {
          try Trace.start(.file("/nonexistent-directory/trace.jsonl"))
        }
        #expect(!Trace.isRecording)
      }
    }

    @Test func recordingStartsAgainAfterAFailure() throws {
      try Trace.exclusively {
        try Trace.start(.file("/dev/full"), onFailure: { _ in })
        Trace.mark("lost")
        Trace.stop()
        let lines = try record { Trace.mark("kept") }
        #expect(lines.map(\.e) == ["meta", "mark"])
      }
    }
  }

  @Suite("Recording switched on by the environment")
  struct EnvironmentTests {
    let scratch = ScratchDirectory()

    @Test func redrawTraceNamesTheFileAndRedrawScenarioTheSession() throws {
      try Trace.exclusively {
        let path = scratch.path("trace.jsonl")
        #expect(Trace.startFromEnvironment(["REDRAW_TRACE": path, "REDRAW_SCENARIO": "from env"]))
        Trace.mark("hello")
        Trace.stop()
        let lines = try decodeLines(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(lines.map(\.e) == ["meta", "mark"])
        #expect(lines[0].scenario == "from env")
      }
    }

    @Test(arguments: [("20", true), ("0", false)])
    func redrawFlushMillisecondsSetsHowSoonEventsReachTheFile(value: String, written: Bool) throws {
      try Trace.exclusively {
        let path = scratch.path("trace.jsonl")
        #expect(Trace.startFromEnvironment(["REDRAW_TRACE": path, "REDRAW_FLUSH_MS": value]))
        Trace.mark("soon")
        // Written: within the interval (given time for a busy machine). Not written: nothing
        // after three times the default interval.
        let before = written ? try waitForContent(path, seconds: 3) : try waitForContent(path, seconds: 0.3)
        Trace.stop()
        #expect(try (before.isEmpty ? [] : decodeLines(before)).map(\.e) == (written ? ["meta", "mark"] : []))
      }
    }

    /// A typo in the interval must not cost the recording: it is reported (on standard error)
    /// and the default interval is used.
    @Test(arguments: ["-5", "fast", "1.5", "", "99999999999999999999"])
    func aFlushIntervalThatIsNotMillisecondsFallsBackToTheDefault(value: String) throws {
      try Trace.exclusively {
        let path = scratch.path("trace.jsonl")
        #expect(Trace.startFromEnvironment(["REDRAW_TRACE": path, "REDRAW_FLUSH_MS": value]))
        Trace.mark("soon")
        let before = try waitForContent(path, seconds: 3)
        Trace.stop()
        #expect(try decodeLines(before).map(\.e) == ["meta", "mark"])
      }
    }

    @Test func withoutRedrawTraceNothingStarts() {
      Trace.exclusively {
        #expect(!Trace.startFromEnvironment([:]))
        #expect(!Trace.startFromEnvironment(["REDRAW_TRACE": ""]))
        // An exit test's child process would truncate its parent's trace.
        #expect(!Trace.startFromEnvironment(["REDRAW_TRACE": "/tmp/never.jsonl", "SWT_EXIT_TEST_ID": "{}"]))
        #expect(!Trace.isRecording)
      }
    }

    @Test(arguments: [("-", "stderr"), ("stderr", "stderr"), ("/tmp/a.jsonl", "file")])
    func destinationsFromTheEnvironment(value: String, kind: String) throws {
      let destination = try #require(TraceDestination(environmentValue: value))
      switch destination {
      case .standardError: #expect(kind == "stderr")
      case .file(let path): #expect(kind == "file" && path == value)
      default: Issue.record("unexpected destination \(destination)")
      }
    }
  }
}

/// The file's bytes once it is not empty, or after `seconds`, whichever comes first.
private func waitForContent(_ path: String, seconds: Double) throws -> [UInt8] {
  let deadline = Date().addingTimeInterval(seconds)
  while true {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    if !bytes.isEmpty || Date() >= deadline { return bytes }
    Thread.sleep(forTimeInterval: 0.01)
  }
}
