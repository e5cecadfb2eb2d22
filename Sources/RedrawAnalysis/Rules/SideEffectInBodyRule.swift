/// An effect started inside a body evaluation.
public enum SideEffectInBodyRule: Rule {
  public static let description = RuleDescription(
    id: "side-effect-in-body",
    name: "Side effect in body",
    summary: "A body starts a request, task, observer or other effect.",
    defaultSeverity: .warning,
    explanation: """
      SwiftUI evaluates body whenever it needs the view's description, as often as it likes: \
      an effect started there runs again on every evaluation. The rule reports effects whose \
      innermost open span is a body. One finding per view and effect kind; the count is the \
      effects.
      """,
    fix: "Start the work from .task, .onAppear or an action, not from body.",
    triggeringExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"AvatarView","node":1}"#,
      #"{"e":"effect","t":110,"tid":1,"kind":"network","detail":"GET /avatar"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"AvatarView","node":1}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#,
      #"{"e":"effect","t":200,"tid":1,"kind":"network","detail":"GET /avatar"}"#)
  )

  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let bodies = session.bodyLocations
    return session.bodyEffects.map { entry in
      Finding(
        rule: description.id, severity: context.severity(description.defaultSeverity, of: description),
        message: message(entry), fix: description.fix, view: entry.view, property: nil, count: entry.count,
        site: entry.site, location: CodeLocation(site: entry.site) ?? bodies[entry.view],
        scenario: session.scenario, source: session.source, evidence: entry.first, trail: entry.trail)
    }
  }

  // MARK: - Messages

  static func message(_ entry: BodyEffectSummary) -> String {
    var text = "\(entry.view).body started \(Wording.count(entry.count, "\(entry.kind.name) effect"))"
    if let detail = entry.detail { text += " (\(detail))" }
    return text + "\(Wording.at(entry.site)); every evaluation starts it again."
  }
}
