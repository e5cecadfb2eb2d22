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
      bytes.append(UInt8(ascii: "\n"))
      bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
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
    if !empty {
      bytes.append(UInt8(ascii: "\n"))
      bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
    append(bracket)
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends `value` as a JSON string literal: quotes, backslashes and control
  /// characters escaped, and U+2028/U+2029, which JavaScript string literals reject.
  ///
  /// - Complexity: O(n); text that needs no escaping is copied in one append.
  public static func appendQuoted(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let copied: Bool? = value.utf8.withContiguousStorageIfAvailable { utf8 in
      for byte in utf8
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2 {
        return false
      }
      output.append(contentsOf: utf8)
      return true
    }
    if copied != true {
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": output.append(contentsOf: #"\""#.utf8)
        case "\\": output.append(contentsOf: #"\\"#.utf8)
        case "\n": output.append(contentsOf: #"\n"#.utf8)
        case "\r": output.append(contentsOf: #"\r"#.utf8)
        case "\t": output.append(contentsOf: #"\t"#.utf8)
        case "\u{2028}": output.append(contentsOf: #"\u2028"#.utf8)
        case "\u{2029}": output.append(contentsOf: #"\u2029"#.utf8)
        default:
          if scalar.value < 0x20 || scalar.value == 0x7F {
            let hex = String(scalar.value, radix: 16)
            output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
          } else {
            output.append(contentsOf: String(scalar).utf8)
          }
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
