import RedrawSessions

/// Writes that assign a property the value it already had, and the evaluations only they
/// caused.
package enum EqualValueWriteRule: Rule {
  /// The `equal-value-write` rule's id, name, severity, explanation, fix, threshold and examples.
  public static let description = RuleDescription(
    id: "equal-value-write",
    name: "Equal-value write",
    summary: "Writes assign a property the value it already had, and views re-evaluate for them.",
    defaultSeverity: .warning,
    explanation: """
      @Published, and RedrawTrace's @Tracked, which stands for it, notify observers of every \
      assignment, equal or not: `isLoading = false` on every refresh re-evaluates each view \
      that reads `isLoading` (with ObservableObject, each view that observes the object) \
      though nothing changed. @Observable, since Swift 6.2, notifies no observer when an \
      Equatable property is assigned an equal value, or an object property the same object, \
      as the property's declared type tells (a generic class's `var value: Value` always \
      notifies, even in a Box<Int>, and @Tracked records none of its writes as equal). Only \
      an assignment is compared: a change in place (`items[0] = item`, `group.filters = …`) \
      always notifies, and is never recorded as equal. \
      The rule counts, per property, the evaluations that writes of an equal value alone \
      caused (`"same":true` on write events, which @Tracked and `Trace.write(…, sameValue: \
      true)` record): an evaluation that another reason also explains (a changed value, its \
      parent's evaluation) is not counted. The count is those evaluations; `redraw plan` \
      counts them as saved by the migration.
      """,
    fix: """
      Assign only when the value changes (`if isLoading { isLoading = false }`), or migrate \
      the model to @Observable, which skips assignments of an equal value.
      """,
    thresholds: [minimumEvaluations],
    triggeringExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"Spinner","node":1}"#,
      #"{"e":"read","t":110,"tid":1,"obj":1,"type":"FeedLoader","prop":"isLoading"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"FeedLoader","prop":"isLoading","same":true}"#,
      #"{"e":"body","t":300,"tid":1,"id":2,"view":"Spinner","node":1}"#,
      #"{"e":"read","t":310,"tid":1,"obj":1,"type":"FeedLoader","prop":"isLoading"}"#,
      #"{"e":"end","t":320,"tid":1,"id":2}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"Spinner","node":1}"#,
      #"{"e":"read","t":110,"tid":1,"obj":1,"type":"FeedLoader","prop":"isLoading"}"#,
      #"{"e":"end","t":120,"tid":1,"id":1}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"FeedLoader","prop":"isLoading"}"#,
      #"{"e":"body","t":300,"tid":1,"id":2,"view":"Spinner","node":1}"#,
      #"{"e":"read","t":310,"tid":1,"obj":1,"type":"FeedLoader","prop":"isLoading"}"#,
      #"{"e":"end","t":320,"tid":1,"id":2}"#)
  )

  /// The `minimum-evaluations` threshold.
  static let minimumEvaluations = Threshold(
    key: "minimum-evaluations", defaultValue: 1, summary: "Fewest evaluations of equal-value writes to report.")

  /// A finding for each property whose writes of an equal value caused at least `minimum-evaluations` evaluations.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimum = Int(context.value(Self.minimumEvaluations, of: description))
    let bodies = session.bodyLocations
    return session.properties.filter { $0.equalValueEvaluations >= minimum }.map { property in
      finding(
        in: session, context: context,
        message: message(property), type: property.type, property: property.property,
        count: property.equalValueEvaluations, site: property.writeSite,
        location: HotPropertyRule.location(property, bodies: bodies),

        evidence: property.firstEqualWrite ?? property.firstWrite ?? Evidence(line: session.line, time: 0),
        trail: property.trail)
    }
  }

  // MARK: - Messages

  static func message(_ property: PropertySummary) -> String {
    let views = Set(property.trail.filter { $0.note == "equal value" }.map(\.what)).sorted()
    var text =
      "\(property.type).\(property.property) was assigned the value it already had "
      + "\(Wording.count(property.equalWrites, "time")) (of \(Wording.count(property.writes, "write"))), and "
      + "those writes alone re-evaluated views \(Wording.count(property.equalValueEvaluations, "time"))"
    if !views.isEmpty { text += " (\(Wording.list(views)))" }
    return text + ". @Observable (Swift 6.2 and later) would have notified no one."
  }
}
