import RedrawRules
import RedrawSessions

/// The HTML report's pictures, as inline SVG: the what-if bars, the views × properties
/// matrix and the evaluation timelines. Sizes are capped, whatever the trace.
enum HTMLCharts {
  static let matrixViews = 40
  static let matrixProperties = 40
  static let timelineRows = 20

  // MARK: - What-if

  /// Evaluations now, what `@Observable` saves and adds, side by side, and the result.
  static func whatIf(_ change: MigrationPlan.EvaluationChange, title: String = "Migration what-if") -> String {
    let largest = max(change.now, change.after, 1)
    func bar(_ y: Int, _ value: Int, _ label: String, _ color: String, id: String) -> String {
      let width = max(2, 520 * value / largest)
      return "<g id=\"\(id)\"><text x=\"0\" y=\"\(y + 15)\">\(label)</text>"
        + "<rect x=\"170\" y=\"\(y)\" width=\"\(width)\" height=\"20\" rx=\"3\" fill=\"\(color)\"/>"
        + "<text x=\"\(178 + width)\" y=\"\(y + 15)\">\(NumberFormatting.grouped(value))</text></g>"
    }
    return "<section id=\"what-if\" class=\"whatif\"><h2>\(title)</h2>\n"
      + "<svg width=\"760\" height=\"128\" viewBox=\"0 0 760 128\" role=\"img\" "
      + "aria-label=\"Body evaluations now, saved and added by @Observable, and after\">"
      + bar(4, change.now, "Evaluations now", "var(--warning)", id: "bar-now")
      + bar(36, change.saved, "Saved by @Observable", "var(--good)", id: "bar-saved")
      + bar(68, change.added, "Added (missed updates)", "var(--info)", id: "bar-added")
      + bar(100, change.after, "With @Observable", "var(--accent)", id: "bar-after")
      + "</svg></section>\n"
  }

  // MARK: - Matrix

  /// Which view reads which property (blue), and how many of the view's evaluations
  /// writes to each property wasted (red, darker for more).
  static func matrix(_ sessions: [Session]) -> String {
    var evaluations: [String: Int] = [:]
    var reads: [String: Set<String>] = [:]
    var wasted: [String: [String: Int]] = [:]
    var propertyWeight: [String: Int] = [:]
    for session in sessions {
      for node in session.nodes {
        evaluations[node.view, default: 0] += node.evaluations
        reads[node.view, default: []].formUnion(node.readProperties)
        for property in node.readProperties { propertyWeight[property, default: 0] += node.evaluations }
      }
      for entry in session.overBroadByViewAndProperty {
        let property = "\(entry.type).\(entry.property)"
        wasted[entry.view, default: [:]][property, default: 0] += entry.evaluations
        propertyWeight[property, default: 0] += entry.evaluations
      }
    }
    let views = evaluations.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(matrixViews).map(\.key)
    let properties = propertyWeight.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(matrixProperties)
      .map(\.key)
    guard !views.isEmpty, !properties.isEmpty else { return "" }
    let mostWasted = max(1, wasted.values.flatMap(\.values).max() ?? 1)
    // Room for the longest labels (12px text, at most `labelWidth` a character): view names
    // right-aligned at the left, property names rotated by 60° above the columns, which
    // rise by sin 60° and lean right by cos 60° of their length.
    let longestView = Double(views.map { clip($0).count }.max() ?? 0) * labelWidth
    let longestProperty = Double(properties.map { clip($0).count }.max() ?? 0) * labelWidth
    let left = max(60, Int(longestView.rounded(.up)) + 12)
    let top = Int((longestProperty * 0.87).rounded(.up)) + 16
    let size = 18
    let width = left + properties.count * size + Int((longestProperty * 0.5).rounded(.up)) + 20
    let height = top + views.count * size + 10
    var svg =
      "<svg id=\"matrix-svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\" "
      + "aria-label=\"Views by the properties they read\">"
    for (column, property) in properties.enumerated() {
      let x = left + column * size + 11
      svg += "<text transform=\"translate(\(x),\(top - 6)) rotate(-60)\">\(HTML.escaped(clip(property)))</text>"
    }
    for (row, view) in views.enumerated() {
      let y = top + row * size
      svg += "<text x=\"\(left - 6)\" y=\"\(y + 12)\" text-anchor=\"end\">\(HTML.escaped(clip(view)))</text>"
      for (column, property) in properties.enumerated() {
        let x = left + column * size
        let read = reads[view]?.contains(property) ?? false
        let waste = wasted[view]?[property] ?? 0
        guard read || waste > 0 else { continue }
        let title =
          "\(view) \(read ? "reads" : "does not read") \(property)"
          + (waste > 0 ? "; its writes wasted \(waste) evaluation\(waste == 1 ? "" : "s")" : "")
        let fill =
          waste > 0
          ? "var(--error)\" fill-opacity=\"\(format3(0.25 + 0.75 * Double(waste) / Double(mostWasted)))"
          : "var(--accent)\" fill-opacity=\"0.55"
        svg +=
          "<rect class=\"\(waste > 0 ? "wasted" : "read")\" x=\"\(x + 1)\" y=\"\(y + 1)\" width=\"\(size - 2)\" "
          + "height=\"\(size - 2)\" rx=\"2\" fill=\"\(fill)\"><title>\(HTML.escaped(title))</title></rect>"
      }
    }
    svg += "</svg>"
    let note =
      views.count < evaluations.count || properties.count < propertyWeight.count
      ? "<p class=\"muted\">The \(views.count) most evaluated views and the \(properties.count) busiest properties.</p>"
      : ""
    return "<section id=\"matrix\"><h2>Views × properties</h2>\n<p class=\"muted\">Blue: the view reads the "
      + "property. Red: writes to the property re-evaluated the view although it never read it.</p>\n"
      + "<div class=\"scroll\">\(svg)</div>\(note)</section>\n"
  }

