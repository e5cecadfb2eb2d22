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
  public private(set) var output = ""
  private var depth = 0
  /// Whether the container being written has a value already.
  private var hasValue = [false]
  /// Whether a key was written and its value comes next.
  private var pendingKey = false

  public init() {}

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
    output += value.isFinite ? "\(value)" : "null"
  }

  public mutating func field(_ key: String, _ value: Bool) {
    self.key(key)
    element()
    output += value ? "true" : "false"
  }

  // MARK: - Values

  public mutating func string(_ value: String) {
    element()
    JSONWriter.appendQuoted(value, to: &output)
  }

  public mutating func number(_ value: Int) {
    element()
    output += String(value)
  }

  // MARK: - Layout

  /// Writes `key`; the next value written is its value.
  public mutating func key(named key: String) { self.key(key) }

  private mutating func key(_ key: String) {
    element()
    JSONWriter.appendQuoted(key, to: &output)
    output += ": "
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
      output += hasValue[depth] ? ",\n" : "\n"
      output += String(repeating: "  ", count: depth)
    }
    hasValue[depth] = true
  }

  private mutating func open(_ bracket: String) {
    element()
    output += bracket
    depth += 1
    hasValue.append(false)
  }

  private mutating func close(_ bracket: String) {
    let empty = !hasValue[depth]
    hasValue.removeLast()
    depth -= 1
    if !empty { output += "\n" + String(repeating: "  ", count: depth) }
    output += bracket
  }

  /// Appends `value` as a JSON string literal: quotes, backslashes and control
  /// characters escaped, and U+2028/U+2029, which JavaScript string literals reject.
  public static func appendQuoted(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{2028}": output += "\\u2028"
      case "\u{2029}": output += "\\u2029"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
