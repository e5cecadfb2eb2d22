import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where recorded trace bytes go: a file, standard error, memory, or a destination of your
/// own (``TraceDestination/sink(_:)``), as swift-log's handlers are.
///
/// The recorder calls ``write(_:)`` on its one background writer queue, in order, with whole
/// JSON lines only (each ending in `\n`), never on the thread that recorded the events; the
/// bytes are valid during the call only. ``close()`` is called once, when recording to the
/// destination stops (``Trace/stop()``, another ``Trace/start(_:scenario:app:flushInterval:onFailure:)``,
/// or process exit). A write that throws stops the recording: the loss is reported once, and
/// the app goes on.
public protocol TraceSink: AnyObject, Sendable {
  /// Writes all of `bytes` or throws.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceWriteError)
  /// Releases the destination; no write follows.
  func close()
}

/// Why writing trace bytes failed.
public struct TraceWriteError: Error, CustomStringConvertible {
  /// The `errno` of the failed call; 0 when a message says why.
  public let code: Int32
  /// What went wrong, for a sink that is not a file.
  public let message: String?

  /// A failed system call's `errno`.
  public init(code: Int32) {
    self.code = code
    message = nil
  }

  /// A failure described in words.
  public init(_ message: String) {
    code = 0
    self.message = message
  }

  /// The message, or else what `strerror` says of ``code``.
  public var description: String { message ?? String(cString: strerror(code)) }
}

// MARK: - File descriptors

/// Writes to a file descriptor with `write(2)`, retrying short writes.
final class FileDescriptorSink: TraceSink {
  private let descriptor: Int32
  private let closesDescriptor: Bool

  /// - Parameters:
  ///   - descriptor: An open, writable descriptor.
  ///   - closesDescriptor: Whether ``close()`` closes it (not for standard error).
  init(descriptor: Int32, closesDescriptor: Bool) {
    self.descriptor = descriptor
    self.closesDescriptor = closesDescriptor
    FileDescriptor.failWritesInsteadOfSIGPIPE(descriptor)
  }

  /// Opens (creating or truncating) the file at `path`.
  convenience init(path: String) throws(TraceStartError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw TraceStartError.cannotOpen(path: path, reason: TraceWriteError(code: errno).description)
    }
    self.init(descriptor: fd, closesDescriptor: true)
  }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceWriteError) {
    let failure = FileDescriptor.withSIGPIPEBlocked {
      FileDescriptor.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
    }
    if let failure { throw TraceWriteError(code: failure) }
  }

  func close() {
    if closesDescriptor { FileDescriptor.close(descriptor) }
  }
}

// MARK: - Memory

/// Keeps a recording in memory, for tests and for tools that analyze in-process.
///
/// ```swift
/// let memory = MemoryTraceSink()
/// try Trace.start(.memory(memory), scenario: "type in search")
/// // … exercise the models …
/// Trace.stop()
/// let lines = memory.lines
/// ```
public final class MemoryTraceSink: Sendable {
  private let storage = Locked<[UInt8]>([])

  /// An empty sink, ready to record into.
  public init() {}

  /// The bytes recorded so far (complete lines only once recording stopped).
  public var bytes: [UInt8] { storage.withLock { $0 } }

  /// The recording as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The recorded JSON lines, without their line ends.
  public var lines: [String] { text.split(separator: "\n").map(String.init) }

  /// Forgets everything recorded; with `keepingCapacity`, keeps the memory for what comes
  /// next, so a recording of the same size allocates nothing more.
  public func removeAll(keepingCapacity: Bool = false) {
    storage.withLock { $0.removeAll(keepingCapacity: keepingCapacity) }
  }

  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    storage.withLock { $0.append(contentsOf: bytes) }
  }
}

/// Adapts a ``MemoryTraceSink`` to the recorder's sink protocol.
final class MemorySinkWriter: TraceSink {
  let target: MemoryTraceSink

  init(_ target: MemoryTraceSink) { self.target = target }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceWriteError) { target.append(bytes) }

  func close() {}
}
