#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing and closing file descriptors: the package's one platform branch for files.
///
/// `write(2)` and `close(2)` have the same signatures in Glibc, Musl and Darwin, but each
/// module must be named where Foundation's methods of the same name are also in scope.
package enum FileDescriptor {
  /// Writes all of `bytes` to `descriptor`, retrying short writes and interruptions.
  ///
  /// - Returns: nil on success, or the `errno` of the failed write (`EIO` for a write
  ///   that wrote nothing).
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    guard var next = bytes.baseAddress else { return nil }
    var left = bytes.count
    while left > 0 {
      let written = systemWrite(descriptor, next, left)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if written == 0 { return EIO }
      next += written
      left -= written
    }
    return nil
  }

  /// Writes all of `text`'s UTF-8 to `descriptor`; see ``writeAll(_:to:)-(UnsafeRawBufferPointer,_)``.
  package static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var copy = text
    return copy.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// Closes `descriptor`, ignoring errors (the descriptor is released either way).
  package static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
      _ = Musl.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }
}
