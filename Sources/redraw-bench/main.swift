import Foundation

// redraw-bench: speed figures for Redraw.
//
//   redraw-bench recorder [--events N] [--runs N] [--only NAME]   ns/event of the recorder
//   redraw-bench generate --output FILE [--megabytes N] [--seed N] a synthetic trace
//   redraw-bench stages FILE [--runs N] [--only STAGE]            the analyzer's stages alone
//   redraw-bench decode FILE                                      the JSONDecoder baseline

let arguments = Array(CommandLine.arguments.dropFirst())

func value(of option: String, default fallback: Int) -> Int {
  guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count,
    let number = Int(arguments[index + 1]), number > 0
  else { return fallback }
  return number
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(64)
}

switch arguments.first {
case "recorder" where arguments.contains("--help"):
  print(
    """
    usage: redraw-bench recorder [--events N] [--runs N] [--only NAME]

      --events N   events per timed loop (2000000; cases while off run 10 times as many)
      --runs N     timed loops per case; the median is printed (5)
      --only NAME  only the cases whose name contains NAME, e.g. "@Observable+Redraw"
                   or "first access"

    A case that reads or writes an observable property alternates its runs with runs of
    the same loop over a plain @Observable class: the difference, the ratio and that
    baseline's own time (in parentheses) are printed beside it.
    """)
case "recorder":
  let benchmark = RecorderBenchmark(
    events: value(of: "--events", default: 2_000_000), runs: value(of: "--runs", default: 5),
    directory: NSTemporaryDirectory(),
    only: arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil })
  do {
    print("recorder: ns per event at the calling thread, median of \(benchmark.runs) runs")
    for figure in try benchmark.run() {
      let name = figure.name.padding(toLength: 36, withPad: " ", startingAt: 0)
      var line = "  \(name) \(String(format: "%8.2f", figure.nanosecondsPerEvent)) ns"
      if let baseline = figure.baseline {
        let delta = figure.nanosecondsPerEvent - baseline.nanosecondsPerEvent
        line += String(
          format: "   %+7.2f ns, %5.2f× ", delta, figure.nanosecondsPerEvent / baseline.nanosecondsPerEvent)
        line += baseline.name + String(format: " (%.2f)", baseline.nanosecondsPerEvent)
      }
      print(line)
    }
  } catch {
    fail("redraw-bench: \(error)")
  }
case "generate":
  guard let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count else {
    fail("usage: redraw-bench generate --output FILE [--megabytes N] [--seed N]")
  }
  let megabytes = value(of: "--megabytes", default: 100)
  let trace = SyntheticTrace(seed: UInt64(value(of: "--seed", default: 42)))
  do {
    let events = try trace.write(bytes: Int64(megabytes) << 20, to: arguments[index + 1])
    print("wrote \(events) events to \(arguments[index + 1])")
  } catch {
    fail("redraw-bench: \(error)")
  }
case "stages":
  guard arguments.count > 1 else { fail("usage: redraw-bench stages FILE [--runs N] [--only STAGE]") }
  do {
    let benchmark = StageBenchmark(
      path: arguments[1], runs: value(of: "--runs", default: 3),
      only: arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil })
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
  guard arguments.count > 1 else { fail("usage: redraw-bench decode FILE") }
  do {
    let result = try DecoderBaseline.run(path: arguments[1])
    print("decoded \(result.events) events of \(result.kinds) kinds")
  } catch {
    fail("redraw-bench: \(error)")
  }
default:
  fail(
    "usage: redraw-bench recorder [--events N] [--runs N] [--only NAME]\n"
      + "       redraw-bench generate --output FILE [--megabytes N] [--seed N]\n"
      + "       redraw-bench stages FILE [--runs N] [--only parse|builder|build|rules]\n"
      + "       redraw-bench decode FILE")
}
