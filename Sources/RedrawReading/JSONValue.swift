/// A parsed JSON document, for small inputs such as configuration files and baselines.
///
/// Built on the same validating ``JSONScanner`` as the trace reader, so it accepts and
/// rejects exactly what the reader does. Object keys keep their order.
package indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// A syntax error: the byte offset (0-based) and what was expected there.
  package struct SyntaxError: Error, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var expected: String

    package var description: String { "\(line):\(column): \(expected)" }
  }

  /// Where each member and element of a document starts, by path: `key`, `key.inner`,
  /// `list[2]`, `list[2].key`; for errors that name the place of a value that parsed
  /// but means nothing to its reader.
  package struct Positions: Sendable {
    /// Path → (line, column), both from 1.
    package fileprivate(set) var byPath: [String: (line: Int, column: Int)] = [:]
    fileprivate var enabled = false

    /// Positions that a parse fills in when `recording`, and leaves empty otherwise.
    package init(recording: Bool = true) {
      enabled = recording
    }

    /// The position of `path`, or of the nearest enclosing path recorded.
    package func position(of path: String) -> (line: Int, column: Int)? {
      var path = Substring(path)
      while !path.isEmpty {
        if let position = byPath[String(path)] { return position }
        guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
        path = path[..<cut]
      }
      return nil
    }
  }

  /// Parses one JSON document.
  package static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
    var positions = Positions(recording: false)
    return try parse(text, positions: &positions)
  }

  /// Parses one JSON document, recording where each member and element starts in
  /// `positions` (made with `recording: true`, the default).
  package static func parse(_ text: String, positions: inout Positions) throws(SyntaxError) -> JSONValue {
    var copy = text
    var recorded = positions
    let result: Result<JSONValue, SyntaxError> = copy.withUTF8 { bytes in
      do throws(SyntaxError) {
        return .success(try parse(bytes, positions: &recorded))
      } catch {
        return .failure(error)
      }
    }
    positions = recorded
    return try result.get()
  }

  /// Parses one JSON document from UTF-8 bytes.
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
    var positions = Positions(recording: false)
    return try parse(bytes, positions: &positions)
  }

  private static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, positions: inout Positions
  ) throws(SyntaxError) -> JSONValue {
    var scanner = JSONScanner(bytes, endOfInput: "the end of the document")
    var offsets: [String: Int]? = positions.enabled ? [:] : nil
    do throws(JSONScanner.Failure) {
      let value = try parseValue(&scanner, depth: 0, path: "", offsets: &offsets)
      scanner.skipWhitespace()
      guard scanner.isAtEnd else { throw scanner.failure("expected the end of the document") }
      positions.byPath = linesAndColumns(of: offsets ?? [:], in: bytes)
      return value
    } catch {
      let (line, column) = linesAndColumns(of: ["": error.offset], in: bytes)[""] ?? (1, 1)
      throw SyntaxError(line: line, column: column, expected: error.expected)
    }
  }

  /// Each offset's line and column, in one pass over the bytes.
  private static func linesAndColumns(
    of offsets: [String: Int], in bytes: UnsafeBufferPointer<UInt8>
  ) -> [String: (line: Int, column: Int)] {
    var result: [String: (line: Int, column: Int)] = [:]
    var (index, line, lineStart) = (0, 1, 0)
    for (path, offset) in offsets.sorted(by: { $0.value < $1.value }) {
      while index < min(offset, bytes.count) {
        if bytes[index] == 0x0A { (line, lineStart) = (line + 1, index + 1) }
        index += 1
      }
      result[path] = (line, offset - lineStart + 1)
    }
    return result
  }

  private static func parseValue(
    _ scanner: inout JSONScanner, depth: Int, path: String, offsets: inout [String: Int]?
  ) throws(JSONScanner.Failure) -> JSONValue {
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
        let start = scanner.position
        let key = try scanner.readString { String(decoding: $0, as: UTF8.self) }
        try scanner.expect(UInt8(ascii: ":"), "expected ':' after a key")
        let inner = offsets == nil ? "" : path.isEmpty ? key : "\(path).\(key)"
        if offsets != nil, offsets?[inner] == nil { offsets?[inner] = start }
        members.append((key, try parseValue(&scanner, depth: depth + 1, path: inner, offsets: &offsets)))
      } while try scanner.continues(closedBy: UInt8(ascii: "}"))
      return .object(members)
    case UInt8(ascii: "["):
      scanner.position += 1
      var elements: [JSONValue] = []
      if scanner.closesAtOnce(UInt8(ascii: "]")) { return .array(elements) }
      repeat {
        let inner = offsets == nil ? "" : "\(path)[\(elements.count)]"
        if offsets != nil {
          scanner.skipWhitespace()
          offsets?[inner] = scanner.position
        }
        elements.append(try parseValue(&scanner, depth: depth + 1, path: inner, offsets: &offsets))
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
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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
