import RedrawRules

/// What a finding is about, in words every format shares: each name labelled, so a view and
/// a model side by side cannot be mistaken for each other.
enum FindingSubject {
  /// `view ReadingListView · model ReadingList`, `model Ticker.now`, `view Badge`; empty
  /// when the finding names neither.
  static func labeled(_ finding: Finding) -> String {
    var parts: [String] = []
    if let view = finding.view, !view.isEmpty { parts.append("view \(view)") }
    let member = [finding.type, finding.property].compactMap { $0 }.joined(separator: ".")
    if !member.isEmpty { parts.append("model \(member)") }
    if let metric = finding.metric { parts.append("budget \(metric.rawValue)") }
    return parts.joined(separator: " · ")
  }
}
