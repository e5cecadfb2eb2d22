import RedrawSessions

/// How well one read file follows the trace format: its problems in line order, how many
/// there are in all, and notes on what the format allows but a reader may want to know.
///
/// Problems are the lines the reader skipped (with their column), a cut-short last line,
/// each session's diagnostics that the format does not allow, and spans that never ended.
/// Notes are the diagnostics the format allows, unknown event kinds and unknown keys.
package struct Conformance: Sendable {
  /// A conformance problem at a line.
  package struct Problem: Sendable, Hashable {
    /// The 1-based line in the file.
    package var line: Int
    /// The 1-based column where the line stopped parsing, for a skipped line.
    package var column: Int?
    package var message: String
    /// How many problems the line stands for: a diagnostic repeated n times, or n spans
    /// that never ended, is named once, at its first line.
    package var occurrences = 1

    package init(line: Int, column: Int? = nil, message: String, occurrences: Int = 1) {
      self.line = line
      self.column = column
      self.message = message
      self.occurrences = occurrences
    }

    /// `file:line:column: message`, or `file:line: message` without a column: the form of
    /// `redraw analyze`'s errors, which editors and CI logs link to the place.
    package func described(in file: String) -> String {
      "\(file):\(line):" + (column.map { "\($0):" } ?? "") + " \(message)"
    }
  }

  /// The first problems in line order, at most the `naming` limit.
  package var problems: [Problem]
  /// All problems, named or not; a diagnostic repeated n times counts n.
  package var count: Int
  /// The problems that ``problems`` does not name: ``count`` less their occurrences.
  package var unnamed: Int { count - problems.reduce(0) { $0 + $1.occurrences } }
  package var notes: [String]

  /// The conformance of `file`.
  ///
  /// With `allowingEmptySessions` (`redraw validate --allow-empty` on a file with no
  /// events), sessions that recorded nothing are notes, not problems.
  package init(of file: FileReading, allowingEmptySessions: Bool = false, naming limit: Int = 100) {
    var problems = file.skipped.map { Problem(line: $0.line, column: $0.column, message: $0.message) }
    var count = file.skippedLines
    if let partial = file.partialLastLine {
      problems.append(Problem(line: partial.line, message: "the last line is cut short: \(partial.message)"))
      count += 1
    }
    var notes: [String] = []
    for session in file.sessions {
      for diagnostic in session.diagnostics {
        if diagnostic.isAllowed || (allowingEmptySessions && diagnostic.message == Session.emptySession) {
          notes.append(
            "\(diagnostic.message): \(diagnostic.count), the first at line \(diagnostic.first.line) (allowed)")
          continue
        }
        let repeated = diagnostic.count > 1 ? " (\(diagnostic.count) times; the first here)" : ""
        problems.append(
          Problem(line: diagnostic.first.line, message: diagnostic.message + repeated, occurrences: diagnostic.count))
        count += diagnostic.count
      }
      if let truncation = session.truncation, truncation.openSpans > 0 {
        let spans = truncation.openSpans
        let message = spans == 1 ? "a span never ended" : "\(spans) spans never ended (the first began here)"
        problems.append(
          Problem(line: truncation.firstOpenSpanLine ?? truncation.line, message: message, occurrences: spans))
        count += spans
      }
      for (kind, number) in session.unknownKinds.sorted(by: { $0.key < $1.key }) {
        notes.append("\(number) event(s) of unknown kind \"\(kind)\" (allowed, ignored)")
      }
      if session.unknownKeys > 0 { notes.append("\(session.unknownKeys) unknown key(s) (allowed, ignored)") }
    }
    problems.sort { $0.line < $1.line }
    self.problems = Array(problems.prefix(limit))
    self.count = count
    self.notes = notes
  }
}
