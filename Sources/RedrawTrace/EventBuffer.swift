import CRedrawPlatform
import RedrawPlatform

/// A fixed-capacity byte buffer that trace lines are formatted into by hand.
///
/// The recorder owns a small pool of these and hands a full one to its writer
/// queue, which is why the buffer is a plain value with manual deallocation:
/// exactly one owner at a time. Formatting never allocates: callers check
/// ``remaining`` against an upper bound for the line and then append bytes
/// without bounds checks on the hot path.
struct EventBuffer: @unchecked Sendable {
  /// The start of the allocation.
  let base: UnsafeMutablePointer<UInt8>
  /// How many bytes the allocation holds.
  let capacity: Int
  /// How many bytes are written.
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  /// Frees the allocation; the buffer must not be used afterwards.
  func deallocate() { base.deallocate() }

  /// The bytes not yet written.
  var remaining: Int { capacity - count }

  /// The written bytes, valid until the next mutation.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Forgets the written bytes.
  mutating func reset() { count = 0 }

  /// Takes `length` as the bytes written: C wrote them at ``base``.
  mutating func setCount(_ length: Int) { count = min(max(0, length), capacity) }

  /// Forgets the bytes from `length` on.
  mutating func truncate(to length: Int) { count = min(count, max(0, length)) }

  // MARK: - Appending

  /// Appends one byte; the caller has reserved room.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  /// Appends bytes already in their final, escaped form.
  @inline(__always)
  mutating func append(raw: UnsafeBufferPointer<UInt8>) {
    guard let source = raw.baseAddress, raw.count > 0 else { return }
    (base + count).update(from: source, count: raw.count)
    count += raw.count
  }

  /// Appends an ASCII literal such as `,"obj":`.
  @inline(__always)
  mutating func append(_ literal: StaticString) {
    append(raw: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Appends an integer in decimal.
  ///
  /// Timestamps have ten to a dozen digits and are on every event, so the work is kept
  /// off long dependency chains: the digits are counted from the bit length and one
  /// compare, and the number is cut into groups of eight digits whose four pairs come
  /// from a table through independent divisions.
  ///
  /// - Complexity: O(number of digits), no allocation.
  @inline(__always)
  mutating func append(decimal value: Int64) {
    if value < 0 { append(UInt8(ascii: "-")) }
    count += DecimalDigits.write(value.magnitude, at: base + count)
  }

  /// Appends a key, such as `,"scenario":`, and `value` as a JSON string literal.
  @inline(__always)
  mutating func append(key: StaticString, quoted value: String) {
    append(key)
    append(quoted: value)
  }

  /// Appends a key and UTF-8 bytes as a JSON string literal; reserve
  /// ``JSONEscaping/worstCaseLength(utf8Count:)`` bytes for them first.
  @inline(__always)
  mutating func append(key: StaticString, quoted utf8: UnsafeBufferPointer<UInt8>) {
    append(key)
    count += JSONEscaping.writeQuoted(utf8, into: base + count)
  }

  /// Appends a key, such as `,"id":`, and `value` in decimal.
  @inline(__always)
  mutating func append(key: StaticString, decimal value: Int64) {
    append(key)
    append(decimal: value)
  }

  /// Appends UTF-8 bytes escaped for the inside of a JSON string literal.
  ///
  /// Reserve six bytes for each input byte first.
  mutating func append(escaped utf8: UnsafeBufferPointer<UInt8>) {
    count += JSONEscaping.writeEscaped(utf8, into: base + count)
  }

  /// Appends a string as a JSON string literal, quotes included.
  ///
  /// Reserve ``JSONEscaping/worstCaseLength(_:)`` bytes for it first.
  mutating func append(quoted string: String) {
    let written = string.utf8.withContiguousStorageIfAvailable { utf8 in
      JSONEscaping.writeQuoted(utf8, into: base + count)
    }
    if let written {
      count += written
    } else {
      var copy = string
      copy.withUTF8 { utf8 in count += JSONEscaping.writeQuoted(utf8, into: base + count) }
    }
  }
}

/// Decimal digits for ``EventBuffer/append(decimal:)``.
enum DecimalDigits {
  /// The ASCII digits of 00 to 99, two bytes each: a literal, so reading it needs no lazy
  /// initialization.
  static let pairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  /// How many decimal digits `value` has (1 for 0).
  ///
  /// The bit length gives the count or one less (`bits × 1233 / 4096` is ⌊log₁₀ 2^bits⌋),
  /// and one compare with a power of ten tells which.
  @inline(__always)
  static func count(_ value: UInt64) -> Int {
    // With the low bit set, 0 counts as 1 and nothing else changes: the powers above 1 are even.
    let odd = value | 1
    let bits = UInt64.bitWidth - odd.leadingZeroBitCount
    let lower = (bits &* 1233) >> 12
    return lower &+ (odd >= RedrawPlatform.powerOfTen(lower) ? 1 : 0)
  }

  /// Writes `value` in decimal at `destination`; returns the digits written (at most 20).
  ///
  /// - Complexity: O(number of digits), no allocation.
  @inline(__always)
  static func write(_ value: UInt64, at destination: UnsafeMutablePointer<UInt8>) -> Int {
    if value < 10 {
      destination[0] = UInt8(truncatingIfNeeded: value) &+ 48
      return 1
    }
    let digits = count(value)
    var magnitude = value
    var end = digits
    while magnitude >= 100_000_000 {
      let group = UInt32(truncatingIfNeeded: magnitude % 100_000_000)
      magnitude /= 100_000_000
      end -= 8
      writeEight(group, at: destination + end)
    }
    // At most eight digits are left, written from the right.
    var rest = UInt32(truncatingIfNeeded: magnitude)
    while rest >= 100 {
      end -= 2
      writePair(rest % 100, at: destination + end)
      rest /= 100
    }
    if rest >= 10 {
      writePair(rest, at: destination + end - 2)
    } else {
      destination[end - 1] = UInt8(truncatingIfNeeded: rest) &+ 48
    }
    return digits
  }

  /// Writes the two digits of `pair` (below 100) at `destination`.
  @inline(__always)
  static func writePair(_ pair: UInt32, at destination: UnsafeMutablePointer<UInt8>) {
    let source = pairs.utf8Start + Int(pair) &* 2
    destination[0] = source[0]
    destination[1] = source[1]
  }

  /// Writes `group` (below 10⁸) as exactly eight digits at `destination`. Its halves and
  /// their pairs are divided independently, so the divisions overlap.
  @inline(__always)
  static func writeEight(_ group: UInt32, at destination: UnsafeMutablePointer<UInt8>) {
    let high = group / 10_000
    let low = group % 10_000
    writePair(high / 100, at: destination)
    writePair(high % 100, at: destination + 2)
    writePair(low / 100, at: destination + 4)
    writePair(low % 100, at: destination + 6)
  }
}
