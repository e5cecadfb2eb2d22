import RedrawSessions

/// Two runs of the same scenario compared: before and after a change.
///
/// Views are matched by type name and types by name, summed over all sessions of each
/// side; findings are matched by rule, view, type and property, not their site nor the
/// scenario: between two revisions lines move, views move to other files (a migration's two
/// sides are often two namespaces in two files) and scenarios are renamed, and none of that
/// makes a finding new. The site's file only breaks ties: among findings of one key, each
/// pairs first with one of its own file. Matching counts: a second finding of one key on the
/// after side, where the before side had one, is new.
public struct Comparison: Sendable {
  /// Before and after of one count.
  public struct Change: Sendable, Equatable {
    /// The count on the before side.
    public var before: Int
    /// The count on the after side.
    public var after: Int

    /// A count that went from `before` to `after`.
    public init(before: Int, after: Int) {
      self.before = before
      self.after = after
    }

    /// How much the count grew: negative when it fell.
    public var delta: Int { after - before }

    /// The change as a share of `before`; nil when `before` is 0.
    public var relative: Double? { before == 0 ? nil : Double(delta) / Double(before) }
  }

  /// One view's evaluations.
  public struct ViewChange: Sendable {
    /// The view type's name.
    public var view: String
    /// Its body evaluations, summed over the sessions of each side.
    public var evaluations: Change
    /// Of those, evaluations caused by writes to properties it never read.
    public var overBroad: Change
    /// Findings about the view.
    public var findings: Change
  }

  /// One type's initializer runs, the evaluations its writes caused, and its findings.
  public struct TypeChange: Sendable {
    /// The type's name.
    public var type: String
    /// Its initializer runs.
    public var inits: Change
    /// Evaluations caused by writes to its properties, needed or over-broad.
    public var causedEvaluations: Change
    /// Findings about the type.
    public var findings: Change
  }

  /// Body evaluations, over all sessions.
  public var bodyEvaluations: Change
  /// Evaluations caused by writes to properties the view never read.
  public var overBroadEvaluations: Change
  /// The migration what-if: evaluations with property-level tracking.
  public var evaluationsWithPropertyTracking: Change
  /// Each view of either side, the largest change in evaluations first.
  public var views: [ViewChange]
  /// Each type of either side, the largest change in initializer runs and caused evaluations first.
  public var types: [TypeChange]
  /// Findings only the after side has.
  public var newFindings: [Finding]
  /// Findings only the before side has, of a rule, view, type and property the after side
  /// reports nothing of.
  public var fixedFindings: [Finding]
  /// Findings only the before side has, of a rule, view, type and property the after side
  /// still reports (fewer times: rows that made fewer models, say): not fixed.
  public var fewerFindings: [Finding]

  /// Compares the `after` run with the `before` run.
  public init(before: Analysis, after: Analysis) {
    let old = before.summary
    let new = after.summary
    bodyEvaluations = Change(before: old.bodyEvaluations, after: new.bodyEvaluations)
    overBroadEvaluations = Change(before: old.overBroadEvaluations, after: new.overBroadEvaluations)
    evaluationsWithPropertyTracking = Change(
      before: old.evaluationsWithPropertyTracking, after: new.evaluationsWithPropertyTracking)

    func viewTotals(_ analysis: Analysis) -> [String: (evaluations: Int, overBroad: Int, findings: Int)] {
      var totals: [String: (evaluations: Int, overBroad: Int, findings: Int)] = [:]
      for node in analysis.sessions.flatMap(\.nodes) {
        totals[node.view, default: (0, 0, 0)].evaluations += node.evaluations
        totals[node.view, default: (0, 0, 0)].overBroad += node.overBroad
      }
      for finding in analysis.findings { if let view = finding.view { totals[view, default: (0, 0, 0)].findings += 1 } }
      return totals
    }
    let viewsBefore = viewTotals(before)
    let viewsAfter = viewTotals(after)
    views = Set(viewsBefore.keys).union(viewsAfter.keys).map { view in
      let old = viewsBefore[view] ?? (0, 0, 0)
      let new = viewsAfter[view] ?? (0, 0, 0)
      return ViewChange(
        view: view, evaluations: Change(before: old.evaluations, after: new.evaluations),
        overBroad: Change(before: old.overBroad, after: new.overBroad),
        findings: Change(before: old.findings, after: new.findings))
    }.sorted { (abs($0.evaluations.delta), $1.view) > (abs($1.evaluations.delta), $0.view) }

    func typeTotals(_ analysis: Analysis) -> [String: (inits: Int, caused: Int, findings: Int)] {
      var totals: [String: (inits: Int, caused: Int, findings: Int)] = [:]
      for session in analysis.sessions {
        for group in session.initGroups { totals[group.type, default: (0, 0, 0)].inits += group.runs }
        for property in session.properties {
          totals[property.type, default: (0, 0, 0)].caused += property.neededEvaluations + property.overBroadEvaluations
        }
      }
      for finding in analysis.findings { if let type = finding.type { totals[type, default: (0, 0, 0)].findings += 1 } }
      return totals
    }
    let typesBefore = typeTotals(before)
    let typesAfter = typeTotals(after)
    types = Set(typesBefore.keys).union(typesAfter.keys).map { type in
      let old = typesBefore[type] ?? (0, 0, 0)
      let new = typesAfter[type] ?? (0, 0, 0)
      return TypeChange(
        type: type, inits: Change(before: old.inits, after: new.inits),
        causedEvaluations: Change(before: old.caused, after: new.caused),
        findings: Change(before: old.findings, after: new.findings))
    }.sorted {
      (abs($0.causedEvaluations.delta) + abs($0.inits.delta), $1.type) > (
        abs($1.causedEvaluations.delta) + abs($1.inits.delta), $0.type
      )
    }

    newFindings = Self.unmatched(after.findings, in: before.findings)
    let gone = Self.unmatched(before.findings, in: after.findings)
    let remaining = Set(after.findings.map(Self.key))
    fixedFindings = gone.filter { !remaining.contains(Self.key($0)) }
    fewerFindings = gone.filter { remaining.contains(Self.key($0)) }
  }

