/// Where ``Trace/start(_:scenario:app:flushInterval:onFailure:)`` sends the recording.
public enum TraceDestination: Sendable {
  /// A file, created or truncated.
  case file(String)
  /// The process's standard error.
  case standardError
  /// An open, writable file descriptor; the recorder does not close it.
  case fileDescriptor(Int32)
  /// Memory, read back from the sink (for tests and in-process analysis).
  case memory(MemoryTraceSink)
  /// A destination of your own: a socket, a ring buffer, a compressor, …
  case sink(any TraceSink)

  /// The destination named by a `REDRAW_TRACE` value: `-` or `stderr` for standard error,
  /// anything else a file path. An empty value names none.
  public init?(environmentValue value: String) {
    switch value {
    case "": return nil
    case "-", "stderr": self = .standardError
    default: self = .file(value)
    }
  }

  func makeSink() throws(TraceStartError) -> any TraceSink {
    switch self {
    case .file(let path): try FileDescriptorSink(path: path)
    case .standardError: FileDescriptorSink(descriptor: 2, closesDescriptor: false)
    case .fileDescriptor(let descriptor): FileDescriptorSink(descriptor: descriptor, closesDescriptor: false)
    case .memory(let memory): MemorySinkWriter(memory)
    case .sink(let sink): sink
    }
  }
}

/// Why recording could not start.
public enum TraceStartError: Error, Equatable, CustomStringConvertible {
  /// The trace file could not be opened.
  case cannotOpen(path: String, reason: String)

  /// Why, in words: `cannot open trace file '…': …`.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): "cannot open trace file '\(path)': \(reason)"
    }
  }
}
