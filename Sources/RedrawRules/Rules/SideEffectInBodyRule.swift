import RedrawReading
import RedrawSchema
import RedrawSessions

/// An effect started inside a body evaluation.
package enum SideEffectInBodyRule: Rule, SummaryOwner {
  package typealias Summary = [BodyEffectSummary]

  /// The `side-effect-in-body` rule's id, name, severity, explanation, fix and examples.
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

  /// A finding for each view and kind of effect its bodies started.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let bodies = session.bodyLocations
    return (session.summaries[Self.self] ?? []).map { entry in
      let evaluations = session.nodes.reduce(0) { $0 + ($1.view == entry.view ? $1.evaluations : 0) }
      return finding(
        in: session, context: context,
        message: message(entry, evaluations: evaluations), view: entry.view, count: entry.count,
        site: entry.site, location: CodeLocation(site: entry.site) ?? bodies[entry.view],
        evidence: entry.first, trail: entry.trail)
    }
  }

  // MARK: - Messages

  /// Says what started, where, and in how many of the view's `evaluations` (a body that
  /// guards its start starts it in fewer than all).
  static func message(_ entry: BodyEffectSummary, evaluations: Int) -> String {
    var text = "\(entry.view).body started \(Wording.count(entry.count, "\(entry.kind.name) effect"))"
    if let detail = entry.detail {
      let others = entry.details - 1
      text += others > 0 ? " (\(detail) and \(Wording.count(others, "other")))" : " (\(detail))"
    }
    text += Wording.at(entry.site)
    guard entry.evaluations < evaluations else { return text + "; every evaluation of it started one." }
    return text + " in \(entry.evaluations) of its \(Wording.count(evaluations, "evaluation"))."
  }
}

// MARK: - Collecting

extension SideEffectInBodyRule {
  /// Counts effects started inside a body by view and kind, in order of first sight.
  struct Collector: SessionCollector {
    /// Entries by view and kind, `view << 32 | kind`, in order of first sight.
    private var entries = DenseMap<Key, Entry>()

    mutating func effectInBody(_ evaluation: EvaluationFact, effect: EffectFact) {
      let key = Key(view: evaluation.view, kind: effect.kind)
      let position = entries.position(
        of: DenseIndex.key(evaluation.view.rawValue, Int32(effect.kind.rawValue)), key: key
      ) {
        Entry(first: effect.evidence, detail: effect.detail, site: effect.site)
      }
      entries.values[position].count += 1
      entries.values[position].trail.keep(effect.sample)
      // An evaluation's body event starts it, so its line tells evaluations apart.
      if entries.values[position].lastEvaluation != evaluation.start.line {
        entries.values[position].lastEvaluation = evaluation.start.line
        entries.values[position].evaluations += 1
      }
      if let detail = effect.detail { entries.values[position].details.insert(detail) }
    }

    mutating func finish(
      into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
    ) {
      session.summaries[SideEffectInBodyRule.self] = entries.entries.map { key, entry in
        BodyEffectSummary(
          view: strings[key.view], kind: key.kind, count: entry.count, evaluations: entry.evaluations,
          detail: entry.detail.map { strings[$0] }, details: entry.details.count,
          site: entry.site.map { strings[$0] }, first: entry.first, trail: entry.trail.events(&names, strings))
      }
    }

    private struct Key {
      var view: StringID
      var kind: EffectKind
    }

    private struct Entry {
      var first: Evidence
      var detail: StringID?
      var site: StringID?
      var count = 0
      /// Evaluations that started one, and the last of them by its body event's line.
      var evaluations = 0
      var lastEvaluation = -1
      /// Distinct details seen.
      var details = Set<StringID>()
      var trail: [TrailSample] = []
    }
  }
}

// MARK: - Summary

/// Effects of one kind started while one view's body was evaluated.
package struct BodyEffectSummary: Sendable {
  package var view: String
  package var kind: EffectKind
  package var count = 0
  /// The view's evaluations that started one or more.
  package var evaluations = 0
  /// The first effect's detail, and how many distinct details there were.
  package var detail: String?
  package var details = 0
  package var site: String?
  package var first: Evidence
  /// The events behind it, first few.
  package var trail: [TrailEvent] = []
}

// MARK: - Published

extension Session {
  /// What `side-effect-in-body` counted of the session: the effects started inside bodies, per
  /// view and kind (empty for a session made by hand).
  package var bodyEffects: [BodyEffectSummary] { summaries[SideEffectInBodyRule.self] ?? [] }
}
