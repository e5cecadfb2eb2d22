/// Reads trace files: the *read* stage.
///
/// Each file is streamed line by line through ``LineParser``, and every event handed to a
/// closure (``EventHandler``: the next stage's session builder, which this stage does not know).
/// A malformed line is an input error naming `file:line:column`, unless the reader is
/// lenient, when it is skipped, counted, and the first few are kept for the report. A
/// last line cut short (no line end, not valid JSON) means the writer died: everything
/// before it is analyzed and the session is marked truncated.
package struct TraceReader {
  /// The highest format version this reader understands.
  package static let formatVersion: Int64 = 1
  /// How many skipped lines a lenient read names unless told otherwise.
  package static let defaultNamedSkippedLines = 5

  /// Whether malformed lines are skipped instead of failing the read.
  package let lenient: Bool
  /// How many threads parse each file.
  package let jobs: ParsingJobs
  /// How many skipped lines a lenient read names (the rest are counted).
  package var namedSkippedLines = TraceReader.defaultNamedSkippedLines
  /// All strings of all files read so far.
  package private(set) var strings = StringTable()

  /// - Parameters:
  ///   - lenient: Skip malformed lines instead of failing.
  ///   - jobs: Parser threads per file (files are read one after another; standard
  ///     input and pipes are always read on the calling thread).
  package init(lenient: Bool, jobs: Int = 1) {
    self.init(lenient: lenient, parsing: .fixed(jobs))
  }

  /// - Parameters:
  ///   - lenient: Skip malformed lines instead of failing.
  ///   - parsing: How many threads parse each file (files are read one after another).
  package init(lenient: Bool, parsing: ParsingJobs) {
    self.lenient = lenient
    self.jobs = parsing
  }

  /// What every event is handed to, in order, on the calling thread: the event, its line,
  /// and the table that names its string ids. A closure rather than a generic consumer, so
  /// the reader is compiled once, specialized, in its own module: an event costs one call.
  package typealias EventHandler = (borrowing TraceEvent, _ line: Int, borrowing StringTable) -> Void

  /// Reads `path` (`-` for standard input), handing every event to `handle`.
  ///
  /// - Parameters:
  ///   - name: How errors and reports name the file; `path` when nil.
  ///   - handle: What every event goes to, in order (on the calling thread).
  /// - Returns: What was counted; its `partialLastLine` says whether the input ended mid-line.
  /// - Throws: ``TraceInputError`` for an unreadable file or, unless lenient, a malformed line.
  package mutating func read(
    path: String, name: String? = nil, each handle: EventHandler
  ) throws(TraceInputError) -> ReadStatistics {
    let displayName = Self.displayName(path: path, name: name)
    let threads = jobs.threads(forFileOfSize: ChunkedFile.regularFileSize(atPath: path))
    if threads > 1 {
      // The calling thread handles the events: the other jobs parse.
      var parallel = ParallelTraceReader(workers: threads - 1, lenient: lenient)
      parallel.namedSkippedLines = namedSkippedLines
      var reading = try parallel.read(path: path, name: displayName, strings: &strings, each: handle)
      reading.threads = threads
      return reading
    }
    var lines = try openLines(path, name: displayName)
    return try read(&lines, name: displayName, each: handle)
  }

  /// Calls `body` with every event of `path` in order, without building sessions: for
  /// tools that convert or count events. Malformed lines are skipped when lenient.
  ///
  /// - Returns: The number of lines skipped.
  @discardableResult
  package mutating func forEachEvent(
    path: String, name: String? = nil, _ body: (TraceEvent, _ line: Int, _ strings: StringTable) -> Void
  ) throws(TraceInputError) -> Int {
    let displayName = Self.displayName(path: path, name: name)
    var lines = try openLines(path, name: displayName)
    var skipped = 0
    var events = 0
    let lenient = self.lenient
    try scan(&lines, name: displayName, keepsMarkNames: true) { event, line, strings in
      events += 1
      body(event, line.number, strings)
      return true
    } failed: { (failure, line) throws(TraceInputError) in
      guard lenient || !line.isTerminated else { throw Self.explained(failure, eventsSoFar: events) }
      skipped += 1
    }
    return skipped
  }

  /// Reads a trace held in memory, for example a recording made in-process.
  package mutating func read(
    bytes: [UInt8], name: String, each handle: EventHandler
  ) throws(TraceInputError) -> ReadStatistics {
    var lines = LineReader(bytes: bytes)
    return try read(&lines, name: name, each: handle)
  }

  private func openLines(_ path: String, name: String) throws(TraceInputError) -> LineReader {
    do {
      return try LineReader(path: path)
    } catch {
      throw TraceInputError(file: name, line: 0, column: 0, message: Self.message(error))
    }
  }

  /// Parses every non-blank line of `lines` with ``LineParser/parseLines(_:_:failed:)``
  /// and hands it to `body` with the line (its number and whether it ended), or a
  /// malformed line to `failed`, until `body` returns false or `failed` throws. `meta`
  /// events are checked for the format and version here, for every reader.
  ///
  /// - Complexity: O(input); the table of strings is owned by the parser while it reads,
  ///   so interning never copies it.
  private mutating func scan(
    _ lines: inout LineReader, name: String, keepsMarkNames: Bool,
    _ body: (borrowing TraceEvent, LineParser.ScannedLine, borrowing StringTable) -> Bool,
    failed: (TraceInputError, LineParser.ScannedLine) throws(TraceInputError) -> Void
  ) throws(TraceInputError) {
    var parser = LineParser(strings: strings, keepsMarkNames: keepsMarkNames)
    strings = StringTable()
    defer { strings = parser.strings }
    // The handlers cannot throw through the loop: the error stops it and is thrown after.
    var thrown: TraceInputError?
    parser.parseLines(&lines) { event, line, strings in
      if !line.isCompact, event.kind == .meta {
        do throws(TraceInputError) {
          try Self.checkMeta(event, file: name, line: line.number, strings: strings)
        } catch {
          thrown = error
          return false
        }
      }
      return body(event, line, strings)
    } failed: { failure, line in
      let error: TraceInputError
      switch failure {
      case .malformed(let malformed):
        error = TraceInputError(
          file: name, line: line.number, column: malformed.offset + 1, message: malformed.expected)
      case .unreadable(let unreadable):
        thrown = TraceInputError(file: name, line: line.number, column: 1, message: Self.message(unreadable))
        return false
      }
      do throws(TraceInputError) {
        try failed(error, line)
        return true
      } catch {
        thrown = error
        return false
      }
    }
    if let thrown { throw thrown }
  }

  private mutating func read(
    _ lines: inout LineReader, name displayName: String, each handle: EventHandler
  ) throws(TraceInputError) -> ReadStatistics {
    var reading = ReadStatistics(file: displayName)
    let lenient = self.lenient
    let namedSkippedLines = self.namedSkippedLines
    // Sessions do not use mark names: they are checked, not kept.
    try scan(&lines, name: displayName, keepsMarkNames: false) { event, line, strings in
      reading.events += 1
      handle(event, line.number, strings)
      return true
    } failed: { (failure, line) throws(TraceInputError) in
      guard line.isTerminated else {
        // The writer died mid-line: what came before is analyzed.
        reading.partialLastLine = failure
        return
      }
      try reading.skip(failure, lenient: lenient, naming: namedSkippedLines)
    }
    reading.bytes = lines.bytesRead
    return reading
  }

  /// How reports and errors name the file at `path`: `name` when given.
  package static func displayName(path: String, name: String?) -> String {
    name ?? (path == "-" ? "<stdin>" : path)
  }

  /// An error on the first line of a file says that the file may not be a trace at all.
  static func explained(_ error: TraceInputError, eventsSoFar: Int) -> TraceInputError {
    guard eventsSoFar == 0, error.line == 1 else { return error }
    var explained = error
    explained.message += " (this does not look like a Redraw trace, whose first line is a meta event)"
    return explained
  }

  static func checkMeta(_ event: TraceEvent, file: String, line: Int, strings: StringTable) throws(TraceInputError) {
    if let format = event.format, strings[format] != "redraw-trace" {
      throw TraceInputError(
        file: file, line: line, column: 1,
        message: "expected \"format\":\"redraw-trace\", found \"\(strings[format])\"")
    }
    if let version = event.version, version > Self.formatVersion || version < 1 {
      throw TraceInputError(
        file: file, line: line, column: 1,
        message:
          "trace format version \(version) is not supported: this reader knows version \(Self.formatVersion); "
          + "upgrade redraw to read it")
    }
  }

  static func message(_ error: LineReader.Failure) -> String {
    switch error {
    case .cannotOpen(let reason): "cannot open the trace: \(reason)"
    case .cannotRead(let reason): "cannot read the trace: \(reason)"
    case .lineTooLong: "expected a line end within \(LineReader.maximumLineLength >> 20) MiB"
    }
  }
}

