import RedrawAnalysis
import RedrawReports

/// `redraw validate TRACE...`: format conformance, for people who write their own recorder.
enum ValidateCommand {
  /// Problems named per file at most; the rest are counted.
  static let namedProblems = 100

  static let spec = CommandSpec(
    name: "validate",
    abstract: "Check that traces follow the trace format, listing every problem with its line.",
    discussion: """
      Checks every line: valid JSON, an object with an "e" key, the keys each event kind \
      requires with values of the right types, known values for "cause" and "kind", a \
      supported version; and across lines: events after a meta line, spans that end once, \
      on their thread, in order, unique span ids, object ids not reused after deinit, time \
      not going backwards on a thread, no session without events, a file with events (a \
      recording that never happened is a problem unless --allow-empty), and a complete last line. \
      Unknown event kinds and keys are allowed (counted as notes). Exit codes: 0 no problem; \
      1 problems; 2 a file that cannot be read.
      """,
    arguments: [ArgumentSpec(name: "trace", help: "Trace files; - reads standard input.", repeating: true)],
    options: [allowEmpty])

  static let allowEmpty = OptionSpec(name: "--allow-empty", help: "Accept a trace with no events.")

  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode {
    var total = 0
    var out = ""
    for path in parsed.positionals {
      var reader = TraceReader(lenient: true)
      reader.namedSkippedLines = namedProblems
      let file: FileReading
      do {
        file = try reader.read(path: path)
      } catch {
        terminal.standardError("redraw: error: \(error)\n")
        return .inputError
      }
      let allowsEmpty = parsed.isSet(allowEmpty) && file.recordedEvents == 0
      let conformance = Conformance(of: file, allowingEmptySessions: allowsEmpty, naming: namedProblems)
      total += conformance.count
      for problem in conformance.problems {
        out += TerminalText.sanitized(problem.described(in: file.file)) + "\n"
      }
      if conformance.unnamed > 0 {
        out += "\(file.file): … and \(conformance.unnamed) more problem\(conformance.unnamed == 1 ? "" : "s")\n"
      }
      for note in conformance.notes { out += TerminalText.sanitized("\(file.file): note: \(note)") + "\n" }
      if file.recordedEvents == 0, !parsed.isSet(allowEmpty) {
        out += TerminalText.sanitized("\(file.file):1: no events recorded (pass --allow-empty to accept it)") + "\n"
        total += 1
      } else if conformance.count == 0 {
        out += TerminalText.sanitized("\(file.file): valid (\(file.events) events)") + "\n"
      }
    }
    let files = parsed.positionals.count
    out +=
      total == 0
      ? "No problems in \(files) file\(files == 1 ? "" : "s").\n" : "\(total) problem\(total == 1 ? "" : "s").\n"
    terminal.standardOutput(out)
    return total == 0 ? .success : .findings
  }
}
