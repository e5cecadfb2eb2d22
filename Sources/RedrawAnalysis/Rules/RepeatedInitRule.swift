/// A type constructed again and again from one site while only one instance stays in use.
public enum RepeatedInitRule: Rule {
  public static let description = RuleDescription(
    id: "repeated-init",
    name: "Repeated initializer",
    summary: "An initializer re-runs from the same site and its results are thrown away.",
    defaultSeverity: .warning,
    explanation: """
      @StateObject ran its initial value once; @State evaluates its default expression every \
      time the view struct is re-created and keeps only the first result. Moving \
      `@StateObject var model = Model()` to `@State var model = Model()` therefore builds a \
      new Model on every parent re-render and drops it. The rule groups initializer runs by \
      type, site and owner, and reports a group that ran at least twice and produced \
      instances no view used. An instance is in use when a view reads it in a body (the one \
      the owning view keeps); work an instance does on itself is not use: a discarded \
      instance whose own Task, observer or timer keeps writing to it stays alive, and the \
      message counts those instances and writes. The count is the runs. Cheap initializers \
      without effects are info; slow ones (average at or above the costly threshold) and \
      ones whose discarded instances keep working are warnings; effectful ones are errors, \
      since every run repeats the effect.
      """,
    fix: """
      Keep the initializer cheap and free of effects (assign stored properties only) and \
      start work in .task; or create the model once higher up and pass it down, or make it \
      lazily in .task and keep it in an optional @State.
      """,
    thresholds: [minimumRuns, costlyNanoseconds],
    triggeringExample: ExampleTrace.lines(
      #"{"e":"init","t":100,"tid":1,"id":1,"type":"FeedModel","site":"FeedView.swift:12","owner":3}"#,
      #"{"e":"end","t":200,"tid":1,"id":1,"obj":10}"#,
      #"{"e":"body","t":300,"tid":1,"id":2,"view":"FeedView","node":3}"#,
      #"{"e":"read","t":310,"tid":1,"obj":10,"type":"FeedModel","prop":"posts"}"#,
      #"{"e":"end","t":320,"tid":1,"id":2}"#,
      #"{"e":"init","t":400,"tid":1,"id":3,"type":"FeedModel","site":"FeedView.swift:12","owner":3}"#,
      #"{"e":"end","t":500,"tid":1,"id":3,"obj":11}"#,
      #"{"e":"init","t":600,"tid":1,"id":4,"type":"FeedModel","site":"FeedView.swift:12","owner":3}"#,
      #"{"e":"end","t":700,"tid":1,"id":4,"obj":12}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"init","t":100,"tid":1,"id":1,"type":"FeedModel","site":"FeedView.swift:12","owner":3}"#,
      #"{"e":"end","t":200,"tid":1,"id":1,"obj":10}"#,
      #"{"e":"body","t":300,"tid":1,"id":2,"view":"FeedView","node":3}"#,
      #"{"e":"read","t":310,"tid":1,"obj":10,"type":"FeedModel","prop":"posts"}"#,
      #"{"e":"end","t":320,"tid":1,"id":2}"#)
  )

  /// The `minimum-runs` threshold.
  static let minimumRuns = Threshold(
    key: "minimum-runs", defaultValue: 2, summary: "Fewest runs of one group to report.")
  /// The `costly-nanoseconds` threshold.
  static let costlyNanoseconds = Threshold(
    key: "costly-nanoseconds", defaultValue: 1_000_000,
    summary: "Average run time from which a repeated initializer is a warning.")

  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimumRuns = Int(context.value(Self.minimumRuns, of: description))
    let costly = Int64(context.value(Self.costlyNanoseconds, of: description))
    let bodies = session.bodyLocations
    return session.initGroups.filter { group in
      group.runs >= minimumRuns && (group.produced == 0 || group.dropped > 0)
    }.map { group in
      let average = group.totalTime / Int64(max(group.runs, 1))
      let severity: Severity =
        group.effectCount > 0 ? .error : average >= costly || group.writesToDiscarded > 0 ? .warning : .info
      return Finding(
        rule: description.id, severity: context.severity(severity, of: description),
        message: message(group, average: average), fix: description.fix, view: group.ownerView, type: group.type,
        count: group.runs, site: group.site, location: group.location(bodies: bodies), scenario: session.scenario,
        source: session.source, evidence: group.latest, trail: group.trail)
    }
  }

  // MARK: - Messages

  static func message(_ group: InitGroupSummary, average: Int64) -> String {
    var text = "\(group.type) was initialized \(Wording.count(group.runs, "time"))\(Wording.at(group.site))"
    if let view = group.ownerView { text += " for \(view)" }
    if group.produced == 0 {
      text += "; the trace does not say which instances stayed in use."
    } else {
      text +=
        " but \(Wording.count(group.used, "instance")) stayed in use: \(group.dropped) "
        + "\(group.dropped == 1 ? "was" : "were") built and thrown away, as a @State default value is "
        + "on every re-creation of the view struct."
    }
    if group.aliveDiscarded > 0, group.writesToDiscarded > 0 {
      text +=
        " \(Wording.count(group.aliveDiscarded, "discarded \(group.type)")) "
        + "\(group.aliveDiscarded == 1 ? "is" : "are") still alive: "
        + "\(group.aliveDiscarded == 1 ? "its" : "their") own work (tasks, observers, timers) wrote to "
        + "\(group.aliveDiscarded == 1 ? "it" : "them") \(Wording.count(group.writesToDiscarded, "time"))."
    }
    text += " Each run took \(Wording.duration(average)) on average."
    if group.effectCount > 0 {
      text += " The runs started \(Wording.effects(group.effects)) effects."
    }
    return text
  }
}
