/// Byte tests and digit conversion on eight bytes at once (SIMD within a register).
///
/// Words are loaded little-endian, so the first byte of the input is the lowest byte of
/// the word and "the first match" is the lowest flagged byte.
///
/// The byte tests are inlinable for RedrawReports' JSON escaper (a `package` type's inlinable
/// members are serialized only when the type is `@usableFromInline`): otherwise each word
/// would cost a call. Their constants are spelled out, as a `static let` read from another
/// module is a lazy global's accessor.
@usableFromInline package enum SWAR {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The high bit of every byte of `word` that is zero (exact for the lowest match).
  @inlinable @inline(__always)
  package static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
  }

  /// The high bit of every byte of `word` equal to `byte` (exact for the lowest match).
  @inlinable @inline(__always)
  package static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    zeroBytes(word ^ (0x0101_0101_0101_0101 &* UInt64(byte)))
  }

  /// Flags the bytes that end or spoil a plain string: a quote, a backslash, a control
  /// byte, DEL or a non-ASCII byte. Zero when all eight bytes are plain; otherwise the
  /// lowest flag is the first such byte.
  @inlinable @inline(__always)
  package static func special(_ word: UInt64) -> UInt64 {
    bytesEqual(word, UInt8(ascii: "\"")) | bytesEqual(word, UInt8(ascii: "\\"))
      | zeroBytes(word & 0xE0E0_E0E0_E0E0_E0E0) | (word & 0x8080_8080_8080_8080) | bytesEqual(word, 0x7F)
  }

  /// How many of the word's bytes, from the first, are ASCII digits (0 to 8).
  @inline(__always)
  static func leadingDigits(_ word: UInt64) -> Int {
    // A digit is 0x30 to 0x39: its high nibble is 3 and its low nibble plus 6 stays below 16.
    // Neither test carries from one byte into the next.
    let highNibble = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
    let lowNibble = ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
    return (highNibble | lowNibble).trailingZeroBitCount >> 3
  }

  /// The value of the first `count` bytes of `word`, which are digits (`count` in 1...8).
  ///
  /// The digits are moved to the top of the word, behind zeros, and combined pairwise
  /// in three multiplications: into two-digit, four-digit and eight-digit numbers.
  @inline(__always)
  static func digitsValue(_ word: UInt64, count: Int) -> UInt64 {
    var value = (word & 0x0F0F_0F0F_0F0F_0F0F) << UInt64(8 * (8 - count))
    value = (value &* (10 << 8 + 1)) >> 8 & 0x00FF_00FF_00FF_00FF
    value = (value &* (100 << 16 + 1)) >> 16 & 0x0000_FFFF_0000_FFFF
    value = (value &* (10_000 << 32 + 1)) >> 32 & 0xFFFF_FFFF
    return value
  }
}
