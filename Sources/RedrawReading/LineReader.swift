#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor in large chunks and hands out its lines.
///
/// Lines are given as views into a reused buffer, without their `\n` or `\r\n`. A
/// line that crosses a chunk boundary is carried into the next read; memory is one
/// chunk plus the longest line, never the whole file.
///
/// - Complexity: O(n) in the input; one `read(2)` per ``chunkSize`` bytes.
struct LineReader: ~Copyable {
  /// Bytes per `read(2)`.
  static let chunkSize = 4 << 20
  /// Lines longer than this are an error, so a file with no line breaks cannot
  /// exhaust memory.
  static let maximumLineLength = 64 << 20

  private let descriptor: Int32
  private let closesDescriptor: Bool
  /// Whether the buffer is the reader's own (not bytes lent to it).
  private let ownsBuffer: Bool
  private var buffer: UnsafeMutableRawBufferPointer
  /// Bytes of the buffer holding data: `start..<end`.
  private var start = 0
  private var end = 0
  private var reachedEnd = false
  /// The 1-based number of the line last returned.
  private(set) var lineNumber = 0
  /// How many bytes were read so far.
  private(set) var bytesRead: Int64 = 0

  /// Why reading failed.
  enum Failure: Error {
    case cannotOpen(String)
    case cannotRead(String)
    case lineTooLong
  }

  /// Opens `path` for reading; `-` reads standard input.
  init(path: String) throws(Failure) {
    if path == "-" {
      descriptor = 0
      closesDescriptor = false
    } else {
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { throw .cannotOpen(String(cString: strerror(errno))) }
      var info = stat()
      if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        close(fd)
        throw .cannotOpen("it is a directory")
      }
      descriptor = fd
      closesDescriptor = true
    }
    buffer = .allocate(byteCount: Self.chunkSize, alignment: 16)
    ownsBuffer = true
  }

  /// Reads lines from bytes in memory.
  init(bytes: [UInt8]) {
    descriptor = -1
    closesDescriptor = false
    buffer = .allocate(byteCount: max(bytes.count, 1), alignment: 16)
    ownsBuffer = true
    bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
    end = bytes.count
    bytesRead = Int64(bytes.count)
    reachedEnd = true
  }

  /// Reads the lines of `bytes` where they lie, without copying them: they must stay
  /// valid, and unchanged, while the reader lives. The reader never writes to them.
  init(lending bytes: UnsafeBufferPointer<UInt8>) {
    descriptor = -1
    closesDescriptor = false
    ownsBuffer = false
    // Only `fill()` writes to the buffer, and it never runs once the end is reached.
    buffer = UnsafeMutableRawBufferPointer(mutating: UnsafeRawBufferPointer(bytes))
    end = bytes.count
    bytesRead = Int64(bytes.count)
    reachedEnd = true
  }

  deinit {
    if ownsBuffer { buffer.deallocate() }
    if closesDescriptor { close(descriptor) }
  }

  /// A line of the input.
  struct Line {
    /// The bytes, without the line end.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the line ended with `\n` (false only for a last line cut short).
    let isTerminated: Bool
  }

  /// The next line, or nil at the end of the input. The bytes are valid until the next call.
  mutating func nextLine() throws(Failure) -> Line? {
    var searchFrom = start
    while true {
      let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
      if searchFrom < end, let found = memchr(base + searchFrom, 0x0A, end - searchFrom) {
        let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        var lineEnd = newline
        if lineEnd > start, base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let line = Line(bytes: UnsafeBufferPointer(start: base + start, count: lineEnd - start), isTerminated: true)
        start = newline + 1
        lineNumber += 1
        return line
      }
      searchFrom = end
      if reachedEnd {
        guard start < end else { return nil }
        let line = Line(bytes: UnsafeBufferPointer(start: base + start, count: end - start), isTerminated: false)
        start = end
        lineNumber += 1
        return line
      }
      // The pending bytes hold no line end: read more and search only the new bytes.
      let scanned = end - start
      try fill()
      searchFrom = start + scanned
    }
  }

  /// The bytes read but not yet handed out, for a parser that finds line ends itself.
  ///
  /// Valid until the next call of ``nextLine()``; the parser reports how far it got with
  /// ``consumeLines(_:before:)``.
  var unread: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
    let base = UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
    return (base + start, base + end)
  }

  /// Hands out the `count` lines that end just before `next`, which must lie in ``unread``
  /// (or at its end) and follow a line end.
  @inline(__always)
  mutating func consumeLines(_ count: Int, before next: UnsafePointer<UInt8>) {
    start = UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)).distance(to: next)
    lineNumber += count
  }

  /// Moves the pending partial line to the front and reads more after it.
  private mutating func fill() throws(Failure) {
    if start > 0 {
      let pending = end - start
      if pending > 0 {
        // The ranges may overlap: memmove, not copyMemory (memcpy).
        memmove(buffer.baseAddress!, buffer.baseAddress! + start, pending)
      }
      start = 0
      end = pending
    }
    if end == buffer.count {
      guard buffer.count < Self.maximumLineLength else { throw .lineTooLong }
      let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
      bigger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
      buffer.deallocate()
      buffer = bigger
    }
    while true {
      let count = read(descriptor, buffer.baseAddress! + end, buffer.count - end)
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(String(cString: strerror(errno)))
      }
      if count == 0 { reachedEnd = true }
      end += count
      bytesRead += Int64(count)
      return
    }
  }
}
