import RedrawReading
import RedrawSchema

/// Initializer runs of one type from one site and owner.
public struct InitGroupSummary: Sendable {
  /// The type whose initializer ran.
  public var type: String
  /// `File.swift:LINE` of the construction expression, when recorded.
  public var site: String?
  /// The view node whose struct construction ran the initializer, when recorded.
  public var owner: Int64?
  /// The view type of the owner node, when it evaluated a body.
  public var ownerView: String?
  /// How many times the initializer ran.
  public var runs = 0
  /// Runs made while a view struct was being constructed: inside a body (a parent
  /// re-creating its children) or under an owner. Runs in actions, tasks and other code that
  /// runs on purpose are not.
  public var constructionRuns = 0
  /// The view whose body was running at the first construction run, when one was.
  public var constructedIn: String?
  /// Nanoseconds spent in the initializer, all runs.
  public var totalTime: Int64 = 0
  /// Instances produced (runs whose `end` named an object).
  public var produced = 0
  /// Produced instances a view read in a body: in use.
  public var used = 0
  /// Effects inside the runs, by kind, in `EffectKind` order.
  package var effects: [EffectKind: Int] = [:]
  /// The detail of the first effect of each kind.
  package var effectDetails: [EffectKind: String] = [:]
  /// The first run.
  public var first: Evidence
  /// A later run, as an example of the repetition.
  public var latest: Evidence

  /// The first runs and the effects inside them.
  public var trail: [TrailEvent] = []

  /// Effects of all kinds.
  public var effectCount: Int { effects.values.reduce(0, +) }

  /// The construction site; without one, the body of the view that owns the runs, or else
  /// of the one whose body made them.
  public func location(bodies: [String: CodeLocation]) -> CodeLocation? {
    CodeLocation(site: site) ?? ownerView.flatMap { bodies[$0] } ?? constructedIn.flatMap { bodies[$0] }
  }
  /// Produced instances never used: thrown away, as a `@State` default value that re-ran.
  public var dropped: Int { produced - used }
}
