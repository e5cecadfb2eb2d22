/// Evaluations of a view caused by writes to properties it never read.
public enum OverBroadInvalidationRule: Rule {
  public static let description = RuleDescription(
    id: "over-broad-invalidation",
    name: "Over-broad invalidation",
    summary: "A view re-evaluates after writes to properties it never reads.",
    defaultSeverity: .warning,
    explanation: """
      With ObservableObject, any @Published change re-evaluates every view that observes \
      the object, even views that never read the changed property: a badge that shows an \
      unread count is redrawn on every keystroke in a search field elsewhere. The rule \
      counts the body evaluations that followed a write to a property of an object the \
      view read, when the view read no property that was written; @Observable tracks reads \
      per property and would not have made them. One finding per view, type and property \
      written; the count is the wasted evaluations, and the message adds the evaluations of \
      children they re-created.
      """,
    fix: """
      Migrate the model to @Observable (or RedrawTrace's @Tracked), so views depend only on \
      the properties they read; until then, split the model so unrelated state lives in \
      separate objects.
      """,
    thresholds: [minimumEvaluations],
    triggeringExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"BadgeView","node":2}"#,
      #"{"e":"read","t":110,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"ProfileModel","prop":"query"}"#,
      #"{"e":"body","t":300,"tid":1,"id":2,"view":"BadgeView","node":2}"#,
      #"{"e":"read","t":310,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":320,"tid":1,"id":2}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"BadgeView","node":2}"#,
      #"{"e":"read","t":110,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"ProfileModel","prop":"query"}"#,
      #"{"e":"write","t":400,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"body","t":500,"tid":1,"id":2,"view":"BadgeView","node":2}"#,
      #"{"e":"read","t":510,"tid":1,"obj":1,"type":"ProfileModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":520,"tid":1,"id":2}"#)
  )

  /// The `minimum-evaluations` threshold.
  static let minimumEvaluations = Threshold(
    key: "minimum-evaluations", defaultValue: 1, summary: "Fewest wasted evaluations to report.")

  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimum = Int(context.value(Self.minimumEvaluations, of: description))
    let bodies = session.bodyLocations
    let nodes = session.nodeLocations
    return session.overBroad.filter { $0.evaluations >= minimum }.map { entry in
      Finding(
        rule: description.id, severity: context.severity(description.defaultSeverity, of: description),
        message: message(entry), fix: description.fix, view: entry.view, type: entry.type,
        property: entry.property, count: entry.evaluations, site: entry.writeSite,
        location: entry.node.flatMap { nodes[$0] } ?? bodies[entry.view] ?? CodeLocation(site: entry.writeSite),
        scenario: session.scenario,
        source: session.source, evidence: entry.first, trail: entry.trail)
    }
  }

  // MARK: - Messages

  static func message(_ entry: OverBroadSummary) -> String {
    var text =
      "\(entry.view) was re-evaluated \(Wording.count(entry.evaluations, "time")) after writes to "
      + "\(entry.type).\(entry.property), which it never reads"
    if !entry.propertiesRead.isEmpty {
      text += " (it reads \(Wording.list(entry.propertiesRead)))"
    }
    text += "."
    if entry.cascaded > 0 {
      text += " Those evaluations re-evaluated its children \(Wording.count(entry.cascaded, "more time"))."
    }
    return text + " With property-level tracking (@Observable) none of them would happen."
  }
}
