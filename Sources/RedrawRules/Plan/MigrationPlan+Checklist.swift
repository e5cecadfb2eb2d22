import RedrawSchema
import RedrawSessions

/// The plan's checklist: what to change, where, and how much it matters.
extension MigrationPlan {
  /// The items of the plan's models and parents: errors first (an effectful initializer
  /// that would run more often once its `@StateObject` is `@State`), then by file and line.
  static func checklist(models: [ModelPlan], parents: [WholeModelParent], target: SwiftUIBuild) -> [ChecklistItem] {
    var items: [ChecklistItem] = []
    for model in models {
      var owned: Set<String> = []
      for owner in model.owners {
        let found = ownerItems(owner, type: model.type, target: target)
        if !found.isEmpty { owned.insert(owner.view) }
        items += found
      }
      for view in model.views {
        // An owner's item already says its `@StateObject` becomes `@State`, and at what cost.
        if let wrapper = view.wrapper, let becomes = view.becomes,
          !((becomes == .state || becomes == .stateInInit) && owned.contains(view.view))
        {
          items.append(
            ChecklistItem(
              kind: .declaration, severity: .info, location: view.location, view: view.view, type: model.type,
              text: "\(view.view): `\(wrapper.attribute) var …: \(model.type)` becomes "
                + Self.migrated(becomes)))
        }
        if let wrapper = view.wrapper, !view.readsModel, view.evaluations.saved > 0 {
          items.append(
            ChecklistItem(
              kind: .stopsUpdating, severity: .info, location: view.location, view: view.view, type: model.type,
              text: "\(view.view) holds \(model.type) in `\(wrapper.attribute)` and its bodies read none of its "
                + "properties: with @Observable its writes re-evaluate it no more "
                + "(\(Wording.count(view.evaluations.saved, "evaluation")) saved). If its body shows state "
                + "those writes announce without recording it (a plain class's property reached through the "
                + "model, changed before `objectWillChange.send()`), it will go stale: make that state "
                + "observable too."))
        }
        if view.evaluations.added > 0 {
          let added = view.evaluations.added
          items.append(
            ChecklistItem(
              kind: .startsUpdating, severity: .warning, location: view.location, view: view.view, type: model.type,
              text: "\(view.view) reads \(model.type) without subscribing to it and missed "
                + "\(Wording.count(added, "update")) of it, showing stale data: with @Observable it is re-evaluated "
                + "\(Wording.count(added, "more time")), once for each."))
        }
      }
    }
    for parent in parents {
      items.append(
        ChecklistItem(
          kind: .narrowValues, severity: .warning, location: parent.location, view: parent.view, type: parent.type,
          text: "\(parent.view) reads \(parent.properties.count) of the \(parent.knownProperties) properties of "
            + "\(parent.type) and re-evaluated \(Wording.list(parent.children)) "
            + "\(Wording.count(parent.childEvaluations, "time")) with it: hand "
            + "\(parent.children.count == 1 ? "it" : "each") only the values it shows, or the model itself."))
    }
    return items.sorted { a, b in
      if a.severity != b.severity { return a.severity > b.severity }
      let left = (a.location?.file ?? "\u{10FFFF}", a.location?.line ?? 0, a.text)
      let right = (b.location?.file ?? "\u{10FFFF}", b.location?.line ?? 0, b.text)
      return left < right
    }
  }

  /// The new declaration, as the checklist says it.
  private static func migrated(_ becomes: MigratedDeclaration) -> String {
    switch becomes {
    case .bindable: "`@Bindable var …` (it makes bindings to the model: `$model.…`)."
    case .stateInInit:
      "`@State`, assigned in its init as `_model = State(initialValue: …)`, which the caller evaluates on every "
        + "re-creation of the struct with either Xcode."
    case .bindableEnvironment(let type):
      "`@Environment(\(type).self) var model`, with `@Bindable var model = model` in its body (it makes "
        + "bindings to the model: `$model.…`)."
    default: "`\(becomes.spelling)`."
    }
  }

  /// What a `@StateObject` owner's move to `@State` costs under `target`, and under the other
  /// build when that differs.
  private static func ownerItems(_ owner: ModelOwner, type: String, target: SwiftUIBuild) -> [ChecklistItem] {
    let other: SwiftUIBuild = target == .xcode26 ? .xcode27 : .xcode26
    let inferred = owner.structsInferred ? " (inferred from its parent's evaluations)" : ""
    let effects =
      owner.effectsPerRun.map { perRun -> String in
        guard perRun > 0 else { return "" }
        return ", each starting \(Wording.count(perRun, "effect")) (\(owner.effects.joined(separator: ", ")))"
      } ?? ""
    func runs(_ build: SwiftUIBuild) -> String {
      "built with \(build.displayName) its initial value runs \(Wording.count(owner.initRuns.runs(under: build), "time"))"
        + (build == .xcode26 ? inferred : "") + " instead of \(owner.initRuns.now)"
    }
    let subject =
      owner.assignedInInit
      ? "\(owner.view): `_model = StateObject(wrappedValue: \(type)(…))` in its init becomes "
        + "`_model = State(initialValue: \(type)(…))`, which the caller evaluates on every re-creation (with "
        + "Xcode 27 too, as far as Apple's documentation tells: docs/harness.md)"
      : "\(owner.view): `@StateObject var … = \(type)(…)` becomes `@State`"
    if owner.repeats(under: target) {
      let effectful = (owner.effectsPerRun ?? 0) > 0
      return [
        ChecklistItem(
          kind: effectful ? .repeatingEffects : .repeatingInitializer, severity: effectful ? .error : .warning,
          location: owner.location, view: owner.view, type: type,
          text: subject + ": " + runs(target) + effects + ". "
            + (effectful
              ? "Start that work in .task and keep the initializer to assigning stored properties, or create the model higher up and pass it in."
              : "Every extra run builds another \(type), thrown away; keep its initializer cheap."))
      ]
    }
    guard owner.repeats(under: other) else { return [] }
    return [
      ChecklistItem(
        kind: (owner.effectsPerRun ?? 0) > 0 ? .repeatingEffects : .repeatingInitializer, severity: .info,
        location: owner.location, view: owner.view, type: type,
        text: subject + ": built with \(target.displayName) its initial value runs once per view identity, as now; "
          + runs(other) + effects + ".")
    ]
  }
}
