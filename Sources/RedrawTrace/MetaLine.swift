/// The `meta` line that starts (or continues) a session.
enum MetaLine {
  /// An upper bound on the bytes of the line.
  static func worstCaseLength(scenario: String?, app: String?, startedAt: String?) -> Int {
    128 + (startedAt?.utf8.count ?? 0) + JSONEscaping.worstCaseLength(scenario ?? "")
      + JSONEscaping.worstCaseLength(app ?? "")
  }

  /// Appends `{"e":"meta","format":"redraw-trace","version":1,…}` and a line end; the caller
  /// reserved ``worstCaseLength(scenario:app:startedAt:)``.
  ///
  /// - Parameter session: The id that lets a later `meta` line continue the session; nil
  ///   for a session written as one block.
  static func write(
    to buffer: inout EventBuffer, scenario: String?, app: String?, startedAt: String?, session: Int64?
  ) {
    buffer.append(#"{"e":"meta","format":"redraw-trace","version":1"#)
    if let app { buffer.append(key: #","app":"#, quoted: app) }
    if let startedAt { buffer.append(key: #","startedAt":"#, quoted: startedAt) }
    if let scenario { buffer.append(key: #","scenario":"#, quoted: scenario) }
    if let session { buffer.append(key: #","session":"#, decimal: session) }
    buffer.append("}\n")
  }
}
