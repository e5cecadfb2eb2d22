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
  /// Counts the digits with compares, then writes two digits per division from a
  /// table: timestamps have a dozen digits and are on every event.
  ///
  /// - Complexity: O(number of digits), no allocation.
  @inline(__always)
  mutating func append(decimal value: Int64) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    if magnitude < 10 {
      append(UInt8(truncatingIfNeeded: magnitude) &+ 48)
      return
    }
    var digits = 2
    var bound: UInt64 = 100
    while digits < 20, magnitude >= bound {
      digits += 1
      bound &*= 10
    }
    var index = count + digits
    count = index
    do {
      let pairs = DecimalDigits.pairs.utf8Start
      while magnitude >= 100 {
        let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
        magnitude /= 100
        index -= 2
        base[index] = pairs[pair]
        base[index + 1] = pairs[pair + 1]
      }
      if magnitude >= 10 {
        let pair = Int(truncatingIfNeeded: magnitude) &* 2
        base[index - 2] = pairs[pair]
        base[index - 1] = pairs[pair + 1]
      } else {
        base[index - 1] = UInt8(truncatingIfNeeded: magnitude) &+ 48
      }
    }
  }

  /// Appends a key, such as `,"scenario":`, and `value` as a JSON string literal.
  @inline(__always)
  mutating func append(key: StaticString, quoted value: String) {
    append(key)
    append(quoted: value)
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

/// The ASCII digits of 00 to 99, two bytes each.
enum DecimalDigits {
  /// A literal, so reading it needs no lazy initialization.
  static let pairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
