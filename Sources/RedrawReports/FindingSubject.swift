import RedrawAnalysis

/// What a finding is about, in words every format shares: each name labelled, so a view and
/// a model side by side cannot be mistaken for each other.
enum FindingSubject {
  /// `view ReadingListView · model ReadingList`, `model Ticker.now`, `view Badge`; empty
  /// when the finding names neither.
  static func labeled(_ finding: Finding) -> String {
    var parts: [String] = []
    if let view = finding.view, !view.isEmpty { parts.append("view \(view)") }
    // A budget finding's `property` is the measure it limits (bodyEvaluations, inits).
    if finding.rule == BudgetCheck.description.id {
      if let type = finding.type, !type.isEmpty { parts.append("model \(type)") }
      if let measure = finding.property, !measure.isEmpty { parts.append("budget \(measure)") }
      return parts.joined(separator: " · ")
    }
    let member = [finding.type, finding.property].compactMap { $0 }.joined(separator: ".")
    if !member.isEmpty { parts.append("model \(member)") }
    return parts.joined(separator: " · ")
  }
}
