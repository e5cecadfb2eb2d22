/// Small helpers for rule messages.
enum Wording {
  /// `1 time`, `3 times`.
  static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
    "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
  }

  /// `a, b and c`.
  static func list(_ items: [String]) -> String {
    switch items.count {
    case 0: return "nothing"
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
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

/// A tiny builder for example traces in rule descriptions.
enum ExampleTrace {
  static let meta = #"{"e":"meta","format":"redraw-trace","version":1,"scenario":"example"}"#

  static func lines(_ lines: String...) -> String {
    ([meta] + lines).joined(separator: "\n") + "\n"
  }
}
