/// Writes JSON by hand, in the order values are given: stable key order, pretty
/// printed with two spaces, every string escaped.
///
/// ```swift
/// var json = JSONWriter()
/// json.object {
///   json.field("version", 1)
///   json.field("name", "redraw")
/// }
/// ```
public struct JSONWriter {
  /// The document written so far, as UTF-8.
  public private(set) var bytes: [UInt8] = []
  private var depth = 0
  /// Whether the container being written has a value already.
  private var hasValue = [false]
  /// Whether a key was written and its value comes next.
  private var pendingKey = false

  public init() {}

  /// The document written so far.
  public var output: String { String(decoding: bytes, as: UTF8.self) }

  // MARK: - Containers

  /// Writes an object whose fields `body` writes.
  public mutating func object(_ body: (inout JSONWriter) -> Void) {
    open("{")
    body(&self)
    close("}")
  }

  /// Writes an array whose elements `body` writes.
  public mutating func array(_ body: (inout JSONWriter) -> Void) {
    open("[")
    body(&self)
    close("]")
  }

  /// Writes `key` and an object.
  public mutating func object(_ key: String, _ body: (inout JSONWriter) -> Void) {
    self.key(key)
    object(body)
  }

  /// Writes `key` and an array.
  public mutating func array(_ key: String, _ body: (inout JSONWriter) -> Void) {
    self.key(key)
    array(body)
  }

  // MARK: - Fields

  public mutating func field(_ key: String, _ value: String) {
    self.key(key)
    string(value)
  }

  /// Writes the field only when `value` is not nil.
  public mutating func field(_ key: String, _ value: String?) {
    if let value { field(key, value) }
  }

  public mutating func field(_ key: String, _ value: Int) {
    self.key(key)
    number(value)
  }

  public mutating func field(_ key: String, _ value: Int64) {
    self.key(key)
    number(Int(value))
  }

  /// Writes the field only when `value` is not nil.
  public mutating func field(_ key: String, _ value: Int64?) {
    if let value { field(key, value) }
  }

  public mutating func field(_ key: String, _ value: Double) {
    self.key(key)
    element()
    append(value.isFinite ? "\(value)" : "null")
  }

  public mutating func field(_ key: String, _ value: Bool) {
    self.key(key)
    element()
    append(value ? "true" : "false")
  }

  // MARK: - Values

  public mutating func string(_ value: String) {
    element()
    JSONWriter.appendQuoted(value, to: &bytes)
  }

  public mutating func number(_ value: Int) {
    element()
    append(String(value))
  }

  // MARK: - Layout

  /// Writes `key`; the next value written is its value.
  public mutating func key(named key: String) { self.key(key) }

  private mutating func key(_ key: String) {
    element()
    JSONWriter.appendQuoted(key, to: &bytes)
    append(": ")
    pendingKey = true
  }

  /// Starts an element of the current container: a comma, a line break and indentation,
  /// unless it is the value of the key just written.
  private mutating func element() {
    if pendingKey {
      pendingKey = false
      return
    }
    if depth > 0 {
      if hasValue[depth] { bytes.append(UInt8(ascii: ",")) }
      breakLine()
    }
    hasValue[depth] = true
  }

  private mutating func open(_ bracket: String) {
    element()
    append(bracket)
    depth += 1
    hasValue.append(false)
  }

  private mutating func close(_ bracket: String) {
    let empty = !hasValue[depth]
    hasValue.removeLast()
    depth -= 1
    if !empty { breakLine() }
    append(bracket)
  }

  /// A line break and two spaces of indentation a level, from one constant run.
  private mutating func breakLine() {
    let width = 1 + 2 * depth
    guard width <= Self.lineBreak.count else {
      bytes.append(UInt8(ascii: "\n"))
      bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
      return
    }
    Self.lineBreak.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<width])) }
  }

  /// A line break and the indentation of 32 levels.
  private static let lineBreak: [UInt8] = [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 64)

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends `value` as a JSON string literal: quotes, backslashes and control
  /// characters escaped, and U+2028/U+2029, which JavaScript string literals reject.
  ///
  /// - Complexity: O(n); text that needs no escaping is copied in one append.
  public static func appendQuoted(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { appendEscaped($0, to: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends the UTF-8 `bytes` with what JSON and JavaScript need escaped, copying the runs
  /// between escapes whole.
  ///
  /// - Complexity: O(n), one pass over the bytes.
  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    let copiedAsIs = Self.copiedAsIs
    var run = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if copiedAsIs[Int(byte)] {
        index += 1
        continue
      }
      var length = 1
      // nil: another control byte or DEL, written as `\u00XX`.
      let escape: StaticString?
      switch byte {
      case UInt8(ascii: "\""): escape = #"\""#
      case UInt8(ascii: "\\"): escape = #"\\"#
      case UInt8(ascii: "\n"): escape = #"\n"#
      case UInt8(ascii: "\r"): escape = #"\r"#
      case UInt8(ascii: "\t"): escape = #"\t"#
      case 0xE2:
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other sequence is copied.
        guard index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 else {
          index += 1
          continue
        }
        escape = bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
        length = 3
      default:
        escape = nil
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
      if let escape {
        escape.withUTF8Buffer { output.append(contentsOf: $0) }
      } else {
        output.append(contentsOf: #"\u00"#.utf8)
        output.append(hexDigit(byte >> 4))
        output.append(hexDigit(byte & 0x0F))
      }
      index += length
      run = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count]))
  }

  /// Whether a byte is copied as it is: printable ASCII but the quote and the backslash, and
  /// every byte of a multibyte sequence but E2, which U+2028 and U+2029 begin with.
  private static let copiedAsIs: [Bool] = (0...255).map { byte in
    switch byte {
    case 0x22, 0x5C, 0x7F, 0xE2: false
    default: byte >= 0x20
    }
  }

  /// The lowercase hexadecimal digit of `value` (below 16).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
