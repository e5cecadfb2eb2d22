#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Up to eight bytes packed little-endian into a word, for switching on short names.
@inlinable @inline(__always)
package func packedWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var word: UInt64 = 0
  for index in 0..<min(bytes.count, 8) { word |= UInt64(bytes[index]) << UInt64(8 * index) }
  return word
}

/// Whether `bytes` spell `text` exactly.
///
/// - Complexity: O(n); a `memcmp` of the literal's bytes, no `String`.
@inlinable @inline(__always)
package func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
  guard bytes.count == text.utf8CodeUnitCount else { return false }
  guard let start = bytes.baseAddress, bytes.count > 0 else { return true }
  return memcmp(start, text.utf8Start, bytes.count) == 0
}
