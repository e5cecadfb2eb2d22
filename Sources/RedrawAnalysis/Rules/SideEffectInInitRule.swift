/// Effects started inside an initializer.
package enum SideEffectInInitRule: Rule {
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
      repeats the request, leaks another observer or starts another task. The count is the \
      effects started inside the initializer's runs.
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

  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let bodies = session.bodyLocations
    return session.initGroups.filter { $0.effectCount > 0 }.map { group in
      let severity: Severity = group.runs > 1 ? .error : description.defaultSeverity
      return finding(
        in: session, context: context, severity: severity, message: message(group),
        view: group.ownerView, type: group.type, count: group.effectCount, site: group.site,
        location: group.location(bodies: bodies),
        evidence: group.first, trail: group.trail)
    }
  }

  // MARK: - Messages

  static func message(_ group: InitGroupSummary) -> String {
    var text = "\(group.type).init\(Wording.at(group.site)) started \(Wording.effects(group.effects)) "
    text += group.effectCount == 1 ? "effect" : "effects"
    let details = group.effectDetails.sorted { $0.key < $1.key }.map { "\($0.key.name): \($0.value)" }
    if !details.isEmpty { text += " (\(Wording.list(details)))" }
    if group.runs > 1 {
      text += "; it ran \(Wording.count(group.runs, "time")), so every effect was repeated."
    } else {
      text += "; it will repeat \(group.effectCount == 1 ? "it" : "them") wherever the initializer runs again."
    }
    return text
  }
}
