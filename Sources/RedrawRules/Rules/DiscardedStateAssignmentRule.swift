import RedrawReading
import RedrawSessions

/// A view's initializer that assigns a state property with an inline default: the value is
/// lost.
package enum DiscardedStateAssignmentRule: Rule, SummaryOwner {
  package typealias Summary = [DiscardedAssignment]

  /// The `discarded-state-assignment` rule's id, name, severity, explanation, fix and examples.
  public static let description = RuleDescription(
    id: "discarded-state-assignment",
    name: "Discarded state assignment",
    summary: "An initializer assigns a @State property that has an inline default: the value is lost.",
    defaultSeverity: .error,
    explanation: """
      When a @State property has an inline initial value, SwiftUI keeps that value and \
      discards what the view's init assigns to the property (Apple's TN3211; the same under \
      the property wrapper of Xcode 26 and the macro of Xcode 27, which rejects some such \
      code at compile time). The view shows the default, not what its caller passed. The \
      rule reports each view and property whose new nodes had an assignment discarded (the \
      view harness records it); the count is those nodes.
      """,
    fix: """
      Remove the inline default and give the initial value in init \
      (_count = State(initialValue: start)), or drop the assignment.
      """,
    triggeringExample: ExampleTrace.lines(
      #"{"e":"discard","t":90,"tid":1,"view":"CounterView","node":1,"prop":"count"}"#,
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"CounterView","node":1}"#,
      #"{"e":"end","t":110,"tid":1,"id":1}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"CounterView","node":1}"#,
      #"{"e":"end","t":110,"tid":1,"id":1}"#)
  )

  /// A finding for each view and state property whose assignments were discarded.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let bodies = session.bodyLocations
    return (session.summaries[Self.self] ?? []).map { entry in
      finding(
        in: session, context: context,
        message: "\(entry.view)'s init assigns the state \(entry.property), which has an inline default: "
          + "SwiftUI keeps the default and drops the value (\(Wording.count(entry.count, "new view"))).",
        view: entry.view, property: entry.property, count: entry.count, location: bodies[entry.view],
        evidence: entry.first)
    }
  }

  /// Counts the discarded assignments per view and property, in order of first sight.
  struct Collector: SessionCollector {
    /// Entries by view and property, `view << 32 | property`, in order of first sight.
    private var entries = DenseMap<Key, Entry>()

    mutating func stateDiscarded(view: StringID, property: StringID, at evidence: Evidence) {
      let position = entries.position(
        of: DenseIndex.key(view.rawValue, property.rawValue), key: Key(view: view, property: property)
      ) { Entry(first: evidence) }
      entries.values[position].count += 1
    }

    mutating func finish(
      into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
    ) {
      guard !entries.values.isEmpty else { return }
      session.summaries[DiscardedStateAssignmentRule.self] = entries.entries.map { key, entry in
        DiscardedAssignment(
          view: strings[key.view], property: strings[key.property], count: entry.count, first: entry.first)
      }
    }

    private struct Key {
      var view: StringID
      var property: StringID
    }

    private struct Entry {
      var first: Evidence
      var count = 0
    }
  }
}

/// The discarded state assignments of one view's property.
package struct DiscardedAssignment: Sendable {
  package var view: String
  package var property: String
  /// The new nodes whose assignment was discarded.
  package var count: Int
  package var first: Evidence
}
