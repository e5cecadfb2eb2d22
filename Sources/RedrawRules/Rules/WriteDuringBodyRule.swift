import RedrawReading
import RedrawSessions

/// A body that writes observable state while it is evaluated.
package enum WriteDuringBodyRule: Rule, SummaryOwner {
  package typealias Summary = [BodyWriteSummary]

  /// The `write-during-body` rule's id, name, severity, explanation, fix and examples.
  public static let description = RuleDescription(
    id: "write-during-body",
    name: "Write during body",
    summary: "A body writes observable state while it is being evaluated.",
    defaultSeverity: .warning,
    explanation: """
      Writing observable state from inside body invalidates views during the update that \
      is computing them: SwiftUI warns "Modifying state during view update", the write can \
      re-evaluate the view again, and two views doing it can loop. With ObservableObject the \
      writer is re-evaluated as a subscriber; with @Observable only the views that read the \
      property before are, since Observation registers a body's observers when it returns, \
      so the writer's re-evaluation is one the move saves (own write). The rule reports writes \
      whose innermost open span is a body (writes inside an initializer called from a body \
      belong to the initializer) to an instance some view has read: a write to an instance \
      no view read yet (a fresh model assigning its properties in init while a parent's \
      body makes a child) invalidates nothing. One finding per view, type and property; \
      the count is the writes.
      """,
    fix: """
      Compute derived values instead of storing them, or move the write to an action, \
      .onChange, or .task.
      """,
    triggeringExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"ListView","node":1}"#,
      #"{"e":"read","t":105,"tid":1,"obj":3,"type":"ListModel","prop":"items"}"#,
      #"{"e":"write","t":110,"tid":1,"obj":3,"type":"ListModel","prop":"visibleCount"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"ListView","node":1}"#,
      #"{"e":"read","t":110,"tid":1,"obj":3,"type":"ListModel","prop":"items"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#,
      #"{"e":"write","t":200,"tid":1,"obj":3,"type":"ListModel","prop":"visibleCount"}"#)
  )

  /// A finding for each view and property its bodies wrote while being evaluated.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let bodies = session.bodyLocations
    return (session.summaries[Self.self] ?? []).map { entry in
      finding(
        in: session, context: context,
        message: message(entry), view: entry.view, type: entry.type, property: entry.property,
        count: entry.count, site: entry.site, location: CodeLocation(site: entry.site) ?? bodies[entry.view],
        evidence: entry.first, trail: entry.trail)
    }
  }

  // MARK: - Messages

  static func message(_ entry: BodyWriteSummary) -> String {
    "\(entry.view).body wrote \(entry.type).\(entry.property) \(Wording.count(entry.count, "time"))"
      + "\(Wording.at(entry.site)) while it was being evaluated."
  }
}

// MARK: - Collecting

extension WriteDuringBodyRule {
  /// Counts writes made inside a body by view and property, with the body and the first
  /// writes as the trail. The builder hands over only writes to instances a view has read:
  /// a fresh instance being built inside a parent's body invalidates nobody.
  struct Collector: SessionCollector {
    private var entries = DenseMap<ViewPropertyKey, Entry>()
    private var pairs = DenseIndex()

    mutating func writeInBody(
      _ evaluation: EvaluationFact, write: PendingWrite, at evidence: Evidence, sample: TrailSample
    ) {
      let key = ViewPropertyKey(view: evaluation.view, type: write.type, property: write.property)
      let position = entries.position(of: key.packed(pairs: &pairs), key: key) {
        Entry(first: evidence, site: write.site)
      }
      entries.values[position].count += 1
      if entries.values[position].trail.isEmpty {
        entries.values[position].trail.append(evaluation.sample(note: "the body"))
      }
      entries.values[position].trail.keep(sample)
    }

    mutating func finish(
      into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
    ) {
      session.summaries[WriteDuringBodyRule.self] = entries.entries.map { key, entry in
        BodyWriteSummary(
          view: strings[key.view], type: strings[key.type], property: strings[key.property], count: entry.count,
          site: entry.site.map { strings[$0] }, first: entry.first, trail: entry.trail.events(&names, strings))
      }
    }

    private struct Entry {
      var first: Evidence
      var site: StringID?
      var count = 0
      var trail: [TrailSample] = []
    }
  }
}

// MARK: - Summary

/// Writes to one property made while one view's body was evaluated.
package struct BodyWriteSummary: Sendable {
  package var view: String
  package var type: String
  package var property: String
  package var count = 0
  package var site: String?
  package var first: Evidence
  /// The events behind it, first few.
  package var trail: [TrailEvent] = []
}
