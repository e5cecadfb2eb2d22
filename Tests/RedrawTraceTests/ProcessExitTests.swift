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

/// Accesses recorded on the simple path (one C function, no call: `CRedrawPlatform.h`), in a
/// process of their own: in the test process, other tests' scoped sessions close it. On
/// x86-64 Linux the path needs the time-stamp counter, which the recorder uses only where the
/// kernel's clocksource is `tsc` (many virtual machines use `kvm-clock`): elsewhere the test
/// does not run.
@Suite struct SimplePathRecordingTests {
  /// Whether the recorder can use the clock the simple path reads.
  static var simplePathCanOpen: Bool {
    #if os(Linux) && arch(x86_64)
      let source = try? String(
        contentsOfFile: "/sys/devices/system/clocksource/clocksource0/current_clocksource", encoding: .utf8)
      return source?.trimmingCharacters(in: .whitespacesAndNewlines) == "tsc"
    #else
      return true
    #endif
  }

  @Test(.enabled(if: simplePathCanOpen, "the kernel keeps time by another clock than the time-stamp counter"))
  func accessesOnTheSimplePathNameTheirPropertiesAndTheirInstancesTypes() throws {
    let trace = try ChildTrace(arguments: ["simple-path"])
    let output = try trace.run()
    #expect(output.contains("simple path: open"), "\(output)")
    #expect(output.contains("sum 45"), "the child read what it wrote")
    let lines = try trace.lines()
    #expect(lines.invalid == [])
    let recorded = lines.complete.drop { $0.name != "named" }.dropFirst()
    let accesses = recorded.filter { $0.e == "read" || $0.e == "write" }.map {
      "\($0.e) \($0.type ?? "-").\($0.prop ?? "-")"
    }
    let round = [
      "read PastedInbox.unread", "read PastedInbox.title", "read PastedGauge.value", "read PastedGauge.unread",
      "read TrackedCounter.value", "write PastedInbox.unread", "write PastedGauge.value", "write TrackedCounter.value",
    ]
    #expect(accesses == round + round + round)
    // The `@Observable` instances' types were noted by their first records, which the simple
    // path made in C (their names were cached, writes' too); `TrackedCounter`'s by its names.
    let types = Dictionary(recorded.compactMap { line in line.obj.map { ($0, line.type) } }, uniquingKeysWith: { $1 })
    let released = recorded.filter { $0.e == "deinit" }
    #expect(released.count == 3)
    #expect(released.allSatisfy { $0.obj.flatMap { types[$0] } == $0.type })
    #expect(Set(released.compactMap(\.type)) == ["PastedInbox", "PastedGauge", "TrackedCounter"])
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

  func launch(output: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let output { process.standardOutput = output }
    try process.run()
    return process
  }

  /// Runs the child to its end, which must be a clean exit, and returns what it printed.
  func run() throws -> String {
    let output = Pipe()
    let process = try launch(output: output)
    let printed = output.fileHandleForReading.readAll()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: printed, as: UTF8.self)
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
