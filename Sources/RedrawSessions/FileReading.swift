import RedrawReading

/// What reading one file produced: its sessions, and what the reader counted
/// (`ReadStatistics`, whose fields read as this value's own: `reading.events`).
@dynamicMemberLookup
public struct FileReading: Sendable {
  /// What the reader counted.
  public var statistics: ReadStatistics
  /// The file's sessions, in the order of their `meta` lines.
  public var sessions: [Session] = []

  /// Nothing read yet of `file`.
  public init(file: String) {
    statistics = ReadStatistics(file: file)
  }

  package init(statistics: ReadStatistics, sessions: [Session]) {
    self.statistics = statistics
    self.sessions = sessions
  }

  /// A field of ``statistics``.
  public subscript<Value>(dynamicMember field: WritableKeyPath<ReadStatistics, Value>) -> Value {
    get { statistics[keyPath: field] }
    set { statistics[keyPath: field] = newValue }
  }

  /// The threads the stages after reading `files` use: as many as read the largest.
  package static func threads(after files: [FileReading]) -> Int { files.map(\.threads).max() ?? 1 }

  /// Events other than `meta` lines: none means the recording never happened (a zero-byte
  /// file, or sessions that started and recorded nothing).
  public var recordedEvents: Int {
    sessions.reduce(0) { $0 + $1.eventCount - $1.count(of: .meta) }
  }
}

extension TraceReader {
  /// Reads `path` (`-` for standard input) into sessions, whose facts `collectors` gather.
  ///
  /// - Parameter name: How errors and reports name the file; `path` when nil.
  /// - Throws: `TraceInputError` for an unreadable file or, unless lenient, a malformed line.
  package mutating func readSessions(
    path: String, name: String? = nil, collecting collectors: any SessionCollector.Type
  ) throws(TraceInputError) -> FileReading {
    var builder = SessionBuilder(source: Self.displayName(path: path, name: name), collecting: collectors)
    let statistics = try read(path: path, name: name) { builder.add($0, line: $1, strings: $2) }
    return finish(&builder, statistics)
  }

  /// Reads a trace held in memory into sessions, whose facts `collectors` gather.
  package mutating func readSessions(
    bytes: [UInt8], name: String, collecting collectors: any SessionCollector.Type
  ) throws(TraceInputError) -> FileReading {
    var builder = SessionBuilder(source: name, collecting: collectors)
    let statistics = try read(bytes: bytes, name: name) { builder.add($0, line: $1, strings: $2) }
    return finish(&builder, statistics)
  }

  /// Finishes the sessions of a file read whole, on as many threads as read it (their work
  /// is done).
  private func finish(_ builder: inout SessionBuilder, _ statistics: ReadStatistics) -> FileReading {
    let cut = statistics.partialLastLine
    builder.finish(strings: strings, partialLastLine: cut != nil, lastLine: cut?.line ?? 0, threads: statistics.threads)
    return FileReading(statistics: statistics, sessions: builder.sessions)
  }
}
