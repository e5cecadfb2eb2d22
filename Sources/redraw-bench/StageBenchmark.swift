import Foundation
import RedrawAnalysis

/// Times the analyzer's stages on one file, each alone, so a change can be judged by
/// the stage it touches: reading and parsing every line, then parsing and building
/// sessions, then running the rules on those sessions.
///
/// The report is not rendered here; `scripts/bench-analyzer.sh` times the whole command.
struct StageBenchmark {
  var path: String
  var runs: Int
  /// Runs only the stage of this name (`parse`, `builder`, `build` or `rules`), for profiling.
  var only: String?

  struct Figure {
    var name: String
    var seconds: Double
  }

  func run() throws -> (figures: [Figure], bytes: Int64, events: Int) {
    var bytes: Int64 = 0
    var events = 0
    let parse = try median(only: "parse") {
      var reader = TraceReader(lenient: false)
      var count = 0
      try reader.forEachEvent(path: path) { event, _, _ in count &+= Int(event.kind.rawValue) &+ 1 }
      precondition(count > 0, "no events")
    }
    // The builder alone, on events parsed beforehand.
    var parsed: [(TraceEvent, Int)] = []
    var collector = TraceReader(lenient: false)
    try collector.forEachEvent(path: path) { event, line, _ in parsed.append((event, line)) }
    let table = collector.strings
    let builder = try median(only: "builder") {
      var builder = SessionBuilder(source: path)
      for (event, line) in parsed { builder.add(event, line: line, strings: table) }
      builder.finish(strings: table)
      precondition(!builder.sessions.isEmpty)
    }
    parsed = []
    var files: [FileReading] = []
    let build = try median(only: "build") {
      var reader = TraceReader(lenient: false)
      let reading = try reader.read(path: path)
      bytes = reading.bytes
      events = reading.events
      files = [reading]
    }
    let rules = try median(only: "rules") {
      let findings = RuleRegistry.run(on: files.flatMap(\.sessions), context: RuleContext())
      precondition(findings.count >= 0)
    }
    return (
      [
        Figure(name: "read and parse", seconds: parse),
        Figure(name: "build sessions from parsed events", seconds: builder),
        Figure(name: "read, parse and build sessions", seconds: build),
        Figure(name: "run the rules", seconds: rules),
      ], bytes, events
    )
  }

  private func median(only stage: String, _ body: () throws -> Void) throws -> Double {
    var times: [Double] = []
    if let only, only != stage, stage != "build" || only != "rules" { return .nan }
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
  }
}
