import RedrawRules

/// Where the reports put a finding, in the words they share: for those CI attaches to code
/// (SARIF, GitHub, JUnit, Xcode), its source location when the trace recorded one and beside
/// it, always, the trace line of its evidence; for those people read (text, HTML), one
/// evidence line.
enum FindingPlace {
  /// `trace.jsonl:14`: the evidence's file and line.
  static func trace(_ finding: Finding) -> String { "\(finding.source):\(finding.evidence.line)" }

  /// The evidence line people read (text and HTML): `trace.jsonl:14 at 1.2 ms · site
  /// Feed.swift:9 · source Views.swift:12 · scenario …`, the source only where it is not the
  /// site (a view's declaration, for one). Unescaped: each report escapes it its own way.
  static func evidence(_ finding: Finding) -> String {
    if finding.rule == UnusedConfigurationCheck.description.id {
      // About the configuration: the entry's line, not a trace's.
      return "\(trace(finding)) · configuration entry"
        + (finding.scenario.map { " · scenario \($0)" } ?? "")
    }
    var evidence = "\(trace(finding)) at \(NumberFormatting.duration(finding.evidence.time))"
    if let site = finding.site { evidence += " · site \(site)" }
    if let location = finding.location, location.shortSite != finding.site {
      evidence += " · source \(location.shortSite)"
    }
    if let scenario = finding.scenario { evidence += " · scenario \(scenario)" }
    return evidence
  }

  /// Said beside a source location that was looked for under the source root and not found
  /// there: the report keeps the path the trace recorded rather than invent one.
  static func notFoundNote(_ finding: Finding) -> String? {
    guard let location = finding.location, location.resolution == .notFound else { return nil }
    return "The site \(location.file):\(location.line), as the trace recorded it, names no single file "
      + "under the source root."
  }

  /// The finding's message, fix and the notes beside them, in one line: `message Fix: fix`,
  /// then the not-found note, then `Trace: trace.jsonl:14.` when the report's location is
  /// the source rather than the trace.
  static func text(_ finding: Finding, locatedInSource: Bool) -> String {
    var text = finding.message + " Fix: " + finding.fix
    if let note = notFoundNote(finding) { text += " " + note }
    if locatedInSource { text += " Trace: \(trace(finding))." }
    return text
  }

  /// Whether `path` is absolute: `/…`, `\\server\…` or `C:\…` (`C:/…`).
  static func isAbsolute(_ path: String) -> Bool {
    let bytes = Array(path.utf8.prefix(3))
    guard let first = bytes.first else { return false }
    if first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") { return true }
    return bytes.count == 3 && bytes[1] == UInt8(ascii: ":")
      && (bytes[2] == UInt8(ascii: "/") || bytes[2] == UInt8(ascii: "\\"))
  }
}
