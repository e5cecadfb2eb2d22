/// Escapes UTF-8 text into JSON string literals (RFC 8259).
///
/// Quotes and backslashes are escaped, control characters become `\n`, `\t`, … or
/// `\u00XX`, and everything else, any Unicode included, is copied as UTF-8. Swift
/// strings are always valid Unicode, so the output is always valid JSON.
enum JSONEscaping {
  /// An upper bound on the bytes ``writeQuoted(_:into:)`` writes for `utf8Count` input bytes.
  @inline(__always)
  static func worstCaseLength(utf8Count: Int) -> Int { utf8Count * 6 + 2 }

  /// An upper bound on the bytes ``writeQuoted(_:into:)`` writes for `string`.
  @inline(__always)
  static func worstCaseLength(_ string: String) -> Int {
    worstCaseLength(utf8Count: string.utf8.count)
  }

  /// Writes `"…"` for `utf8` at `destination` and returns the bytes written.
  ///
  /// - Complexity: O(n) in the input length.
  static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    destination.pointee = UInt8(ascii: "\"")
    let length = writeEscaped(utf8, into: destination + 1)
    destination[length + 1] = UInt8(ascii: "\"")
    return length + 2
  }

  /// Writes the escaped text of `utf8`, without quotes, and returns the bytes written
  /// (at most 6 for each input byte).
  ///
  /// - Complexity: O(n) in the input length.
  static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    // Most names need no escaping: copy bytes until one does, eight at a time first.
    guard let source = utf8.baseAddress else { return 0 }
    var plain = 0
    while plain + 8 <= utf8.count {
      let word = UnsafeRawPointer(source + plain).loadUnaligned(as: UInt64.self)
      if needsEscape(word) { break }
      UnsafeMutableRawPointer(destination + plain).storeBytes(of: word, as: UInt64.self)
      plain += 8
    }
    while plain < utf8.count {
      let byte = source[plain]
      if needsEscape(byte) { break }
      destination[plain] = byte
      plain += 1
    }
    if plain == utf8.count { return plain }
    var out = destination + plain
    for byte in utf8[plain...] {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        out[0] = UInt8(ascii: "\\")
        out[1] = byte
        out += 2
      case 0x0A:
        out[0] = UInt8(ascii: "\\")
        out[1] = UInt8(ascii: "n")
        out += 2
      case 0x0D:
        out[0] = UInt8(ascii: "\\")
        out[1] = UInt8(ascii: "r")
        out += 2
      case 0x09:
        out[0] = UInt8(ascii: "\\")
        out[1] = UInt8(ascii: "t")
        out += 2
      case 0x00..<0x20, 0x7F:
        out[0] = UInt8(ascii: "\\")
        out[1] = UInt8(ascii: "u")
        out[2] = UInt8(ascii: "0")
        out[3] = UInt8(ascii: "0")
        out[4] = hexDigit(byte >> 4)
        out[5] = hexDigit(byte & 0xF)
        out += 6
      default:
        out.pointee = byte
        out += 1
      }
    }
    return out - destination
  }

  /// The bytes of `"…"` for `string`, escaped once and reused (for names that recur).
  static func quoted(_ string: String) -> [UInt8] {
    var copy = string
    return copy.withUTF8 { utf8 in
      [UInt8](unsafeUninitializedCapacity: worstCaseLength(utf8Count: utf8.count)) { buffer, count in
        count = writeQuoted(utf8, into: buffer.baseAddress!)
      }
    }
  }

  /// Whether any of the eight bytes of `word` needs escaping: a control byte (its top
  /// three bits clear), a quote, a backslash or DEL.
  @inline(__always)
  static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte is zero where `x` has a zero byte; the borrow of `x - ones` sets its high bit.
    func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
    return hasZeroByte(word & 0xE0E0_E0E0_E0E0_E0E0) || hasZeroByte(word ^ (ones &* 0x22))
      || hasZeroByte(word ^ (ones &* 0x5C)) || hasZeroByte(word ^ (ones &* 0x7F))
  }

  @inline(__always)
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }

  @inline(__always)
  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? nibble &+ 48 : nibble &+ 87
  }
}
