import RedrawSchema

/// A validating, byte-level JSON scanner over one line (RFC 8259).
///
/// It accepts exactly the JSON grammar: any value for keys the reader does not know
/// (skipped but validated, nesting bounded by ``maximumDepth``), all escapes, surrogate
/// pairs, and well-formed UTF-8 only. Strings without escapes are returned where they
/// lie in the line; escaped ones are decoded into a reused scratch buffer.
///
/// - Complexity: O(n) in the line length; no allocation except when a scratch
///   buffer first grows.
struct JSONScanner {
  /// How deeply arrays and objects may nest inside a skipped value.
  static let maximumDepth = 512

  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  /// Decoded bytes of the last escaped string.
  var scratch: [UInt8] = []
  /// What running out of bytes is called in errors: a trace line, or a whole document.
  let endOfInput: StaticString

  init(_ bytes: UnsafeBufferPointer<UInt8>, endOfInput: StaticString = "the end of the line") {
    self.bytes = bytes
    self.endOfInput = endOfInput
  }

  /// A syntax error at a byte offset of the line.
  struct Failure: Error {
    let offset: Int
    let expected: String
  }

  // MARK: - Structure

  @inline(__always)
  var isAtEnd: Bool { position >= bytes.count }

  @inline(__always)
  var current: UInt8 { bytes[position] }

  @inline(__always)
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// Consumes `byte` after optional whitespace, or fails expecting `description`.
  @inline(__always)
  mutating func expect(_ byte: UInt8, _ description: String) throws(Failure) {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == byte else { throw failure(description) }
    position += 1
  }

  func failure(_ expected: String) -> Failure {
    if position >= bytes.count { return Failure(offset: position, expected: expected + ", found \(endOfInput)") }
    return Failure(offset: position, expected: expected)
  }

  // MARK: - Strings

