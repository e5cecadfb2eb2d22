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
/// module must be named where Foundation's methods of the same name are also in scope;
/// `SIGPIPE` is raised and avoided differently (see ``withSIGPIPEBlocked(_:)``).
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

  // MARK: - SIGPIPE

  /// Makes a write to `descriptor` whose reader went away fail with `EPIPE` instead of
  /// raising `SIGPIPE`, where the descriptor itself can say so.
  ///
  /// On Apple platforms `SIGPIPE` for a write to a pipe goes to the process, to any thread
  /// that does not block it, so blocking it on the writing thread is not enough: the
  /// descriptor gets `F_SETNOSIGPIPE` (`<sys/fcntl.h>`; for a socket, `SO_NOSIGPIPE`). The
  /// flag belongs to the open file, so it holds for other users of it (standard error)
  /// too. Elsewhere this does nothing; see ``withSIGPIPEBlocked(_:)``.
  package static func failWritesInsteadOfSIGPIPE(_ descriptor: Int32) {
    #if canImport(Darwin)
      _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
      var on: Int32 = 1
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Runs `body` with `SIGPIPE` blocked on this thread and discards one it raised, so a
  /// pipe whose reader went away fails the write with `EPIPE` instead of killing the app.
  ///
  /// Linux raises `SIGPIPE` on the writing thread, so blocking it there is enough. On
  /// Apple platforms `body` just runs: ``failWritesInsteadOfSIGPIPE(_:)`` does the work
  /// (Darwin has no `sigtimedwait` to discard a pending signal with).
  package static func withSIGPIPEBlocked<R>(_ body: () -> R) -> R {
    #if canImport(Darwin)
      return body()
    #else
      var blocked = sigset_t()
      var previous = sigset_t()
      sigemptyset(&blocked)
      sigaddset(&blocked, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &blocked, &previous)
      defer {
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
          var immediately = timespec()
          _ = sigtimedwait(&blocked, nil, &immediately)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
      }
      return body()
    #endif
  }

  // MARK: - Closing

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