  // MARK: - Timeline

  static func timelines(_ sessions: [Session]) -> String {
    var html = ""
    for (index, session) in sessions.enumerated() {
      let nodes = session.nodes.filter { !$0.timeline.isEmpty }.sorted { $0.evaluations > $1.evaluations }
        .prefix(timelineRows)
      guard !nodes.isEmpty else { continue }
      let buckets = 64
      let most = Int(max(1, nodes.flatMap { $0.timeline.map(\.evaluations) }.max() ?? 1))
      let left = 180
      let cell = 10
      let rowHeight = 16
      let width = left + buckets * cell + 10
      let height = nodes.count * rowHeight + 24
      var svg =
        "<svg class=\"timeline\" width=\"\(width)\" height=\"\(height)\" role=\"img\" "
        + "aria-label=\"Evaluations over time\">"
      for (row, node) in nodes.enumerated() {
        let y = row * rowHeight
        svg += "<text x=\"\(left - 6)\" y=\"\(y + 12)\" text-anchor=\"end\">\(HTML.escaped(clip(node.view)))</text>"
        for entry in node.timeline {
          let bucket = Int(entry.index)
          let count = Int(entry.evaluations)
          let wastedCount = Int(entry.wasted)
          let opacity = format3(0.2 + 0.8 * Double(count) / Double(most))
          let color = wastedCount * 2 >= count ? "var(--error)" : "var(--accent)"
          svg +=
            "<rect x=\"\(left + bucket * cell)\" y=\"\(y + 2)\" width=\"\(cell - 1)\" height=\"\(rowHeight - 4)\" "
            + "fill=\"\(color)\" fill-opacity=\"\(opacity)\"><title>\(count) evaluation\(count == 1 ? "" : "s"), \(wastedCount) wasted"
            + "</title></rect>"
        }
      }
      let span = NumberFormatting.duration(session.timelineBucket * Int64(buckets))
      svg += "<text x=\"\(left)\" y=\"\(height - 6)\">0</text>"
      svg += "<text x=\"\(width - 10)\" y=\"\(height - 6)\" text-anchor=\"end\">\(span)</text></svg>"
      let title = session.scenario.map { "Timeline: \(HTML.escaped($0))" } ?? "Timeline"
      html +=
        "<section class=\"timeline-section\" id=\"timeline-\(index)\"><h2>\(title)</h2>\n<p class=\"muted\">"
        + "Evaluations per \(NumberFormatting.duration(session.timelineBucket)) of the most evaluated views; red "
        + "where most were wasted.</p>\n<div class=\"scroll\">\(svg)</div></section>\n"
    }
    return html
  }

  // MARK: - Helpers

  /// A label of at most 60 characters; longer ones keep their start and a "…".
  private static func clip(_ text: String) -> String {
    text.count > 60 ? String(text.prefix(59)) + "…" : text
  }

  /// The widest a character of a 12px matrix label is taken to be, in pixels (sans-serif
  /// averages about 6.5; the margin covers wide letters).
  static let labelWidth = 8.0

  private static func format3(_ value: Double) -> String {
    let thousandths = Int((min(max(value, 0), 1) * 1000).rounded())
    return thousandths == 1000
      ? "1" : "0." + String(repeating: "0", count: 3 - String(thousandths).count) + String(thousandths)
  }
}
