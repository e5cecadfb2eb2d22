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

  /// A conformance problem at a line.
  struct Problem {
    var line: Int
    var message: String
  }

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
      let (problems, count, notes) = Self.problems(in: file, allowingEmptySessions: allowsEmpty)
      total += count
      for problem in problems {
        out += TerminalText.sanitized("\(file.file):\(problem.line): \(problem.message)") + "\n"
      }
      if count > problems.count { out += "\(file.file): … and \(count - problems.count) more problems\n" }
      for note in notes { out += TerminalText.sanitized("\(file.file): note: \(note)") + "\n" }
      if file.recordedEvents == 0, !parsed.isSet(allowEmpty) {
        out += TerminalText.sanitized("\(file.file):1: no events recorded (pass --allow-empty to accept it)") + "\n"
        total += 1
      } else if count == 0 {
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

  /// The problems of one file in line order, how many there are in all, and notes.
  ///
  /// With `allowingEmptySessions` (`--allow-empty` on a file with no events), sessions that
  /// recorded nothing are not problems either.
  static func problems(in file: FileReading, allowingEmptySessions: Bool = false) -> ([Problem], Int, [String]) {
    var problems = file.skipped.map { Problem(line: $0.line, message: "column \($0.column): \($0.message)") }
    var count = file.skippedLines
    if let partial = file.partialLastLine {
      problems.append(Problem(line: partial.line, message: "the last line is cut short: \(partial.message)"))
      count += 1
    }
    var notes: [String] = []
    for session in file.sessions {
      for diagnostic in session.diagnostics {
        if diagnostic.isAllowed || (allowingEmptySessions && diagnostic.message == SessionBuilder.emptySession) {
          notes.append(
            "\(diagnostic.message): \(diagnostic.count), the first at line \(diagnostic.first.line) (allowed)")
          continue
        }
        let repeated = diagnostic.count > 1 ? " (\(diagnostic.count) times; the first here)" : ""
        problems.append(Problem(line: diagnostic.first.line, message: diagnostic.message + repeated))
        count += diagnostic.count
      }
      if let truncation = session.truncation, truncation.openSpans > 0 {
        problems.append(Problem(line: truncation.line, message: "\(truncation.openSpans) span(s) never ended"))
        count += truncation.openSpans
      }
      for (kind, number) in session.unknownKinds.sorted(by: { $0.key < $1.key }) {
        notes.append("\(number) event(s) of unknown kind \"\(kind)\" (allowed, ignored)")
      }
      if session.unknownKeys > 0 { notes.append("\(session.unknownKeys) unknown key(s) (allowed, ignored)") }
    }
    problems.sort { $0.line < $1.line }
    return (Array(problems.prefix(namedProblems)), count, notes)
  }
}