  /// The key findings are matched by: what a finding is about, wherever it is.
  static func key(_ finding: Finding) -> String {
    [finding.rule, finding.view ?? "", finding.type ?? "", finding.propertyOrMetric ?? ""].joined(separator: "|")
  }

  /// The file of a finding's site, which breaks ties between findings of one key.
  static func file(_ finding: Finding) -> String {
    finding.site.map { site in site.lastIndex(of: ":").map { String(site[..<$0]) } ?? site } ?? ""
  }

  /// The findings of `side` that `other` has no match for, one match each.
  package static func unmatched(_ side: [Finding], in other: [Finding]) -> [Finding] {
    pairs(side, with: other).filter { $0.other == nil }.map(\.finding)
  }

  /// Each finding of `side` with the finding of `other` it matches, or nil: one of its key,
  /// first one of its own file, else the first of its key left; each used once.
  ///
  /// - Complexity: O(n + m) for findings of distinct keys.
  package static func pairs(_ side: [Finding], with other: [Finding]) -> [(finding: Finding, other: Finding?)] {
    var available: [String: [Int]] = [:]
    for (index, finding) in other.enumerated() { available[key(finding), default: []].append(index) }
    var matches = [Int?](repeating: nil, count: side.count)
    // Two passes: a finding at its own file takes its match before another of its key can.
    for sameFile in [true, false] {
      for (position, finding) in side.enumerated() where matches[position] == nil {
        let key = key(finding)
        guard let candidates = available[key], !candidates.isEmpty else { continue }
        let file = file(finding)
        guard let slot = candidates.firstIndex(where: { !sameFile || Self.file(other[$0]) == file }) else { continue }
        matches[position] = candidates[slot]
        available[key]!.remove(at: slot)
      }
    }
    return zip(side, matches).map { ($0, $1.map { other[$0] }) }
  }

  /// Whether the after side regressed: its body evaluations grew by more than
  /// `threshold` (a share: 0.1 is 10%), or it has new findings at or above `failOn`.
  public func regressed(threshold: Double, failOn: Severity?) -> Bool {
    !regressions(threshold: threshold, failOn: failOn).isEmpty
  }

  /// Why the after side regressed, in words, one limit each: the body evaluations over the
  /// threshold (by how much, and the views that grew most), and the new findings at or
  /// above `failOn`. Empty when it did not.
  public func regressions(threshold: Double, failOn: Severity?) -> [String] {
    var reasons: [String] = []
    let limit = Double(bodyEvaluations.before) * (1 + threshold)
    if Double(bodyEvaluations.after) > limit {
      let growth = bodyEvaluations.relative.map { " (+\(Int(($0 * 100).rounded()))%)" } ?? ""
      var reason =
        "body evaluations grew from \(bodyEvaluations.before) to \(bodyEvaluations.after)\(growth), "
        + "more than --max-increase allows (\(Int((threshold * 100).rounded()))%)"
      let grown = views.filter { $0.evaluations.delta > 0 }.prefix(3)
      if !grown.isEmpty {
        reason += ", most in " + grown.map { "\($0.view) (+\($0.evaluations.delta))" }.joined(separator: ", ")
      }
      reasons.append(reason)
    }
    if let failOn {
      let severe = newFindings.filter { $0.severity >= failOn }
      if !severe.isEmpty {
        let named = severe.prefix(3).map { finding in
          let member = [finding.type, finding.propertyOrMetric].compactMap { $0 }.joined(separator: ".")
          switch (finding.view, member.isEmpty ? nil : member) {
          case (let view?, let member?): return "\(finding.rule) for \(view) (\(member))"
          case (let view?, nil): return "\(finding.rule) for \(view)"
          case (nil, let member?): return "\(finding.rule) for \(member)"
          case (nil, nil): return "\(finding.rule) for the session"
          }
        }
        reasons.append(
          "\(severe.count) new finding\(severe.count == 1 ? "" : "s") at or above \(failOn.rawValue): "
            + named.joined(separator: ", ") + (severe.count > 3 ? ", …" : ""))
      }
    }
    return reasons
  }
}
