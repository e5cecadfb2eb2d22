import RedrawSchema
import RedrawSessions

/// How a ``MigrationPlan`` is computed from an analysis: the what-if per node, grouped by
/// view and by the model whose writes caused it.
extension MigrationPlan {
  /// The plan of the models `analysis` shows tracked per object.
  ///
  /// - Parameters:
  ///   - context: The rules' thresholds (`whole-model-read`'s decide the parents listed).
  ///   - target: The SwiftUI build the app will be built with; when nil, the one the
  ///     traces reproduce if they agree, else Xcode 26, under which more initializers repeat.
  ///     Sessions that say nothing (`swiftUI` absent, or `mixed`) do not count.
  ///   - keeping: Models that stay `ObservableObject` (an `@AppStorage` stand-in, a model
  ///     left for later): their writes go on invalidating as they do now.
  package init(analysis: Analysis, context: RuleContext, target: SwiftUIBuild?, keeping: Set<String> = []) {
    let sessions = analysis.sessions
    let recorded = Set(sessions.compactMap(\.swiftUI))
    if let target {
      (self.target, targetSource) = (target, .option)
    } else if recorded.count == 1, let build = recorded.first {
      (self.target, targetSource) = (build, .trace)
    } else {
      (self.target, targetSource) = (.xcode26, recorded.isEmpty ? .assumed : .conflicting)
    }
    var views = Grouped<ViewPrediction>()
    var models: [String: ModelAccumulator] = [:]
    var parents: [WholeModelParent] = []
    for session in sessions {
      let facts = SessionFacts(session)
      for node in session.nodes {
        // What a kept model's move would save or add stays as it is now.
        let keptSaved = keeping.reduce(0) { $0 + (facts.saved[NodeTypeName(node: node.node, type: $1)] ?? 0) }
        let keptAdded = keeping.reduce(0) { $0 + (facts.missed[NodeTypeName(node: node.node, type: $1)] ?? 0) }
        let change = EvaluationChange(
          now: node.evaluations, saved: node.saved - keptSaved, added: node.missedUpdates - keptAdded)
        views.update(node.view) {
          ViewPrediction(view: node.view, evaluations: EvaluationChange(), location: nil)
        } change: {
          $0.evaluations = $0.evaluations + change
          if $0.location == nil { $0.location = CodeLocation(site: node.site) }
        }
      }
      for type in facts.objectLevelTypes where !keeping.contains(type) {
        models[type, default: ModelAccumulator(type: type)].add(session, facts: facts)
      }
      parents += WholeModelReadRule.wholeModelReads(in: session, context: context).map { read, children in
        WholeModelParent(
          view: read.view, type: read.type, properties: read.properties, knownProperties: read.knownProperties,
          children: children.views.sorted(), childEvaluations: children.evaluations,
          location: facts.locations[read.node])
      }
    }
    self.views = views.values.sorted { ($0.evaluations.now, $1.view) > ($1.evaluations.now, $0.view) }
    self.models = models.values.map(\.plan).sorted {
      ($0.evaluations.saved, $0.evaluations.added, $1.type) > ($1.evaluations.saved, $1.evaluations.added, $0.type)
    }
    wholeModelReads = Self.merged(parents)
    checklist = Self.checklist(models: self.models, parents: wholeModelReads, target: self.target)
    kept = keeping.sorted()
  }
}

// MARK: - Per session

/// What the plan reads of one session, indexed once.
private struct SessionFacts {
  /// The types tracked per object: subscribed to, or whose updates missed a view.
  var objectLevelTypes: [String]
  /// Saved evaluations by node and type.
  var saved: [NodeTypeName: Int] = [:]
  /// Missed updates by node and type.
  var missed: [NodeTypeName: Int] = [:]
  var locations: [Int64: CodeLocation]

  init(_ session: Session) {
    var types: [String] = []
    func note(_ type: String) { if !types.contains(type) { types.append(type) } }
    for node in session.nodes { for holding in node.holdings { note(holding.type) } }
    for entry in session.missedUpdates {
      note(entry.type)
      missed[NodeTypeName(node: entry.node, type: entry.type), default: 0] += entry.updates
    }
    for entry in session.summaries[SavedEvaluationsCollector.self] ?? [] {
      saved[NodeTypeName(node: entry.node, type: entry.type), default: 0] += entry.total
    }
    objectLevelTypes = types
    locations = session.nodeLocations
  }
}

private struct NodeTypeName: Hashable {
  var node: Int64
  var type: String
}

/// Values by name, in order of first sight.
private struct Grouped<Value> {
  private var positions: [String: Int] = [:]
  private(set) var values: [Value] = []

  mutating func update(_ name: String, initial: () -> Value, change: (inout Value) -> Void) {
    let position: Int
    if let found = positions[name] {
      position = found
    } else {
      position = values.count
      positions[name] = position
      values.append(initial())
    }
    change(&values[position])
  }
}

// MARK: - Per model

/// One model's views and owners, gathered over the sessions.
private struct ModelAccumulator {
  var type: String
  var views = Grouped<MigrationPlan.ModelView>()
  var owners = Grouped<OwnerAccumulator>()
  var equalWrites = 0

  init(type: String) { self.type = type }

