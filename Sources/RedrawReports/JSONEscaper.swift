import RedrawReading

/// Writes UTF-8 text as a JSON string literal: quotes, backslashes and control characters
/// escaped, and U+2028 and U+2029, which JavaScript string literals reject, so a report can
/// be embedded in a page's script.
enum JSONEscaper {
  /// The most bytes ``writeQuoted(_:into:)`` writes for `count` bytes of text: two quotes,
  /// six bytes a byte (`\u00XX`), and the eight a word's store may write past its end.
  @inline(__always)
  static func worstCase(_ count: Int) -> Int { count * 6 + 2 + 8 }

  /// Writes `"…"` for `text` at `out`, which has ``worstCase(_:)`` bytes of room; returns
  /// the bytes written.
  ///
  /// - Complexity: O(n); printable ASCII is copied eight bytes at a time.
  static func writeQuoted(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
    out[0] = UInt8(ascii: "\"")
    var written = 1
    guard let base = text.baseAddress else {
      out[1] = UInt8(ascii: "\"")
      return 2
    }
    let count = text.count
    var index = 0
    while index < count {
      // A word is stored whole, then the output moves past its plain bytes only: those
      // after the first special byte are written again below.
      while index &+ 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(out + written).storeBytes(of: word, as: UInt64.self)
        let special = SWAR.special(word)
        if special != 0 {
          let plain = special.trailingZeroBitCount >> 3
          index &+= plain
          written &+= plain
          break
        }
        index &+= 8
        written &+= 8
      }
      guard index < count else { break }
      let byte = base[index]
      if isCopiedAsIs(byte) {
        out[written] = byte
        written &+= 1
        index &+= 1
        continue
      }
      written &+= writeEscape(of: byte, at: index, in: text, into: out + written)
      index &+= byte == 0xE2 && isLineOrParagraphSeparator(at: index, in: text) ? 3 : 1
    }
    out[written] = UInt8(ascii: "\"")
    return written + 1
  }

  /// Writes what stands for the byte at `index` (one ``isCopiedAsIs(_:)`` rejects); returns the
  /// bytes written.
  private static func writeEscape(
    of byte: UInt8, at index: Int, in text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let escape: StaticString
    switch byte {
    case UInt8(ascii: "\""): escape = #"\""#
    case UInt8(ascii: "\\"): escape = #"\\"#
    case UInt8(ascii: "\n"): escape = #"\n"#
    case UInt8(ascii: "\r"): escape = #"\r"#
    case UInt8(ascii: "\t"): escape = #"\t"#
    case 0xE2:
      guard isLineOrParagraphSeparator(at: index, in: text) else {
        out[0] = byte  // another character beginning with E2, such as … or —
        return 1
      }
      escape = text[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
    default:
      // Another control byte, or DEL.
      let prefix: StaticString = #"\u00"#
      out.update(from: prefix.utf8Start, count: 4)
      out[4] = hexDigit(byte >> 4)
      out[5] = hexDigit(byte & 0x0F)
      return 6
    }
    out.update(from: escape.utf8Start, count: escape.utf8CodeUnitCount)
    return escape.utf8CodeUnitCount
  }

  /// Whether the E2 at `index` begins U+2028 or U+2029 (E2 80 A8, E2 80 A9).
  @inline(__always)
  private static func isLineOrParagraphSeparator(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    index + 2 < text.count && text[index + 1] == 0x80 && text[index + 2] & 0xFE == 0xA8
  }

  /// Whether a byte is copied as it is: printable ASCII but the quote and the backslash, and
  /// every byte of a multibyte sequence but E2, which U+2028 and U+2029 begin with.
  @inline(__always)
  private static func isCopiedAsIs(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2
  }

  /// The lowercase hexadecimal digit of `value` (below 16).
  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
