import RedrawSessions

/// A property whose writes cause most of the session's re-evaluations.
package enum HotPropertyRule: Rule {
  /// The `hot-property` rule's id, name, severity, explanation, fix, thresholds and examples.
  public static let description = RuleDescription(
    id: "hot-property",
    name: "Hot property",
    summary: "One property is written so often, read so widely, that it dominates re-evaluations.",
    defaultSeverity: .info,
    explanation: """
      Some state changes often (a scroll offset, a timer, text being typed) and is read by \
      many views; each write then re-evaluates all of them. The rule reports a property \
      written at least the minimum number of times whose writes caused at least the given \
      share of all re-evaluations in the session, with at least the given fan-out (views \
      re-evaluated per write). The count is the evaluations its writes caused.
      """,
    fix: """
      Read the property in as few, as small views as possible; move it to its own model; or \
      throttle or coalesce the writes.
      """,
    thresholds: [minimumWrites, minimumShare, minimumFanOut],
    triggeringExample: ExampleTrace.lines(ticks(views: ["A", "B"])),
    cleanExample: ExampleTrace.lines(ticks(views: ["A"]))
  )

  /// A clock written ten times and read by `views`, each evaluated once first.
  private static func ticks(views: [String]) -> String {
    func evaluation(_ view: Int, _ step: Int) -> [String] {
      let id = step * views.count + view + 1
      let t = step * 100 + view * 10 + 10
      return [
        #"{"e":"body","t":\#(t),"tid":1,"id":\#(id),"view":"\#(views[view])","node":\#(view + 1)}"#,
        #"{"e":"read","t":\#(t + 1),"tid":1,"obj":1,"type":"Clock","prop":"now"}"#,
        #"{"e":"end","t":\#(t + 2),"tid":1,"id":\#(id)}"#,
      ]
    }
    var lines = views.indices.flatMap { evaluation($0, 0) }
    for step in 1...10 {
      lines.append(#"{"e":"write","t":\#(step * 100),"tid":1,"obj":1,"type":"Clock","prop":"now"}"#)
      lines += views.indices.flatMap { evaluation($0, step) }
    }
    return lines.joined(separator: "\n")
  }

  /// The `minimum-writes` threshold.
  static let minimumWrites = Threshold(key: "minimum-writes", defaultValue: 10, summary: "Fewest writes.")
  /// The `minimum-share` threshold.
  static let minimumShare = Threshold(
    key: "minimum-share", defaultValue: 0.5, summary: "Share of all re-evaluations its writes caused.")
  /// The `minimum-fan-out` threshold.
  static let minimumFanOut = Threshold(
    key: "minimum-fan-out", defaultValue: 2, summary: "Evaluations caused per write.")

  /// A finding for each property written at least `minimum-writes` times whose writes caused at least
  /// `minimum-share` of the session's re-evaluations, and `minimum-fan-out` per write.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimumWrites = Int(context.value(Self.minimumWrites, of: description))
    let minimumShare = context.value(Self.minimumShare, of: description)
    let minimumFanOut = context.value(Self.minimumFanOut, of: description)
    let reEvaluations = session.nodes.reduce(0) { $0 + $1.evaluations - $1.initial }
    guard reEvaluations > 0 else { return [] }
    let bodies = session.bodyLocations
    return session.properties.compactMap { property in
      let caused = property.neededEvaluations + property.overBroadEvaluations
      let share = Double(caused) / Double(reEvaluations)
      let fanOut = Double(caused) / Double(max(property.writes, 1))
      guard property.writes >= minimumWrites, share >= minimumShare, fanOut >= minimumFanOut else { return nil }
      return finding(
        in: session, context: context,
        message: message(property, caused: caused, share: share, fanOut: fanOut),
        type: property.type, property: property.property, count: caused, site: property.writeSite,
        location: location(property, bodies: bodies),
        evidence: property.firstWrite ?? Evidence(line: session.line, time: 0), trail: property.trail)
    }
  }
  /// The write's site; for writes that recorded none (`@Tracked` setters), the body of the
  /// view they re-evaluated most.
  static func location(_ property: PropertySummary, bodies: [String: CodeLocation]) -> CodeLocation? {
    CodeLocation(site: property.writeSite) ?? property.evaluationsByView.first.flatMap { bodies[$0.view] }
  }

  // MARK: - Messages

  static func message(_ property: PropertySummary, caused: Int, share: Double, fanOut: Double) -> String {
    var text =
      "\(property.type).\(property.property) was written \(Wording.count(property.writes, "time")) and its writes "
      + "caused \(caused) re-evaluations (\(Int((share * 100).rounded()))% of all in the session, "
      + "\(Double(Int(fanOut * 10)) / 10) per write)"
    let views = property.evaluationsByView
    if !views.isEmpty {
      let named = views.prefix(maximumNamedViews).map { "\($0.view) \($0.evaluations)" }
      let more = views.count > maximumNamedViews ? " and \(views.count - maximumNamedViews) more" : ""
      text += ": \(Wording.list(named))\(more)"
    }
    return text + "."
  }

  /// Views a message names at most, most re-evaluated first.
  static let maximumNamedViews = 3
}