  mutating func add(_ session: Session, facts: SessionFacts) {
    let type = self.type
    equalWrites += session.properties.filter { $0.type == type }.reduce(0) { $0 + $1.equalWrites }
    for node in session.nodes {
      let key = NodeTypeName(node: node.node, type: type)
      let holding = node.holdings.first { $0.type == type }
      let reads = node.readProperties.contains { $0.hasPrefix(type + ".") }
      let saved = facts.saved[key] ?? 0
      let added = facts.missed[key] ?? 0
      guard holding != nil || reads || saved > 0 || added > 0 else { continue }
      views.update(node.view) {
        MigrationPlan.ModelView(
          view: node.view, wrapper: holding?.wrapper, becomes: nil, evaluations: MigrationPlan.EvaluationChange(),
          location: facts.locations[node.node])
      } change: { view in
        view.evaluations =
          view.evaluations + MigrationPlan.EvaluationChange(now: node.evaluations, saved: saved, added: added)
        if view.wrapper == nil { view.wrapper = holding?.wrapper }
        view.readsModel = view.readsModel || reads
        // Any node of the view that makes bindings to the model makes the view's declaration
        // need `@Bindable`.
        let binds = node.bindings.contains(type) || view.becomes?.binds == true
        view.becomes = Self.declaration(after: view.wrapper, type: type, binds: binds) ?? view.becomes
      }
      if let wrapper = holding?.wrapper, wrapper.owns {
        addOwner(node, assignedInInit: wrapper == .stateObjectInInit, session: session, facts: facts)
      }
    }
  }

  /// What a view's declaration becomes; a view that makes bindings to the model needs
  /// `@Bindable` (`@State` makes its own: `$model.query` is a binding through `Binding`).
  static func declaration(after wrapper: ModelWrapper?, type: String, binds: Bool) -> MigrationPlan.MigratedDeclaration?
  {
    switch wrapper {
    case .stateObject: .state
    case .stateObjectInInit: .stateInInit
    case .observedObject: binds ? .bindable : .plain
    case .environmentObject: binds ? .bindableEnvironment(type) : .environment(type)
    case nil: nil
    }
  }

  /// An owner node: its initial value's runs now (from `init` events when `Trace.make` recorded
  /// them, else once per identity) and as `@State` (once per struct made under the property
  /// wrapper, once per identity under the macro; once per struct made under both for a value
  /// its `init` assigns, which the caller evaluates).
  private mutating func addOwner(
    _ node: NodeSummary, assignedInInit: Bool, session: Session, facts: SessionFacts
  ) {
    let groups = session.initGroups.filter { $0.type == type && $0.owner == node.node }
    let runs = groups.isEmpty ? 1 : groups.reduce(0) { $0 + $1.runs }
    let effects = groups.reduce(0) { $0 + $1.effectCount }
    let site = groups.lazy.compactMap(\.site).first
    let structs = node.structsAfterMigration
    let described = groups.flatMap { group in
      group.effects.keys.sorted().map { kind in
        [kind.name, group.effectDetails[kind]].compactMap { $0 }.joined(separator: " ")
      }
    }
    owners.update("\(node.view)\u{0}\(site ?? "")") {
      OwnerAccumulator(
        owner: MigrationPlan.ModelOwner(
          view: node.view, site: site, location: CodeLocation(site: site) ?? facts.locations[node.node],
          initRuns: MigrationPlan.InitRuns(now: 0, xcode26: 0, xcode27: 0), effectsPerRun: nil, effects: [],
          structsInferred: false, assignedInInit: assignedInInit))
    } change: { entry in
      entry.owner.initRuns.now += runs
      entry.owner.initRuns.xcode26 += structs.count
      entry.owner.initRuns.xcode27 += assignedInInit ? structs.count : 1
      entry.owner.structsInferred = entry.owner.structsInferred || structs.inferred
      if !groups.isEmpty {
        entry.recordedRuns += runs
        entry.effects += effects
      }
      for effect in described where !entry.owner.effects.contains(effect) { entry.owner.effects.append(effect) }
    }
  }

  /// An owner and the effects and runs its `init` events recorded.
  struct OwnerAccumulator {
    var owner: MigrationPlan.ModelOwner
    var recordedRuns = 0
    var effects = 0

    /// The owner, with its effects per run (rounded) when runs were recorded.
    var finished: MigrationPlan.ModelOwner {
      var owner = self.owner
      if recordedRuns > 0 { owner.effectsPerRun = (effects + recordedRuns / 2) / recordedRuns }
      return owner
    }
  }

  var plan: MigrationPlan.ModelPlan {
    let views = views.values
    return MigrationPlan.ModelPlan(
      type: type, evaluations: views.reduce(MigrationPlan.EvaluationChange()) { $0 + $1.evaluations }, views: views,
      owners: owners.values.map(\.finished), equalWrites: equalWrites)
  }
}

extension MigrationPlan {
  /// One entry per parent view, model type and place: the same parent seen in several
  /// sessions (or as several nodes) is one change to make, with every child and evaluation.
  static func merged(_ parents: [WholeModelParent]) -> [WholeModelParent] {
    var merged: [WholeModelParent] = []
    var positions: [WholeModelParentKey: Int] = [:]
    for parent in parents {
      let key = WholeModelParentKey(view: parent.view, type: parent.type, location: parent.location)
      guard let position = positions[key] else {
        positions[key] = merged.count
        merged.append(parent)
        continue
      }
      merged[position].properties = Array(Set(merged[position].properties + parent.properties)).sorted()
      merged[position].knownProperties = max(merged[position].knownProperties, parent.knownProperties)
      merged[position].children = Array(Set(merged[position].children + parent.children)).sorted()
      merged[position].childEvaluations += parent.childEvaluations
    }
    return merged
  }

  private struct WholeModelParentKey: Hashable {
    var view: String
    var type: String
    var location: CodeLocation?
  }
}
