import RedrawAnalysis
import RedrawReports

/// `redraw stats TRACE...`: the quick look before a full analysis.
enum StatsCommand {
  static let spec = CommandSpec(
    name: "stats",
    abstract: "Count a trace's events, sessions, threads and time span, and name its largest views and types.",
    arguments: [ArgumentSpec(name: "trace", help: "Trace files; - reads standard input.", repeating: true)],
    options: [AnalyzeOptions.lenient])

  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode {
    var reader = TraceReader(lenient: parsed.isSet(AnalyzeOptions.lenient))
    var files: [FileReading] = []
    for path in parsed.positionals {
      do {
        files.append(try reader.read(path: path))
      } catch {
        terminal.standardError(AnalysisPipeline.inputErrorMessage(error))
        return .inputError
      }
    }
    terminal.standardOutput(StatsReport.render(files))
    return .success
  }
}
