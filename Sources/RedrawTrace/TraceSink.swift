import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where recorded trace bytes go.
///
/// The recorder calls ``write(_:)`` from its single writer queue, in order, with
/// whole lines only, and ``close()`` once when the session ends.
protocol TraceSink: AnyObject, Sendable {
  /// Writes all of `bytes` or throws.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceWriteError)
  /// Releases the destination; no write follows.
  func close()
}

/// Why writing trace bytes failed.
struct TraceWriteError: Error, CustomStringConvertible {
  /// The `errno` of the failed call.
  let code: Int32

  var description: String { String(cString: strerror(code)) }
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

  public init() {}

  /// The bytes recorded so far (complete lines only once recording stopped).
  public var bytes: [UInt8] { storage.withLock { $0 } }

  /// The recording as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The recorded JSON lines, without their line ends.
  public var lines: [String] { text.split(separator: "\n").map(String.init) }

  /// Forgets everything recorded.
  public func removeAll() { storage.withLock { $0.removeAll() } }

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
