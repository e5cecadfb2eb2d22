import Foundation
import RedrawTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a recording process leaves when it ends abruptly: a clean exit while threads
/// record, and `SIGKILL` (Xcode's Stop button, the system reclaiming an app, a CI
/// timeout), which runs no `atexit` handler.
@Suite("Ending a recording process abruptly")
struct ProcessExitTests {
  @Test func exitingWhileThreadsRecordLeavesCompleteLinesAndAtMostACutLastOne() throws {
    let trace = try ChildTrace(arguments: ["exit-while-recording"])
    let process = try trace.launch()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = try trace.lines()
    #expect(lines.complete.count > 100, "the threads recorded for 0.2 s")
    #expect(lines.invalid == [])
  }

  @Test func aKilledProcessLosesAtMostItsLastFlushInterval() throws {
    let trace = try ChildTrace(arguments: ["record-until-killed"])
    let killedAt = try trace.recordAndKill(after: 1.0)
    let lines = try trace.lines()
    #expect(lines.invalid == [])
    let marks = lines.complete.compactMap { $0.name.flatMap(UInt64.init) }
    let last = try #require(marks.last, "events of the first second reached the file")
    // How many marks a second makes depends on the machine's load; their order does not.
    #expect(marks == marks.sorted(), "the marks in the order they were made")
    let lostMilliseconds = Double(killedAt - last) / 1e6
    // 100 ms is the interval; the rest allows for a writer thread that waits for a core
    // while the other tests run (measured: docs/reliability.md).
    #expect(lostMilliseconds <= 300, "lost the last \(lostMilliseconds) ms")
  }

  @Test func withoutPeriodicFlushesAKilledProcessLosesItsWholeBuffer() throws {
    let trace = try ChildTrace(arguments: ["record-until-killed", "0"])
    _ = try trace.recordAndKill(after: 1.0)
    // A second of marks fills a tenth of a 512 KiB buffer: nothing was written.
    #expect(try trace.lines().complete.isEmpty)
  }
}

/// The first use of `Trace` in a process, on many threads at once, with `REDRAW_TRACE` set:
/// the threads that do not configure the recorder wait for it (tests starting in parallel
/// under `REDRAW_TRACE=… swift test` lost events before).
@Suite struct FirstUseTests {
  @Test func threadsThatStartRecordingAtOnceLoseNothing() throws {
    for _ in 0..<20 {
      let trace = try ChildTrace(arguments: ["first-use-in-parallel"])
      let process = try trace.launch()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      let marks = try trace.lines().complete.compactMap(\.name)
      #expect(marks.sorted() == (0..<8).map { "thread \($0)" }.sorted())
    }
  }
}

/// A trace recorded by `redraw-recording-child` into a file of its own.
private struct ChildTrace {
  let arguments: [String]
  let executable: URL
  /// Where the trace goes: removed with the value.
  let scratch = ScratchDirectory()
  let path: String

  init(arguments: [String]) throws {
    executable = try #require(builtExecutable("redraw-recording-child"), "redraw-recording-child is built")
    path = scratch.path("child.jsonl")
    self.arguments = [arguments[0], path] + arguments.dropFirst()
  }

  func launch() throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    try process.run()
    return process
  }

  /// Lets the child record for `seconds` once it has opened its trace, kills it with
  /// `SIGKILL` and waits for it. A child slow to start (ThreadSanitizer's, beside other
  /// tests' builds) is waited for up to a minute, not killed before it began.
  ///
  /// - Returns: The monotonic clock's nanoseconds just before the kill.
  func recordAndKill(after seconds: Double) throws -> UInt64 {
    let process = try launch()
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: path), process.isRunning, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    try #require(FileManager.default.fileExists(atPath: path), "the child opened its trace")
    Thread.sleep(forTimeInterval: seconds)
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// The file's lines: the complete ones decoded, and the numbers of those that are not
  /// JSON lines (a cut last line, with no line end, is neither).
  func lines() throws -> (complete: [TraceLine], invalid: [Int]) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    if data.last != 0x0A { lines.removeLast() }  // cut short, or the empty file's one "line"
    if lines.last?.isEmpty == true { lines.removeLast() }
    var complete: [TraceLine] = []
    var invalid: [Int] = []
    for (index, line) in lines.enumerated() {
      if let decoded = try? JSONDecoder().decode(TraceLine.self, from: Data(line)) {
        complete.append(decoded)
      } else {
        invalid.append(index + 1)
      }
    }
    return (complete, invalid)
  }
}
