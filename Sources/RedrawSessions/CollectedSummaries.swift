import RedrawReading

/// A rule, or the plan, whose collector writes a summary of each session: the summary's type,
/// and the name it is stored under.
package protocol SummaryOwner {
  /// What the collector writes of one session.
  associatedtype Summary: Sendable
}

/// What the collectors wrote of a session, each summary under its owner's type.
///
/// A rule that collects declares its summary type and reads its own summary back; a session
/// holds one of these instead of a field per collecting rule, so adding a rule adds nothing
/// here.
package struct CollectedSummaries: Sendable {
  private var byOwner: [ObjectIdentifier: any Sendable] = [:]

  package init() {}

  /// The summary `owner`'s collector wrote; nil when the session was not built by the
  /// ``SessionBuilder`` (a session made by hand in a test).
  package subscript<Owner: SummaryOwner>(owner: Owner.Type) -> Owner.Summary? {
    get { byOwner[ObjectIdentifier(owner)] as? Owner.Summary }
    set { byOwner[ObjectIdentifier(owner)] = newValue }
  }
}
