import RedrawReading
import RedrawSchema
import RedrawSessions

/// A type constructed again and again from one site while only one instance stays in use.
package enum RepeatedInitRule: Rule, SummaryOwner {
  /// The discarded instances still alive of each initializer group, by the index of
  /// `Session/initGroups`.
  package typealias Summary = [DiscardedInstances]
  /// The `repeated-init` rule's id, name, severity, explanation, fix, thresholds and examples.
  public static let description = RuleDescription(
    id: "repeated-init",
    name: "Repeated initializer",
    summary: "An initializer re-runs from the same site and its results are thrown away.",
    defaultSeverity: .warning,
    explanation: """
      @StateObject runs its initial value once per view identity. When @State runs its \
      default depends on the Xcode that builds the app: built with Xcode 26 or earlier, \
      @State is a property wrapper whose default expression runs every time the view struct \
      is re-created, and only the first result is kept; built with Xcode 27 or later, it is a \
      macro that evaluates the default lazily, once per view identity. An initial value \
      handed over in the view's init (`_model = State(initialValue: Model())`), and an \
      argument the parent passes (`Row(model: Model())`), are evaluated by the caller on every \
      re-creation with either. So moving `@StateObject var model = \
      Model()` to `@State var model = Model()` builds a new Model on every parent re-render \
      with Xcode 26 and drops it, and not with Xcode 27. The rule groups initializer runs by \
      type, site and owner, and reports a group that ran at least twice and produced \
      instances no view used; a finding on a trace that says which build it reproduces (the \
      `swiftUI` of its meta line: the harness's setting, or the compiler an app was built \
      with) names it. An instance is in use when a view reads it in a body (the one the \
      owning view keeps); work an instance does on itself is not use: a discarded instance \
      whose own Task, observer or timer keeps writing to it stays alive, and the message \
      counts those instances and writes. The count is the runs. Cheap initializers without \
      effects are info; slow ones (average at or above the costly threshold) and ones whose \
      discarded instances keep working are warnings; effectful ones are errors, since every \
      run repeats the effect. `redraw plan` says how often each @StateObject's initial value \
      will run as @State with each Xcode.
      """,
    fix: """
      Keep the initializer cheap and free of effects (assign stored properties only) and \
      start work in .task; or create the model once higher up and pass it down, or make it \
      lazily in .task and keep it in an optional @State. Building with Xcode 27 runs a @State \
      default once per identity, but not an initial value passed in init.
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

  /// A finding for each initializer group that ran at least `minimum-runs` times and threw instances away: an
  /// error when it starts effects, a warning when a run is costly or a discarded instance was written.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimumRuns = Int(context.value(Self.minimumRuns, of: description))
    let costly = Int64(context.value(Self.costlyNanoseconds, of: description))
    let bodies = session.bodyLocations
    let discarded = session.summaries[Self.self] ?? []
    return session.initGroups.indices.filter { index in
      let group = session.initGroups[index]
      return group.runs >= minimumRuns && (group.produced == 0 || group.dropped > 0)
    }.map { index in
      let group = session.initGroups[index]
      let alive = index < discarded.count ? discarded[index] : DiscardedInstances()
      let average = group.totalTime / Int64(max(group.runs, 1))
      let severity: Severity = group.effectCount > 0 ? .error : average >= costly || alive.writes > 0 ? .warning : .info
      return finding(
        in: session, context: context, severity: severity,
        message: message(group, alive: alive, average: average, build: session.swiftUI), view: group.ownerView,
        type: group.type,
        count: group.runs, site: group.site, location: group.location(bodies: bodies),
        evidence: group.latest, trail: group.trail)
    }
  }

  // MARK: - Collecting

  /// Finds, when the session ends, the instances each group made that no view read and
  /// that are still alive: kept by their own work (tasks, observers, timers), which wrote to
  /// them.
  struct Collector: SessionCollector {
    mutating func finish(
      into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
    ) {
      var discarded = [DiscardedInstances](repeating: DiscardedInstances(), count: built.groups.count)
      for slot in 0..<built.instances.count where built.instances.isUnreadAndAlive(slot) {
        guard let group = built.instances.group(ofObject: slot) else { continue }
        discarded[group].instances += 1
        discarded[group].writes += built.instances.writes(to: slot)
      }
      session.summaries[RepeatedInitRule.self] = discarded
    }
  }

  // MARK: - Messages

  /// Why instances are thrown away, for the build the trace reproduces.
  static func why(_ build: SwiftUIBuild?) -> String {
    switch build {
    case .xcode26?:
      "as is anything made with the view struct: an argument the parent passes, a stored "
        + "property's default, or @State's default, which Xcode 26 (this recording's build) evaluates "
        + "on every re-creation of the struct."
    case .xcode27?:
      "though with Xcode 27, which this recording reproduces, @State evaluates its default once per "
        + "view identity: the runs come from an argument the parent passes, an initial value the "
        + "view's init assigns, or a plain stored property's default."
    case nil:
      "as is anything made with the view struct: an argument the parent passes, a stored "
        + "property's default, or @State's default when the app is built with Xcode 26 or earlier, "
        + "evaluated on every re-creation of the struct (Xcode 27's macro, once per view identity)."
    }
  }

  static func message(
    _ group: InitGroupSummary, alive: DiscardedInstances, average: Int64, build: SwiftUIBuild? = nil
  ) -> String {
    var text = "\(group.type) was initialized \(Wording.count(group.runs, "time"))\(Wording.at(group.site))"
    if let view = group.ownerView { text += " for \(view)" }
    if group.produced == 0 {
      text += "; the trace does not say which instances stayed in use."
    } else {
      text +=
        " but \(Wording.count(group.used, "instance")) stayed in use: \(group.dropped) "
        + "\(group.dropped == 1 ? "was" : "were") built and thrown away, " + why(build)
    }
    if alive.instances > 0, alive.writes > 0 {
      let one = alive.instances == 1
      text +=
        " \(Wording.count(alive.instances, "discarded \(group.type)")) \(one ? "is" : "are") still alive: "
        + "\(one ? "its" : "their") own work (tasks, observers, timers) wrote to \(one ? "it" : "them") "
        + "\(Wording.count(alive.writes, "time"))."
    }
    text += " Each run took \(Wording.duration(average)) on average."
    if group.effectCount > 0 {
      text += " The runs started \(Wording.effects(group.effects)) effects."
    }
    return text
  }
}

// MARK: - Summary

/// The instances of one initializer group that no view read and that were still alive (no
/// `deinit`) when the session ended.
package struct DiscardedInstances: Sendable {
  package var instances = 0
  /// Writes to them after their initializers: the work of their own tasks, observers and
  /// timers, which keeps them alive.
  package var writes = 0
}
