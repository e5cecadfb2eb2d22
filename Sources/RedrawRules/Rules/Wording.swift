import RedrawSchema
import RedrawSessions

/// Small helpers for rule messages.
enum Wording {
  /// `1 time`, `3 times`.
  static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
    var text = MessageText(capacity: 16)
    text.add(count: value, noun, plural: plural)
    return text.text
  }

  /// `a, b and c`; `nothing` for no items.
  static func list(_ items: [String]) -> String {
    var text = MessageText(capacity: 64)
    text.add(list: items)
    return text.text
  }

  /// ` at File.swift:12` (whatever path the trace recorded) or nothing.
  static func at(_ site: String?) -> String { site.map { " at \(CodeLocation.shortSite($0))" } ?? "" }

  /// `2 network and 1 observer` for effect counts.
  static func effects(_ effects: [EffectKind: Int]) -> String {
    list(effects.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.name)" })
  }

  /// Nanoseconds as `1.2 ms` or `340 µs`.
  static func duration(_ nanoseconds: Int64) -> String {
    if nanoseconds >= 1_000_000 { return "\(Double(nanoseconds / 100_000) / 10) ms" }
    if nanoseconds >= 1_000 { return "\(nanoseconds / 1_000) µs" }
    return "\(nanoseconds) ns"
  }
}

/// A message spelled by appending to UTF-8 bytes: for a rule with thousands of findings,
/// where `String`'s own appends (about 300 instructions each) were most of a message's cost.
struct MessageText {
  private var bytes: [UInt8] = []

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// `1 time`, `3 times`: ``Wording/count(_:_:plural:)``'s spelling.
  mutating func add(count value: Int, _ noun: String, plural: String? = nil) {
    add(String(value))
    add(" ")
    if value == 1 {
      add(noun)
    } else if let plural {
      add(plural)
    } else {
      add(noun)
      add("s")
    }
  }

  /// `a, b and c`, or `nothing`: ``Wording/list(_:)``'s spelling.
  mutating func add(list items: [String]) {
    guard let last = items.last else { return add("nothing") }
    for index in items.indices.dropLast() {
      add(items[index])
      if index < items.count - 2 { add(", ") }
    }
    if items.count > 1 { add(" and ") }
    add(last)
  }

  var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A tiny builder for example traces in rule descriptions.
enum ExampleTrace {
  static let meta = #"{"e":"meta","format":"redraw-trace","version":1,"scenario":"example"}"#

  static func lines(_ lines: String...) -> String {
    ([meta] + lines).joined(separator: "\n") + "\n"
  }
}
