import RedrawReading
import RedrawRules
import RedrawSessions

extension TraceReader {
  /// Reads `path` (`-` for standard input) into sessions, with every rule's collector: what
  /// ``Analyzer`` reads, for the tools and tests that read a file without analyzing it.
  ///
  /// - Parameter name: How errors and reports name the file; `path` when nil.
  /// - Throws: `TraceInputError` for an unreadable file or, unless lenient, a malformed line.
  package mutating func read(path: String, name: String? = nil) throws(TraceInputError) -> FileReading {
    try readSessions(path: path, name: name, collecting: RuleCollectors.self)
  }

  /// Reads a trace held in memory into sessions, with every rule's collector.
  package mutating func read(bytes: [UInt8], name: String) throws(TraceInputError) -> FileReading {
    try readSessions(bytes: bytes, name: name, collecting: RuleCollectors.self)
  }
}
