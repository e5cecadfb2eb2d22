/// A parsed JSON document, for small inputs such as configuration files and baselines.
///
/// Built on the same validating ``JSONScanner`` as the trace reader, so it accepts and
/// rejects exactly what the reader does. Object keys keep their order.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// A syntax error: the byte offset (0-based) and what was expected there.
  public struct SyntaxError: Error, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var expected: String

    public var description: String { "\(line):\(column): \(expected)" }
  }

  /// Parses one JSON document.
  public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
    var copy = text
    let result: Result<JSONValue, SyntaxError> = copy.withUTF8 { bytes in
      do throws(SyntaxError) { return .success(try parse(bytes)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// Parses one JSON document from UTF-8 bytes.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
    var scanner = JSONScanner(bytes)
    do throws(JSONScanner.Failure) {
      let value = try parseValue(&scanner, depth: 0)
      scanner.skipWhitespace()
      guard scanner.isAtEnd else { throw scanner.failure("expected the end of the document") }
      return value
    } catch {
      var line = 1
      var lineStart = 0
      for index in 0..<min(error.offset, bytes.count) where bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      throw SyntaxError(line: line, column: error.offset - lineStart + 1, expected: error.expected)
    }
  }

  private static func parseValue(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) -> JSONValue {
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else { throw scanner.failure("expected a value") }
    guard depth < JSONScanner.maximumDepth else {
      throw scanner.failure("nesting deeper than \(JSONScanner.maximumDepth) levels")
    }
    switch scanner.current {
    case UInt8(ascii: "\""):
      return .string(try scanner.readString { String(decoding: $0, as: UTF8.self) })
    case UInt8(ascii: "{"):
      scanner.position += 1
      var members: [(key: String, value: JSONValue)] = []
      if scanner.closesAtOnce(UInt8(ascii: "}")) { return .object(members) }
      repeat {
        scanner.skipWhitespace()
        guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
          throw scanner.failure("expected a key string")
        }
        let key = try scanner.readString { String(decoding: $0, as: UTF8.self) }
        try scanner.expect(UInt8(ascii: ":"), "expected ':' after a key")
        members.append((key, try parseValue(&scanner, depth: depth + 1)))
      } while try scanner.continues(closedBy: UInt8(ascii: "}"))
      return .object(members)
    case UInt8(ascii: "["):
      scanner.position += 1
      var elements: [JSONValue] = []
      if scanner.closesAtOnce(UInt8(ascii: "]")) { return .array(elements) }
      repeat {
        elements.append(try parseValue(&scanner, depth: depth + 1))
      } while try scanner.continues(closedBy: UInt8(ascii: "]"))
      return .array(elements)
    case UInt8(ascii: "t"):
      try scanner.skipLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try scanner.skipLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try scanner.skipLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = scanner.position
      try scanner.skipNumber()
      let text = String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.position]), as: UTF8.self)
      return .number(Double(text) ?? .nan)
    default:
      throw scanner.failure("expected a value")
    }
  }

  // MARK: - Access

  /// The value of `key` when this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }
}
