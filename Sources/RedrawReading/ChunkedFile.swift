#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file cut into chunks of equal size, each read on its own with `pread(2)`:
/// what lets parser threads read the file themselves, in any order.
///
/// A line belongs to the chunk it begins in. The lines of chunk `k` are read from the
/// byte before the chunk (a line begins at the chunk's first byte when that byte is a
/// line end) to the end of the last line that begins inside it, which usually lies a
/// little past the chunk. Only the first ``size`` bytes are read.
struct ChunkedFile: Sendable {
  let descriptor: Int32
  /// The file's size when it was opened.
  let size: Int
  /// Bytes per chunk.
  let chunkSize: Int
  /// Lines longer than this are an error, as in ``LineReader``.
  var maximumLineLength = LineReader.maximumLineLength

  /// How many chunks the file has.
  var chunks: Int { (size + chunkSize - 1) / chunkSize }

  /// Bytes read past a chunk at first, where its last line usually ends.
  static let overlap = 4096

  /// The lines that begin in one chunk.
  struct Lines {
    /// The bytes read; the lines are `bytes[range]`, each with its line end.
    var bytes: [UInt8]
    var range: Range<Int>
    /// Whether the lines run to the end of the file: the last may then lack its line end.
    var reachesEnd: Bool
  }

  /// A chunk that could not be read whole: the message for the line it stops at, and
  /// the complete lines before that one.
  struct Failure: Error {
    let message: String
    var linesBefore = Lines(bytes: [], range: 0..<0, reachesEnd: false)
  }

  /// The size of the regular file at `path`; nil for anything else (a pipe, a device, `-`).
  static func regularFileSize(atPath path: String) -> Int? {
    var info = stat()
    guard path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Reads the lines that begin in chunk `index`.
  ///
  /// - Complexity: O(chunk size + the length of the line that crosses its end).
  func lines(ofChunk index: Int) -> Result<Lines, Failure> {
    let start = index * chunkSize
    let end = min(size, start + chunkSize)
    let from = max(0, start - 1)
    var bytes: [UInt8]
    switch read(from..<min(size, end + Self.overlap)) {
    case .success(let read): bytes = read
    case .failure(let failure): return .failure(failure)
    }
    // The first line begins after the first line end at or after the byte before the
    // chunk, when that is inside the chunk.
    var first = 0
    if start > 0 {
      guard let newline = Self.lineEnd(in: bytes, from: 0, before: end - 1 - from) else {
        return .success(Lines(bytes: [], range: 0..<0, reachesEnd: false))
      }
      first = newline + 1
    }
    // The last line ends at the first line end at or after the chunk's last byte.
    var searchFrom = end - 1 - from
    while true {
      if let newline = Self.lineEnd(in: bytes, from: searchFrom, before: bytes.count) {
        return .success(Lines(bytes: bytes, range: first..<newline + 1, reachesEnd: from + newline + 1 >= size))
      }
      let readTo = from + bytes.count
      if readTo >= size { return .success(Lines(bytes: bytes, range: first..<bytes.count, reachesEnd: true)) }
      // The line that crosses the chunk's end begins after the chunk's last line end.
      let lastLine = bytes[first..<min(end - from, bytes.count)].lastIndex(of: 0x0A).map { $0 + 1 } ?? first
      guard bytes.count - lastLine < maximumLineLength else {
        return .failure(
          Failure(
            message: "expected a line end within \(Self.describe(maximumLineLength))",
            linesBefore: Lines(bytes: bytes, range: first..<lastLine, reachesEnd: false)))
      }
      // A long line: read as much again past it.
      switch read(readTo..<min(size, readTo + bytes.count)) {
      case .success(let more) where !more.isEmpty:
        searchFrom = bytes.count
        bytes += more
      case .success:
        // The file is shorter than it was: its end is here.
        return .success(Lines(bytes: bytes, range: first..<bytes.count, reachesEnd: true))
      case .failure(let failure):
        return .failure(failure)
      }
    }
  }

  /// A length in MiB, or in bytes when smaller.
  static func describe(_ length: Int) -> String {
    length >= 1 << 20 && length % (1 << 20) == 0 ? "\(length >> 20) MiB" : "\(length) bytes"
  }

  /// The first line end in `bytes[from..<before]`.
  private static func lineEnd(in bytes: [UInt8], from: Int, before limit: Int) -> Int? {
    let before = min(limit, bytes.count)
    guard from < before else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      memchr(buffer.baseAddress! + from, 0x0A, before - from).map {
        buffer.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
      }
    }
  }

  /// The bytes of `range`, fewer when the file ends sooner.
  private func read(_ range: Range<Int>) -> Result<[UInt8], Failure> {
    var failure: Failure?
    let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
      while initialized < range.count {
        let count = pread(
          descriptor, buffer.baseAddress! + initialized, range.count - initialized,
          off_t(range.lowerBound + initialized))
        if count < 0 {
          if errno == EINTR { continue }
          failure = Failure(message: "cannot read the trace: \(String(cString: strerror(errno)))")
          return
        }
        if count == 0 { return }
        initialized += count
      }
    }
    return failure.map { .failure($0) } ?? .success(bytes)
  }
}
