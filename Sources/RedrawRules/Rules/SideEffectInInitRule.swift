import RedrawSchema
import RedrawSessions

/// Effects started inside an initializer.
package enum SideEffectInInitRule: Rule {
  /// The `side-effect-in-init` rule's id, name, severity, explanation, fix and examples.
  public static let description = RuleDescription(
    id: "side-effect-in-init",
    name: "Side effect in initializer",
    summary: "An initializer starts network requests, tasks, observers or other effects.",
    defaultSeverity: .warning,
    explanation: """
      A model whose initializer loads from the network, registers an observer or starts a \
      Task does that work wherever it is constructed, and SwiftUI constructs @State default \
      values on every re-creation of the view struct. An effect in an initializer that ran \
      once is a warning; in one that ran repeatedly it is an error, because every re-run \
      repeats the request, leaks another observer or starts another task; the severity \
      follows the most runs of one owner, so rows whose models each start their work once \
      are a warning. One finding per type, construction site and owning view: the rows of a \
      list are one finding that says how many there were. The count is the effects started \
      inside the initializer's runs.
      """,
    fix: """
      Let the initializer only assign; start the work from .task (or .task(id:)) in the view \
      that owns the model, or from an explicit start() method.
      """,
    triggeringExample: ExampleTrace.lines(
      #"{"e":"init","t":100,"tid":1,"id":1,"type":"FeedModel","site":"FeedView.swift:12"}"#,
      #"{"e":"effect","t":150,"tid":1,"kind":"network","detail":"GET /feed"}"#,
      #"{"e":"end","t":200,"tid":1,"id":1,"obj":10}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"init","t":100,"tid":1,"id":1,"type":"FeedModel","site":"FeedView.swift:12"}"#,
      #"{"e":"end","t":200,"tid":1,"id":1,"obj":10}"#,
      #"{"e":"body","t":300,"tid":1,"id":2,"view":"FeedView","node":3}"#,
      #"{"e":"end","t":320,"tid":1,"id":2}"#,
      #"{"e":"effect","t":400,"tid":1,"kind":"network","detail":"GET /feed"}"#)
  )

  /// A finding for each type, site and owning view whose initializer runs started effects: an error when
  /// one owner ran it more than once.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let bodies = session.bodyLocations
    // The groups of one type and site owned by nodes of one view (the rows of a list) are one
    // finding, in order of first sight.
    var sites: [Site] = []
    var positions: [String: Int] = [:]
    for group in session.initGroups where group.effectCount > 0 {
      let key = "\(group.type)\u{0}\(group.site ?? "")\u{0}\(group.ownerView ?? "")"
      if let position = positions[key] {
        sites[position].add(group)
      } else {
        positions[key] = sites.count
        sites.append(Site(group))
      }
    }
    return sites.map { site in
      let group = site.first
      let severity: Severity = site.mostRuns > 1 ? .error : description.defaultSeverity
      return finding(
        in: session, context: context, severity: severity, message: message(site),
        view: group.ownerView, type: group.type, count: site.effectCount, site: group.site,
        location: group.location(bodies: bodies),
        evidence: group.first, trail: group.trail)
    }
  }

  /// The initializer runs of one type and site, over the nodes of one owning view.
  struct Site {
    /// The first group: its type, site, owner view, evidence and trail.
    var first: InitGroupSummary
    var effects: [EffectKind: Int]
    var runs: Int
    /// The most runs of one group (one owner node).
    var mostRuns: Int
    var groups = 1

    init(_ group: InitGroupSummary) {
      first = group
      effects = group.effects
      runs = group.runs
      mostRuns = group.runs
    }

    mutating func add(_ group: InitGroupSummary) {
      effects.merge(group.effects, uniquingKeysWith: +)
      runs += group.runs
      mostRuns = max(mostRuns, group.runs)
      groups += 1
    }

    var effectCount: Int { effects.values.reduce(0, +) }
  }

  // MARK: - Messages

  static func message(_ site: Site) -> String {
    let group = site.first
    var text = "\(group.type).init\(Wording.at(group.site))"
    if site.groups > 1, let owner = group.ownerView { text += ", made for \(site.groups) \(owner) nodes," }
    text += " started \(Wording.effects(site.effects)) "
    text += site.effectCount == 1 ? "effect" : "effects"
    let details = group.effectDetails.sorted { $0.key < $1.key }.map { "\($0.key.name): \($0.value)" }
    if !details.isEmpty { text += " (\(Wording.list(details)))" }
    if site.mostRuns > 1 {
      let each = site.groups > 1 ? " (up to \(site.mostRuns) for one node)" : ""
      text += "; it ran \(Wording.count(site.runs, "time"))\(each), so every effect was repeated."
    } else if site.groups > 1 {
      text += "; it ran once for each, and will repeat them wherever it runs again."
    } else {
      text += "; it will repeat \(site.effectCount == 1 ? "it" : "them") wherever the initializer runs again."
    }
    return text
  }
}
