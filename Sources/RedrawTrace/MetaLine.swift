/// The `meta` line that starts (or continues) a session.
enum MetaLine {
  /// What a `meta` line says.
  struct Fields {
    var scenario: String?
    var app: String?
    /// Left out of reproducible recordings.
    var startedAt: String?
    /// The id that lets a later `meta` line continue the session; nil for a session
    /// written as one block.
    var session: Int64?
    /// The SwiftUI build the session reproduces (``SwiftUIBuildField``), when known.
    var swiftUI: SwiftUIBuildField?
  }

  /// An upper bound on the bytes of the line.
  static func worstCaseLength(_ fields: Fields) -> Int {
    160 + (fields.startedAt?.utf8.count ?? 0) + JSONEscaping.worstCaseLength(fields.scenario ?? "")
      + JSONEscaping.worstCaseLength(fields.app ?? "") + (fields.swiftUI?.name.utf8CodeUnitCount ?? 0)
  }

  /// Appends `{"e":"meta","format":"redraw-trace","version":1,…}` and a line end; the caller
  /// reserved ``worstCaseLength(_:)``.
  static func write(_ fields: Fields, to buffer: inout EventBuffer) {
    buffer.append(#"{"e":"meta","format":"redraw-trace","version":1"#)
    if let app = fields.app { buffer.append(key: #","app":"#, quoted: app) }
    if let startedAt = fields.startedAt { buffer.append(key: #","startedAt":"#, quoted: startedAt) }
    if let scenario = fields.scenario { buffer.append(key: #","scenario":"#, quoted: scenario) }
    if let session = fields.session { buffer.append(key: #","session":"#, decimal: session) }
    if let swiftUI = fields.swiftUI {
      buffer.append(#","swiftUI":""#)
      buffer.append(swiftUI.name)
      buffer.append(UInt8(ascii: "\""))
    }
    buffer.append("}\n")
  }
}
