import RedrawSessions

/// Views subscribe to a model type whose reads and writes the trace never records: the
/// model is not instrumented, and nothing else the analyzer says about it can be trusted.
package enum UninstrumentedModelRule: Rule {
  /// The `uninstrumented-model` rule's id, name, severity, explanation, fix and examples.
  public static let description = RuleDescription(
    id: "uninstrumented-model",
    name: "Uninstrumented model",
    summary: "Views subscribe to a model whose reads and writes the trace never records.",
    defaultSeverity: .error,
    explanation: """
      A view that subscribes to an object (`observe` events: `@StateObject`, \
      `@ObservedObject` and `@EnvironmentObject` in an app, the harness's wrappers under \
      object-level tracking) depends on it; the trace should show what the view reads of it \
      and what writes change it. When a session records subscriptions to a type and not one \
      read or write of any property of that type, the model does not record: an \
      `@Observable` class given `let tracking = ModelTracking()` without the \
      `_$observationRegistrar` member (its accesses go to the macro's registrar), a \
      `TrackedModel` whose properties are not `@Tracked`, an `ObservableObject` whose \
      `@Published` properties no `Trace.read` or `Trace.write` records. Every rule is then \
      blind to it: its writes cause no over-broad evaluation, no missed update, no \
      equal-value write, and a gate stays green for the wrong reason. The count is the \
      evaluations of the views that subscribe to the type, in which no rule can tell what \
      the type's changes re-evaluate. \
      A view that holds an instrumented model only to call its methods, in a run that never \
      reads or writes it, triggers the rule too, unless its `observe` events say how many \
      of its properties record (`count`, which the harness writes for @Tracked models): \
      otherwise ignore the type in .redraw.json. Under \
      property-level tracking no subscription is recorded, so the rule cannot see such a \
      model; the harness refuses the ones it can tell (a plain @Observable class in its \
      wrappers does not compile; a half-pasted one fails the test), and a TrackedModel \
      without @Observable or @Tracked shows as views that never update.
      """,
    fix: """
      Instrument the type as docs/getting-started.md shows: an @Observable class conforms to \
      TrackedModel and declares `let tracking = ModelTracking()`, \
      `private nonisolated var _$observationRegistrar: ModelTracking { tracking }` and the two \
      `access(keyPath:)` functions; any other class marks its observable properties @Tracked; \
      an ObservableObject records its properties with Trace.read and Trace.write.
      """,
    triggeringExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"InboxScreen","node":1}"#,
      #"{"e":"observe","t":101,"tid":1,"obj":1,"type":"InboxModel","detail":"observedObject"}"#,
      #"{"e":"end","t":110,"tid":1,"id":1}"#,
      #"{"e":"body","t":200,"tid":1,"id":2,"view":"InboxScreen","node":1}"#,
      #"{"e":"observe","t":201,"tid":1,"obj":1,"type":"InboxModel","detail":"observedObject"}"#,
      #"{"e":"end","t":210,"tid":1,"id":2}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"InboxScreen","node":1}"#,
      #"{"e":"observe","t":101,"tid":1,"obj":1,"type":"InboxModel","detail":"observedObject"}"#,
      #"{"e":"read","t":102,"tid":1,"obj":1,"type":"InboxModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":110,"tid":1,"id":1}"#,
      #"{"e":"write","t":150,"tid":1,"obj":1,"type":"InboxModel","prop":"unreadCount"}"#,
      #"{"e":"body","t":200,"tid":1,"id":2,"view":"InboxScreen","node":1}"#,
      #"{"e":"observe","t":201,"tid":1,"obj":1,"type":"InboxModel","detail":"observedObject"}"#,
      #"{"e":"read","t":202,"tid":1,"obj":1,"type":"InboxModel","prop":"unreadCount"}"#,
      #"{"e":"end","t":210,"tid":1,"id":2}"#)
  )

  /// A finding for each model type that views subscribe to and whose reads and writes the session never recorded.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    // A type is known to record when the session saw one of its properties, or when an
    // `observe` event said how many of them record (the harness does): a run that never
    // touches such a model is no sign that it does not record.
    var recorded = Set(session.properties.map(\.type))
    for node in session.nodes {
      for holding in node.holdings where holding.recordedProperties > 0 { recorded.insert(holding.type) }
    }
    var models: [Model] = []
    var positions: [String: Int] = [:]
    for node in session.nodes {
      for holding in node.holdings where !recorded.contains(holding.type) {
        if positions[holding.type] == nil {
          positions[holding.type] = models.count
          models.append(Model(type: holding.type, first: holding.first ?? node.first, node: node.node))
        }
        models[positions[holding.type]!].add(node, wrapper: holding.wrapper)
      }
    }
    let nodes = session.nodeLocations
    let bodies = session.bodyLocations
    return models.map { model in
      finding(
        in: session, context: context,
        message: message(model), view: model.views.first, type: model.type,
        count: model.evaluations, location: nodes[model.node] ?? model.views.lazy.compactMap { bodies[$0] }.first,
        evidence: model.first)
    }
  }

  /// One type that views subscribe to, and the views.
  struct Model {
    var type: String
    /// Its first `observe` event.
    var first: Evidence
    /// The first node that subscribes to it.
    var node: Int64
    /// The view types that subscribe to it, in order of appearance.
    var views: [String] = []
    var wrappers: [ModelWrapper] = []
    /// The subscribing nodes' evaluations (a node counted once).
    var evaluations = 0
    private var nodes: Set<Int64> = []

    init(type: String, first: Evidence, node: Int64) {
      self.type = type
      self.first = first
      self.node = node
    }

    mutating func add(_ node: NodeSummary, wrapper: ModelWrapper?) {
      if let wrapper, !wrappers.contains(wrapper) { wrappers.append(wrapper) }
      guard nodes.insert(node.node).inserted else { return }
      evaluations += node.evaluations
      if !views.contains(node.view) { views.append(node.view) }
    }
  }

  // MARK: - Messages

  /// Says what was seen, a subscription and no access, and both things it can mean: the
  /// trace cannot tell a model that does not record from one the run never touched.
  static func message(_ model: Model) -> String {
    let through = model.wrappers.isEmpty ? "" : " (\(Wording.list(model.wrappers.map(\.attribute))))"
    let verb = model.views.count == 1 ? "subscribes" : "subscribe"
    return "\(Wording.list(model.views)) \(verb) to \(model.type)\(through), and the trace records no read or "
      + "write of its properties: either \(model.type) does not record them (check that it is instrumented as "
      + "docs/getting-started.md shows), or this run never read or wrote one (then the views hold it only to "
      + "call its methods; ignore the type in .redraw.json). Until it records, no rule can tell what its "
      + "changes re-evaluate in these views' \(Wording.count(model.evaluations, "evaluation"))."
  }
}
