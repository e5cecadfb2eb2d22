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
    let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
    var events = 0
    var figures: [Figure] = []
    func wants(_ stage: String) -> Bool { only == nil || only == stage }
    if wants("parse") {
      figures.append(
        Figure(
          name: "read and parse",
          seconds: try median {
            var reader = TraceReader(lenient: false)
            events = 0
            try reader.forEachEvent(path: path) { _, _, _ in events += 1 }
          }))
    }
    if wants("builder") {
      // The builder alone, on events parsed beforehand.
      var parsed: [(TraceEvent, Int)] = []
      var collector = TraceReader(lenient: false)
      try collector.forEachEvent(path: path) { event, line, _ in parsed.append((event, line)) }
      events = parsed.count
      let table = collector.strings
      figures.append(
        Figure(
          name: "build sessions from parsed events",
          seconds: try median {
            var builder = SessionBuilder(source: path, collecting: RuleCollectors.self)
            for (event, line) in parsed { builder.add(event, line: line, strings: table) }
            builder.finish(strings: table)
          }))
    }
    // The rules need sessions: built once, unless the building is what is timed.
    var sessions: [Session] = []
    func build() throws {
      var reader = TraceReader(lenient: false)
      let reading = try reader.readSessions(path: path, collecting: RuleCollectors.self)
      events = reading.events
      sessions = reading.sessions
    }
    if wants("build") {
      figures.append(Figure(name: "read, parse and build sessions", seconds: try median(build)))
    } else if wants("rules") {
      try build()
    }
    if wants("rules") {
      figures.append(
        Figure(
          name: "run the rules",
          seconds: try median { _ = RuleRegistry.run(on: sessions, context: RuleContext()) }))
    }
    return (figures, bytes, events)
  }

  private func median(_ body: () throws -> Void) throws -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
  }
}
