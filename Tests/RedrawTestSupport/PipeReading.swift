import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileHandle {
  /// Everything up to the end of the file, read with `read(2)` and read again when a signal
  /// interrupts it (`EINTR`).
  ///
  /// Foundation's `readDataToEndOfFile()` stops the process on `EINTR` on Linux (a `try!`
  /// inside it), which a test run that starts and ends child processes meets now and then.
  public func readAll() -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { readBytes(fileDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        data.append(contentsOf: buffer[..<count])
      } else if count == 0 || errno != EINTR {
        return data
      }
    }
  }
}

/// `read(2)`, outside `FileHandle`, whose own `read` methods would shadow it.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