/// What reading one file counted, beside the events it handed on.
public struct ReadStatistics: Sendable {
  /// How reports and errors name the file.
  public var file: String
  /// Events parsed.
  public var events = 0
  /// Bytes read.
  public var bytes: Int64 = 0
  /// Malformed lines skipped by a lenient read.
  public var skippedLines = 0
  /// The first few of them.
  public var skipped: [TraceInputError] = []
  /// The last line, when it was cut short.
  public var partialLastLine: TraceInputError?
  /// The threads that read the file: the stages after reading use as many.
  package var threads = 1

  /// Nothing read yet of `file`.
  public init(file: String) {
    self.file = file
  }

  /// Counts a malformed line that a lenient read skips, naming the first `named` of
  /// them; a strict read throws it instead.
  mutating func skip(_ failure: TraceInputError, lenient: Bool, naming named: Int) throws(TraceInputError) {
    guard lenient else { throw TraceReader.explained(failure, eventsSoFar: events) }
    skippedLines += 1
    if skipped.count < named { skipped.append(failure) }
  }
}

/// A trace that cannot be read: the place and what was expected there.
public struct TraceInputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// How reports and errors name the file: its path, or the name given for it.
  public var file: String
  /// 1-based; 0 when the error is about the whole file.
  public var line: Int
  /// 1-based byte column.
  public var column: Int
  /// What was expected at the place, or why the file cannot be read.
  public var message: String

  /// An error at `line` and `column` of `file`, or about the whole file when `line` is 0.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: message`, or `file: message` for the whole file.
  public var description: String {
    line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
  }
}
