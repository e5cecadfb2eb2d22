import RedrawSchema

/// Reading a key where it lies, and matching the predicted one; `FastKey+Tables.swift` holds
/// the tables the generator writes.
extension FastKey {
  /// The key whose name is `length` bytes packed little-endian into `word`.
  @inline(__always)
  init?(_ word: UInt64, _ length: Int) {
    guard let key = EventKey(word: word, length: length) else { return nil }
    self.init(rawValue: key.rawValue)  // nil for `binding` and the keys of `meta` events
  }

  // MARK: - Reading a key

  /// Reads the key `"name":` at `p`, whatever it is.
  ///
  /// - Returns: The key and the position after its colon, or nil for a key the fast
  ///   path does not know (all of whose names have at most seven bytes).
  @inline(__always)
  static func read(at start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>)
    -> (FastKey, UnsafePointer<UInt8>)?
  {
    guard start < limit, start.pointee == UInt8(ascii: "\"") else { return nil }
    let p = start + 1
    var word: UInt64 = 0
    var length = 0
    if p + 8 <= limit {
      let loaded = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
      let quotes = SWAR.bytesEqual(loaded, UInt8(ascii: "\""))
      guard quotes != 0 else { return nil }
      length = quotes.trailingZeroBitCount >> 3
      word = length == 0 ? 0 : loaded & (UInt64.max >> UInt64(64 - 8 * length))
    } else {
      // Near the end of the bytes: one at a time.
      while p + length < limit, p[length] != UInt8(ascii: "\"") {
        guard length < 7 else { return nil }
        word |= UInt64(p[length]) << UInt64(8 * length)
        length += 1
      }
    }
    let colon = p + length + 1
    guard colon < limit, colon.pointee == UInt8(ascii: ":"), let key = FastKey(word, length) else { return nil }
    return (key, colon + 1)
  }

  /// Whether `"name":` of this key is at `p`.
  ///
  /// - Complexity: O(1): one masked compare of a word, and one more byte for the two
  ///   keys whose pattern is nine bytes long.
  @inline(__always)
  func matches(at p: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>) -> Bool {
    guard p + 9 <= limit else { return false }
    let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    let length = patternLength
    if length > 8 { return word == pattern && p[8] == UInt8(ascii: ":") }
    return word & (UInt64.max >> UInt64(64 - 8 * length)) == pattern
  }

  /// The same key among all the format's keys: they share raw values and so, in the
  /// order of their cases, their representation (a test checks every key).
  @inline(__always)
  var eventKey: EventKey { unsafeBitCast(self, to: EventKey.self) }

  /// The name, for tests and messages.
  var name: String { "\(self)" }
}
