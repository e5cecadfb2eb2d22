import RedrawRules
import RedrawSchema
import RedrawSessions

/// The `redraw stats` text: the quick look at traces before a full analysis.
///
/// A pure function of what was read, like every renderer.
package enum StatsReport {
  /// The report: files, sessions (the first 20), events by kind, skipped lines, threads,
  /// time span, and the ten largest views and types.
  package static func render(_ files: [FileReading]) -> String {
    let sessions = files.flatMap(\.sessions)
    var out = ""
    func row(_ label: String, _ value: String) {
      out += label + String(repeating: " ", count: max(1, 20 - label.count)) + value + "\n"
    }
    row("Files", "\(files.count), \(grouped(Int(files.reduce(0) { $0 + $1.bytes }))) bytes")
    row("Sessions", "\(sessions.count)")
    for session in sessions.prefix(20) {
      out += "  \(session.source):\(session.line)  \(session.scenario.map { "\"\($0)\"" } ?? "(no scenario)")"
      out += "  \(grouped(session.eventCount)) events, \(session.threads) thread\(session.threads == 1 ? "" : "s"), "
      out += "\(NumberFormatting.duration(session.duration))\n"
    }
    if sessions.count > 20 { out += "  … and \(sessions.count - 20) more\n" }
    row("Events", grouped(sessions.reduce(0) { $0 + $1.eventCount }))
    for kind in EventKind.allCases {
      let count = sessions.reduce(0) { $0 + $1.count(of: kind) }
      if count > 0 {
        out += "  \(kind)" + String(repeating: " ", count: max(1, 10 - "\(kind)".count)) + grouped(count) + "\n"
      }
    }
    let skipped = files.reduce(0) { $0 + $1.skippedLines }
    if skipped > 0 { row("Skipped lines", grouped(skipped)) }
    row("Threads", "\(sessions.map(\.threads).max() ?? 0) in the busiest session")
    row("Time span", NumberFormatting.duration(sessions.map(\.duration).max() ?? 0) + " in the longest session")
    var views: [String: Int] = [:]
    for node in sessions.flatMap(\.nodes) { views[node.view, default: 0] += node.evaluations }
    out += "Largest views (body evaluations)\n"
    for (view, count) in views.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(10) {
      out += "  \(grouped(count).leftPadded(10))  \(TerminalText.sanitized(view))\n"
    }
    var types: [String: Int] = [:]
    for property in sessions.flatMap(\.properties) {
      types[property.type, default: 0] += property.reads + property.writes
    }
    out += "Largest types (reads and writes)\n"
    for (type, count) in types.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(10) {
      out += "  \(grouped(count).leftPadded(10))  \(TerminalText.sanitized(type))\n"
    }
    return out
  }

  private static func grouped(_ value: Int) -> String { NumberFormatting.grouped(value) }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
