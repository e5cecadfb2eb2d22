import Foundation

// redraw-bench: speed figures for Redraw.
//
//   redraw-bench recorder [--events N] [--runs N] [--only NAME] [--instructions]
//                                                                 ns/event of the recorder
//   redraw-bench generate --output FILE [--megabytes N] [--seed N] a synthetic trace
//   redraw-bench stages FILE [--runs N] [--only STAGE]            the analyzer's stages alone
//   redraw-bench decode FILE                                      the JSONDecoder baseline

let arguments = Array(CommandLine.arguments.dropFirst())

let recorderUsage = "usage: redraw-bench recorder [--events N] [--runs N] [--only NAME] [--instructions]"
let generateUsage = "usage: redraw-bench generate --output FILE [--megabytes N] [--seed N]"
let stagesUsage = "usage: redraw-bench stages FILE [--runs N] [--only parse|builder|build|rules]"
let decodeUsage = "usage: redraw-bench decode FILE"

switch arguments.first {
case "recorder" where arguments.contains("--help"):
  print(
    """
    \(recorderUsage)

      --events N   events per timed loop (2000000; cases while off run 10 times as many)
      --runs N     timed loops per case; the median is printed (5)
      --only NAME  only the cases whose name contains NAME, e.g. "@Observable+Redraw",
                   "first access" or "clock" (a read of the clock a record holds, and of
                   the system's)
      --instructions
                   also count each case's instructions per event over the whole process
                   (the calling thread and the writer), with callgrind (valgrind must be
                   installed: apt-get install valgrind), and its baseline's

    Instructions are the difference between runs of \(InstructionCounts.smallCount) and
    \(InstructionCounts.largeCount) accesses, each in a child process under callgrind: steady where
    times are not. Every case with --instructions and --runs 3 took 2.5 minutes in all on
    the 2-core CI machine.

    A case that reads or writes an observable property alternates its runs with runs of
    the same loop over a plain @Observable class: the difference, the ratio and that
    baseline's own time (in parentheses) are printed beside it. A run in which the
    recorder dropped events (its writer fell behind) is left out of the median, and the
    figure says so. Only the calling thread's time is measured; the writer's work runs
    on another core. With --runs 7, a whole run takes about a minute.
    """)
case "recorder-loop":
  // The child process of `recorder --instructions`, run under callgrind.
  let options = BenchOptions(arguments.dropFirst(), allowed: ["--case", "--events"], usage: "recorder-loop")
  do {
    try InstructionCounts.runLoop(
      options.text("--case") ?? "", events: options.number("--events", default: InstructionCounts.smallCount),
      directory: NSTemporaryDirectory())
  } catch {
    fail("redraw-bench: \(error)")
  }
case "recorder":
  let options = BenchOptions(
    arguments.dropFirst(), allowed: ["--events", "--runs", "--only"], flags: ["--instructions"], usage: recorderUsage)
  let countsInstructions = options.isSet("--instructions")
  if countsInstructions, !InstructionCounts.isAvailable {
    fail("redraw-bench: --instructions needs valgrind (apt-get install valgrind)")
  }
  let benchmark = RecorderBenchmark(
    events: options.number("--events", default: 2_000_000), runs: options.number("--runs", default: 5),
    directory: NSTemporaryDirectory(), only: options.text("--only"))
  do {
    print("recorder: ns per event at the calling thread, median of \(benchmark.runs) runs")
    let figures = try benchmark.run()
    if figures.isEmpty, let only = benchmark.only {
      FileHandle.standardError.write(Data("redraw-bench: no case's name contains '\(only)'\n".utf8))
    }
    let width = figures.map(\.name.count).max() ?? 0
    for figure in figures {
      let name = figure.name.padding(toLength: width, withPad: " ", startingAt: 0)
      var line = "  \(name) \(String(format: "%8.2f", figure.nanosecondsPerEvent)) ns"
      if let baseline = figure.baseline {
        let delta = figure.nanosecondsPerEvent - baseline.nanosecondsPerEvent
        line += String(
          format: "   %+7.2f ns, %5.2f× ", delta, figure.nanosecondsPerEvent / baseline.nanosecondsPerEvent)
        line += baseline.name + String(format: " (%.2f)", baseline.nanosecondsPerEvent)
      }
      if countsInstructions, !figure.name.contains("first access") {
        line += try instructions(of: figure)
      }
      if let dropping = figure.runsDropping, dropping.count > 0 {
        line +=
          dropping.count < dropping.of
          ? "  [\(dropping.count) of \(dropping.of) runs dropped events (the writer fell behind): left out]"
          : "  [every run dropped events (the writer fell behind): too low]"
      }
      print(line)
    }
  } catch {
    fail("redraw-bench: \(error)")
  }
case "generate":
  let options = BenchOptions(
    arguments.dropFirst(), allowed: ["--output", "--megabytes", "--seed"], usage: generateUsage)
  guard let output = options.text("--output") else { fail(generateUsage) }
  let megabytes = options.number("--megabytes", default: 100)
  let trace = SyntheticTrace(seed: UInt64(options.number("--seed", default: 42)))
  do {
    let events = try trace.write(bytes: Int64(megabytes) << 20, to: output)
    print("wrote \(events) events to \(output)")
  } catch {
    fail("redraw-bench: \(error)")
  }
case "stages":
  guard arguments.count > 1, !arguments[1].hasPrefix("--") else {
    fail("redraw-bench: stages needs a trace FILE\n\(stagesUsage)")
  }
  guard FileManager.default.isReadableFile(atPath: arguments[1]) else {
    fail("redraw-bench: cannot read '\(arguments[1])'\n\(stagesUsage)")
  }
  let options = BenchOptions(arguments.dropFirst(2), allowed: ["--runs", "--only"], usage: stagesUsage)
  if let stage = options.text("--only"), !["parse", "builder", "build", "rules"].contains(stage) {
    fail("redraw-bench: no stage '\(stage)'\n\(stagesUsage)")
  }
  do {
    let benchmark = StageBenchmark(
      path: arguments[1], runs: options.number("--runs", default: 3), only: options.text("--only"))
    let (figures, bytes, events) = try benchmark.run()
    print("stages of \(arguments[1]): \(bytes) bytes, \(events) events, median of \(benchmark.runs) runs")
    for figure in figures {
      let name = figure.name.padding(toLength: 34, withPad: " ", startingAt: 0)
      let rate = Double(bytes) / 1_048_576 / figure.seconds
      print("  \(name) \(String(format: "%7.3f s %8.1f MB/s", figure.seconds, rate))")
    }
  } catch {
    fail("redraw-bench: \(error)")
  }
case "decode":
  guard arguments.count == 2, !arguments[1].hasPrefix("--") else {
    fail("redraw-bench: decode takes one trace FILE\n\(decodeUsage)")
  }
  guard FileManager.default.isReadableFile(atPath: arguments[1]) else {
    fail("redraw-bench: cannot read '\(arguments[1])'\n\(decodeUsage)")
  }
  do {
    let result = try DecoderBaseline.run(path: arguments[1])
    print("decoded \(result.events) events of \(result.kinds) kinds")
  } catch {
    fail("redraw-bench: \(error)")
  }
default:
  let commands = [recorderUsage, generateUsage, stagesUsage, decodeUsage].joined(separator: "\n")
  fail(
    (arguments.first.map { "redraw-bench: no command '\($0)'\n" } ?? "redraw-bench: which benchmark?\n") + commands)
}

/// `; 376 instr, 2.67× @Observable read (141)`: the figure's instructions per event and its
/// baseline's, whole process.
func instructions(of figure: RecorderBenchmark.Figure) throws -> String {
  let counted = try InstructionCounts.perEvent(figure.name)
  var text = String(format: ";  %.0f instr", counted.instructions)
  if let baseline = figure.baseline {
    let base = try InstructionCounts.perEvent(baseline.name)
    text +=
      String(format: ", %.2f× ", counted.instructions / base.instructions) + baseline.name
      + String(format: " (%.0f)", base.instructions)
  }
  return text + (counted.dropped ? " [dropped events under callgrind: too low]" : "")
}
