/// A view that reads a new model instance after each re-creation of its struct.
public enum ModelRecreatedRule: Rule {
  public static let description = RuleDescription(
    id: "model-recreated",
    name: "Model re-created with the view",
    summary: "A view's model is rebuilt with the view struct, losing its state.",
    defaultSeverity: .error,
    explanation: """
      A model kept in a plain stored property of a view (`let model = Model()`, or \
      `var model = Model()` without @State) is built again every time the parent \
      re-creates the view struct, and the view then reads the new instance: everything the \
      old one held (text typed, a loaded page, a counter) is gone. The rule reports a view \
      node whose evaluations read only fresh instances of a type, each made by an \
      initializer that ran more than once as part of re-creating a view struct: inside a \
      parent's body (where child structs are made) or under the view as owner. A model made \
      on purpose is not a re-creation: in .task or .task(id:) (one model per id), in an \
      action, or in any other code outside a body. Initializer runs are seen where the \
      construction is wrapped in Trace.make (or a beginInit span): `let model = \
      Trace.make(Model())`. The count is the distinct instances the node read.
      """,
    fix: """
      Keep the model in @State (created once per view identity), or own it higher up and pass \
      it in; for expensive models, create it in .task and keep it in an optional @State.
      """,
    thresholds: [minimumInstances],
    triggeringExample: ExampleTrace.lines(
      #"{"e":"init","t":100,"tid":1,"id":1,"type":"CounterModel","site":"CounterView.swift:4","owner":2}"#,
      #"{"e":"end","t":110,"tid":1,"id":1,"obj":1}"#,
      #"{"e":"body","t":120,"tid":1,"id":2,"view":"CounterView","node":2}"#,
      #"{"e":"read","t":121,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"end","t":130,"tid":1,"id":2}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"init","t":300,"tid":1,"id":3,"type":"CounterModel","site":"CounterView.swift:4","owner":2}"#,
      #"{"e":"end","t":310,"tid":1,"id":3,"obj":2}"#,
      #"{"e":"body","t":320,"tid":1,"id":4,"view":"CounterView","node":2}"#,
      #"{"e":"read","t":321,"tid":1,"obj":2,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"end","t":330,"tid":1,"id":4}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"init","t":100,"tid":1,"id":1,"type":"CounterModel","site":"CounterView.swift:4","owner":2}"#,
      #"{"e":"end","t":110,"tid":1,"id":1,"obj":1}"#,
      #"{"e":"body","t":120,"tid":1,"id":2,"view":"CounterView","node":2}"#,
      #"{"e":"read","t":121,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"end","t":130,"tid":1,"id":2}"#,
      #"{"e":"write","t":200,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"body","t":320,"tid":1,"id":4,"view":"CounterView","node":2}"#,
      #"{"e":"read","t":321,"tid":1,"obj":1,"type":"CounterModel","prop":"count"}"#,
      #"{"e":"end","t":330,"tid":1,"id":4}"#)
  )

  /// The `minimum-instances` threshold.
  static let minimumInstances = Threshold(
    key: "minimum-instances", defaultValue: 2, summary: "Fewest distinct instances to report.")

  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimum = Int(context.value(Self.minimumInstances, of: description))
    let bodies = session.bodyLocations
    return session.recreations.filter { $0.instances >= minimum }.map { entry in
      Finding(
        rule: description.id, severity: context.severity(description.defaultSeverity, of: description),
        message: message(entry), fix: description.fix, view: entry.view, type: entry.type, count: entry.instances,
        site: entry.site, location: CodeLocation(site: entry.site) ?? bodies[entry.view],
        scenario: session.scenario, source: session.source, evidence: entry.first, trail: entry.trail)
    }
  }

  // MARK: - Messages

  static func message(_ entry: RecreationSummary) -> String {
    let when =
      entry.constructedIn.map { "while \($0)'s body re-created the view struct" }
      ?? "when the view struct was re-created"
    var text =
      "\(entry.view) (node \(entry.node)) read \(entry.instances) different \(entry.type) instances, each made "
      + "by an initializer that re-ran\(Wording.at(entry.site)) \(when): "
      + "the model does not survive its view's re-creation"
    if entry.replacedAfterWrites > 0 {
      text += ", and \(Wording.count(entry.replacedAfterWrites, "instance")) had been written before being replaced"
    }
    return text + ", so its state is lost."
  }
}