  /// Reads a string whose opening quote is at `position` and calls `body` with its
  /// decoded UTF-8 bytes.
  @inline(__always)
  mutating func readString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws(Failure) -> R {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a string") }
    position += 1
    let start = position
    // Fast path: printable ASCII up to the closing quote.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return body(UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]))
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
      position += 1
    }
    try decodeSlowly(from: start)
    return scratch.withUnsafeBufferPointer { body($0) }
  }

  /// Skips a string whose opening quote is at `position`, validating it.
  mutating func skipString() throws(Failure) {
    try readString { _ in () }
  }

  /// Decodes the string that started at `start` into `scratch`, handling escapes and
  /// validating UTF-8.
  private mutating func decodeSlowly(from start: Int) throws(Failure) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return
      case UInt8(ascii: "\\"):
        try decodeEscape()
      case 0x00..<0x20:
        throw failure("a control character must be escaped in a string")
      case 0x80...:
        try copyUTF8Sequence()
      default:
        scratch.append(byte)
        position += 1
      }
    }
    throw failure("expected '\"' to close the string")
  }

  private mutating func decodeEscape() throws(Failure) {
    position += 1
    guard position < bytes.count else { throw failure("expected an escape after '\\'") }
    let escaped = bytes[position]
    position += 1
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try readHex4()
      if (0xD800...0xDBFF).contains(scalar) {
        // A high surrogate: a low one must follow to make a pair; a lone one is kept as U+FFFD.
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
          let save = position
          position += 2
          let low = try readHex4()
          if (0xDC00...0xDFFF).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else {
            position = save
            scalar = 0xFFFD
          }
        } else {
          scalar = 0xFFFD
        }
      } else if (0xDC00...0xDFFF).contains(scalar) {
        scalar = 0xFFFD
      }
      appendUTF8(scalar)
    default:
      position -= 1
      throw failure("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after '\\'")
    }
  }

  private mutating func readHex4() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count else { throw failure("expected 4 hexadecimal digits after '\\u'") }
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
      default: throw failure("expected 4 hexadecimal digits after '\\u'")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// Copies one well-formed multi-byte UTF-8 sequence (no overlong forms, no surrogates,
  /// nothing above U+10FFFF).
  private mutating func copyUTF8Sequence() throws(Failure) {
    let lead = bytes[position]
    let length: Int
    var lowest: UInt8 = 0x80
    var highest: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lowest = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      highest = 0x9F
    case 0xF0:
      length = 4
      lowest = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      highest = 0x8F
    default: throw failure("invalid UTF-8 in a string")
    }
    guard position + length <= bytes.count else { throw failure("invalid UTF-8 in a string") }
    let second = bytes[position + 1]
    guard second >= lowest, second <= highest else { throw failure("invalid UTF-8 in a string") }
    for index in 2..<length where bytes[position + index] & 0xC0 != 0x80 {
      throw failure("invalid UTF-8 in a string")
    }
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]))
    position += length
  }

  // MARK: - Numbers

  /// Reads a JSON number that must be an integer in the range of `Int64`.
  mutating func readInteger() throws(Failure) -> Int64 {
    let start = position
    var negative = false
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    guard position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 else {
      position = start
      throw failure("expected an integer")
    }
    var magnitude: UInt64 = 0
    if bytes[position] == 48 {
      position += 1
    } else if let fast = readShortDigits() {
      magnitude = fast
    } else {
      while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
        let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[position] - 48))
        if overflow1 || overflow2 {
          position = start
          throw failure("expected an integer within 64 bits")
        }
        magnitude = sum
        position += 1
      }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e") {
      position = start
      throw failure("expected an integer, not a fraction or exponent")
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else {
        position = start
        throw failure("expected an integer within 64 bits")
      }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else {
      position = start
      throw failure("expected an integer within 64 bits")
    }
    return Int64(magnitude)
  }

  /// Reads up to 18 digits without overflow checks (they cannot overflow); nil, with the
  /// position unchanged, when there are more.
  @inline(__always)
  private mutating func readShortDigits() -> UInt64? {
    var value: UInt64 = 0
    var index = position
    let limit = min(bytes.count, position + 19)
    while index < limit {
      let digit = bytes[index] &- 48
      if digit > 9 { break }
      value = value &* 10 &+ UInt64(digit)
      index += 1
    }
    guard index - position <= 18 else { return nil }
    position = index
    return value
  }

  /// Skips any JSON number, validating its grammar.
  mutating func skipNumber() throws(Failure) {
    if current == UInt8(ascii: "-") { position += 1 }
    guard !isAtEnd, current >= 48, current <= 57 else { throw failure("expected a digit") }
    if current == 48 {
      position += 1
    } else {
      skipDigits()
    }
    if !isAtEnd, current == UInt8(ascii: ".") {
      position += 1
      guard !isAtEnd, current >= 48, current <= 57 else { throw failure("expected a digit after '.'") }
      skipDigits()
    }
    if !isAtEnd, current | 0x20 == UInt8(ascii: "e") {
      position += 1
      if !isAtEnd, current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard !isAtEnd, current >= 48, current <= 57 else { throw failure("expected a digit in the exponent") }
      skipDigits()
    }
  }

  private mutating func skipDigits() {
    while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
  }

  // MARK: - Containers

  /// Just after an opening bracket: skips white space, and `closing` when the container
  /// is empty. Returns whether it was.
  mutating func closesAtOnce(_ closing: UInt8) -> Bool {
    skipWhitespace()
    guard !isAtEnd, current == closing else { return false }
    position += 1
    return true
  }

  /// After an element of an object or array: skips white space, then a `,` (another
  /// element follows: true) or `closing` (the container ends: false).
  mutating func continues(closedBy closing: UInt8) throws(Failure) -> Bool {
    skipWhitespace()
    if !isAtEnd, current == UInt8(ascii: ",") {
      position += 1
      return true
    }
    guard !isAtEnd, current == closing else {
      throw failure("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
    }
    position += 1
    return false
  }

  // MARK: - Any value

  /// Skips any JSON value, validating it.
  mutating func skipValue(depth: Int = 0) throws(Failure) {
    skipWhitespace()
    guard !isAtEnd else { throw failure("expected a value") }
    switch current {
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "{"):
      guard depth < Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
      position += 1
      if closesAtOnce(UInt8(ascii: "}")) { return }
      repeat {
        skipWhitespace()
        guard !isAtEnd, current == UInt8(ascii: "\"") else { throw failure("expected a key string") }
        try skipString()
        try expect(UInt8(ascii: ":"), "expected ':' after a key")
        try skipValue(depth: depth + 1)
      } while try continues(closedBy: UInt8(ascii: "}"))
    case UInt8(ascii: "["):
      guard depth < Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
      position += 1
      if closesAtOnce(UInt8(ascii: "]")) { return }
      repeat {
        try skipValue(depth: depth + 1)
      } while try continues(closedBy: UInt8(ascii: "]"))
    case UInt8(ascii: "t"): try skipLiteral("true")
    case UInt8(ascii: "f"): try skipLiteral("false")
    case UInt8(ascii: "n"): try skipLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
    default: throw failure("expected a value")
    }
  }

  /// Skips `literal`, or fails.
  mutating func skipLiteral(_ literal: StaticString) throws(Failure) {
    let length = literal.utf8CodeUnitCount
    guard position + length <= bytes.count,
      matches(UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]), literal)
    else { throw failure("expected a value") }
    position += length
  }
}
