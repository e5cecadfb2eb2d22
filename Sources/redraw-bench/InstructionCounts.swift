import Foundation
import RedrawTrace

/// Instructions per event of a recorder case, counted by callgrind over the whole process:
/// the calling thread's and the writer's, so work moved from one to the other is not saved.
///
/// The case runs in a child process (`redraw-bench recorder-loop`), once with
/// ``smallCount`` accesses and once with ``largeCount``, each under `valgrind
/// --tool=callgrind`; the difference of the totals over the difference of the counts is
/// the cost of one access, without the process's start, the recording's start and stop,
/// or the first access (which resolves names). Steady on a noisy machine, unlike times. The
/// child waits for the writer every ``chunkSize`` accesses (``Trace/flush()``), so no event
/// is dropped and left unformatted; the waits are the same in number per access in both runs.
enum InstructionCounts {
  static let smallCount = 50_000
  static let largeCount = 150_000
  /// Accesses between two waits for the writer in a child run.
  static let chunkSize = 5_000

  /// Whether `valgrind` is on the `PATH`.
  static var isAvailable: Bool { (try? run("valgrind", ["--version"]))?.status == 0 }

  /// Instructions per access of the loop named `name` (a case's name or a baseline's), and
  /// whether either child run dropped events.
  static func perEvent(_ name: String) throws -> (instructions: Double, dropped: Bool) {
    let small = try count(name, events: smallCount)
    let large = try count(name, events: largeCount)
    return (Double(large.total - small.total) / Double(largeCount - smallCount), small.dropped || large.dropped)
  }

  /// This executable without its debug information, which valgrind 3.19 cannot read for
  /// C code compiled with DWARF 5 (`strip --strip-debug`; the symbols stay): made once.
  private static let strippedExecutable: String = {
    let original = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    let copy = NSTemporaryDirectory() + "/redraw-bench-stripped-\(getpid())"
    guard (try? FileManager.default.copyItem(atPath: original, toPath: copy)) != nil,
      (try? run("strip", ["--strip-debug", copy]))?.status == 0
    else { return original }
    atexit {
      try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "/redraw-bench-stripped-\(getpid())")
    }
    return copy
  }()

  private static func count(_ name: String, events: Int) throws -> (total: Int, dropped: Bool) {
    let executable = strippedExecutable
    let run = try run(
      "valgrind",
      [
        "--tool=callgrind", "--callgrind-out-file=/dev/null", executable, "recorder-loop", "--case", name,
        "--events", String(events),
      ])
    guard run.status == 0, let line = run.output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
      let total = Int(line.split(separator: " ").last ?? "")
    else {
      throw BenchError(message: "callgrind of '\(name)' failed:\n\(run.output.suffix(2_000))")
    }
    return (total, run.output.contains("dropped events"))
  }

  private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  // MARK: - The child

  /// `redraw-bench recorder-loop --case NAME --events N`: runs the loop once, recording as
  /// the case says, in a process that has started a thread (as an app has); says on standard
  /// error when events were dropped.
  static func runLoop(_ name: String, events: Int, directory: String) throws {
    let benchmark = RecorderBenchmark(events: events, runs: 1, directory: directory, only: nil)
    let loops = benchmark.cases().flatMap { benchmarkCase in
      [(benchmarkCase.name, benchmarkCase.destination, benchmarkCase.loop)]
        + (benchmarkCase.baseline.map { [($0.name, RecorderBenchmark.Destination.off, $0.loop)] } ?? [])
    }
    guard let (_, destination, loop) = loops.first(where: { $0.0 == name }) else {
      throw BenchError(message: "no case named '\(name)'")
    }
    RecorderBenchmark.startAThread()
    let path = directory + "/redraw-bench-instructions-\(getpid()).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    switch destination {
    case .off: break
    case .memory: try Trace.start(.memory(MemoryTraceSink()), scenario: "bench")
    case .file: try Trace.start(.file(path), scenario: "bench")
    }
    // In chunks, each waiting for the writer: under callgrind the threads take turns, and
    // a writer left behind would drop events, whose formatting would then not be counted.
    var left = events
    while left > 0 {
      let chunk = min(left, chunkSize)
      loop(chunk)
      if destination != .off { Trace.flush() }
      left -= chunk
    }
    if destination != .off { Trace.stop() }
    if Trace.eventsDroppedSinceStart > 0 {
      FileHandle.standardError.write(Data("redraw-bench: \(Trace.eventsDroppedSinceStart) dropped events\n".utf8))
    }
  }
}

/// A benchmark that could not run, with why.
struct BenchError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
