import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A report or export written so that readers see the old content or the new one, never
/// half of it: the bytes go to a temporary file beside the target, renamed over it at
/// ``commit()``.
///
/// A path that names something other than a regular file (`/dev/null`, `/dev/stdout`, a
/// FIFO) is written in place: renaming a file over it would replace the device or pipe.
final class AtomicFile {
  struct Failure: Error {
    let reason: String

    init(code: Int32) { reason = String(cString: strerror(code)) }
  }

  private let path: String
  /// The temporary file, or nil when writing in place.
  private let temporary: String?
  private let descriptor: Int32
  /// The first write's failure, reported at ``commit()``.
  private var failure: Int32?
  /// Whether ``commit()`` or ``abandon()`` closed the file.
  private var closed = false

  /// Opens `path` for writing: a temporary file beside it, or the path itself when it is
  /// not a regular file.
  init(path: String) throws(Failure) {
    self.path = path
    var status = stat()
    let inPlace = stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
    temporary = inPlace ? nil : path + ".redraw-\(getpid()).tmp"
    descriptor =
      if let temporary {
        open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      } else {
        open(path, O_WRONLY | O_CLOEXEC)
      }
    guard descriptor >= 0 else { throw Failure(code: errno) }
  }

  /// Writes `bytes`; after a failure, nothing more is written and ``commit()`` throws.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    failure = FileDescriptor.writeAll(bytes, to: descriptor)
  }

  /// Closes the file and puts it in place.
  func commit() throws(Failure) {
    closed = true
    let closeFailure = close(descriptor) == 0 ? nil : errno
    if let error = failure ?? closeFailure {
      if let temporary { unlink(temporary) }
      throw Failure(code: error)
    }
    if let temporary, rename(temporary, path) != 0 {
      let error = errno
      unlink(temporary)
      throw Failure(code: error)
    }
  }

  /// Closes the file and removes what was written, leaving the target as it was.
  func abandon() {
    guard !closed else { return }
    closed = true
    close(descriptor)
    if let temporary { unlink(temporary) }
  }

  /// A file neither committed nor abandoned is abandoned.
  deinit { abandon() }

  /// Writes `text` to `path` as a whole.
  static func write(_ text: String, to path: String) throws(Failure) {
    try write(Array(text.utf8), to: path)
  }

  /// Writes `bytes` to `path` as a whole.
  static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
    let file = try AtomicFile(path: path)
    bytes.withUnsafeBytes { file.write($0) }
    try file.commit()
  }
}
