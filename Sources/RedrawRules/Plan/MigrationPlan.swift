import RedrawSchema
import RedrawSessions

/// What moving each model from `ObservableObject` to `@Observable` will change, computed
/// from a recording of the app as it is: `redraw plan`.
///
/// A model is in the plan when the recording shows it tracked per object: views subscribe to
/// it (`observe` events), or its writes missed views that read it. For each, the plan says
/// the evaluations the move saves (over-broad ones, those caused only by writes of an equal
/// value, and the children's evaluations they cascaded into) and adds (missed updates that
/// will reach their views), per view the wrapper it holds the model in and what that becomes,
/// and per `@StateObject` owner how often its initial value will run once it is `@State`,
/// which depends on the Xcode that builds the app (`SwiftUIBuild`). The evaluation counts
/// are the analysis's what-if (`Session/evaluationsWithPropertyTracking`), so `redraw
/// analyze` and `redraw plan` never disagree.
///
/// Build one with `Analyzer/plan(for:target:keeping:)`.
public struct MigrationPlan: Sendable {
  /// The SwiftUI build the checklist's severities assume, and where it came from.
  public var target: SwiftUIBuild
  /// Where ``target`` came from: the option, the traces, or neither.
  public var targetSource: TargetSource
  /// Per view type over all the input: evaluations now and after the move of every model.
  public var views: [ViewPrediction]
  /// The models to move, those whose move saves most first.
  public var models: [ModelPlan]
  /// Parents that read a whole model to hand pieces of it to children (`whole-model-read`).
  public var wholeModelReads: [WholeModelParent]
  /// What to change, errors first, then by file and line.
  public var checklist: [ChecklistItem]
  /// Models kept as they are (`redraw plan --keep`), sorted: the plan neither moves them nor
  /// counts what their move would save or add.
  public var kept: [String] = []

  /// Where ``target`` came from.
  public enum TargetSource: String, Sendable {
    /// Asked for (`redraw plan --xcode`).
    case option
    /// The trace's `swiftUI` field: the build the recording reproduces.
    case trace
    /// Neither said: the property wrapper, under which more initializers repeat.
    case assumed
    /// The traces reproduce different builds: the property wrapper, as when none says.
    case conflicting
  }

  /// Evaluations over all views: now and after.
  public var totals: EvaluationChange {
    views.reduce(EvaluationChange()) { $0 + $1.evaluations }
  }
}

extension MigrationPlan {
  /// Body evaluations now and after a move, and what changed between them.
  public struct EvaluationChange: Sendable, Hashable {
    /// Evaluations now, as recorded.
    public var now = 0
    /// Evaluations the move removes.
    public var saved = 0
    /// Evaluations the move adds: updates that did not reach a view now will.
    public var added = 0

    /// `now` evaluations, of which the move removes `saved` and to which it adds `added`.
    public init(now: Int = 0, saved: Int = 0, added: Int = 0) {
      self.now = now
      self.saved = saved
      self.added = added
    }

    /// `now - saved + added`.
    public var after: Int { now - saved + added }

    static func + (lhs: Self, rhs: Self) -> Self {
      EvaluationChange(now: lhs.now + rhs.now, saved: lhs.saved + rhs.saved, added: lhs.added + rhs.added)
    }
  }

  /// One view type's evaluations now and after the whole migration.
  public struct ViewPrediction: Sendable, Hashable {
    /// The view type's name.
    public var view: String
    /// Its evaluations now and after the move of every model.
    public var evaluations: EvaluationChange
    /// Where its body is, when recorded.
    public var location: CodeLocation?
  }

  /// One model type's move.
  public struct ModelPlan: Sendable {
    /// The model type's name.
    public var type: String
    /// The evaluations of ``views``, now and after this model's move.
    public var evaluations: EvaluationChange
    /// The views that hold or read it, and those its writes re-evaluated through a parent.
    public var views: [ModelView]
    /// The views that own it in `@StateObject`, which becomes `@State`.
    public var owners: [ModelOwner]
    /// Writes of an equal value to its properties (`"same":true`), which `@Observable`
    /// since Swift 6.2 reports to no one.
    public var equalWrites: Int
  }

  /// How one view type holds a model, and what that becomes.
  public struct ModelView: Sendable, Hashable {
    /// The view type's name.
    public var view: String
    /// The wrapper it holds the model in; nil when it reads the model without subscribing to
    /// it (a plain `let`, or an object read through another), or only its children's
    /// evaluations changed.
    public var wrapper: ModelWrapper?
    /// What the declaration becomes.
    public var becomes: MigratedDeclaration?
    /// Its evaluations now and after this model's move.
    public var evaluations: EvaluationChange
    /// Where its body is, when recorded.
    public var location: CodeLocation?
    /// Whether any of its bodies read a property of the model.
    public var readsModel = false
  }

  /// What a view's declaration of a model becomes with `@Observable`.
  public enum MigratedDeclaration: Sendable, Hashable {
    /// `@StateObject var model = Model()` → `@State var model = Model()`.
    case state
    /// `_model = StateObject(wrappedValue: Model(id: id))` in `init` → `_model =
    /// State(initialValue: Model(id: id))`, evaluated on every re-creation of the struct.
    case stateInInit
    /// `@ObservedObject var model: Model` → `let model: Model`.
    case plain
    /// `@ObservedObject var model: Model` → `@Bindable var model: Model`: the view edits it
    /// through bindings.
    case bindable
    /// `@EnvironmentObject var model: Model` → `@Environment(Model.self) var model`.
    case environment(String)
    /// `@EnvironmentObject var model: Model` → `@Environment(Model.self) var model`, and
    /// `@Bindable var model = model` in `body`: the view makes bindings to the model (Apple's
    /// `Bindable` documentation shows the form).
    case bindableEnvironment(String)

    /// Whether the view makes bindings to the model, so its declaration needs `@Bindable`.
    public var binds: Bool {
      switch self {
      case .bindable, .bindableEnvironment: true
      case .state, .stateInInit, .plain, .environment: false
      }
    }

    /// As written in Swift.
    public var spelling: String {
      switch self {
      case .state: "@State"
      case .stateInInit: "@State (State(initialValue:) in init)"
      case .plain: "let"
      case .bindable: "@Bindable"
      case .environment(let type): "@Environment(\(type).self)"
      case .bindableEnvironment(let type): "@Environment(\(type).self) + @Bindable in body"
      }
    }
  }

  /// A view that owns a model in `@StateObject`: its initial value's runs now and once it is
  /// `@State`, under each SwiftUI build.
  public struct ModelOwner: Sendable, Hashable {
    /// The owning view type's name.
    public var view: String
    /// The construction (`Trace.make`'s call), when recorded.
    public var site: String?
    /// The construction, or else the view's body.
    public var location: CodeLocation?
    /// How often its initial value runs now, and would as `@State` under each build.
    public var initRuns: InitRuns
    /// Effects each run started, when the trace recorded the runs (`Trace.make`).
    public var effectsPerRun: Int?
    /// The kinds and details of the effects of a run, for the checklist: `network GET /feed`.
    public var effects: [String]
    /// Whether the view structs made for it were inferred from its parent's evaluations
    /// (the trace has no `struct` events), rather than recorded.
    public var structsInferred: Bool
    /// Whether its `init` assigns the initial value (`_model = StateObject(wrappedValue: …)`):
    /// as `@State(initialValue:)` it runs on every re-creation with either Xcode.
    public var assignedInInit = false

    /// Whether the initializer will run more often than now under `build`.
    public func repeats(under build: SwiftUIBuild) -> Bool { initRuns.runs(under: build) > initRuns.now }
  }

  /// Runs of an initial value: now (`@StateObject`: once per view identity) and as `@State`
  /// under each SwiftUI build.
  public struct InitRuns: Sendable, Hashable {
    /// Runs now, as `@StateObject`: once per view identity, or as the trace's `init` events counted.
    public var now: Int
    /// The property wrapper: once per view struct made.
    public var xcode26: Int
    /// The macro: once per view identity.
    public var xcode27: Int

    /// `now` runs, and `xcode26` and `xcode27` runs as `@State` under each build.
    public init(now: Int, xcode26: Int, xcode27: Int) {
      self.now = now
      self.xcode26 = xcode26
      self.xcode27 = xcode27
    }

    /// The runs as `@State` under `build`.
    public func runs(under build: SwiftUIBuild) -> Int { build == .xcode26 ? xcode26 : xcode27 }
  }

  /// A parent that reads most of a model and re-creates its children on every change.
  public struct WholeModelParent: Sendable, Hashable {
    /// The parent view type's name.
    public var view: String
    /// The model type it reads.
    public var type: String
    /// The properties it read, and of how many the session saw.
    public var properties: [String]
    /// How many properties of the type the session saw.
    public var knownProperties: Int
    /// The children its evaluations re-evaluated: each should get narrow values instead.
    public var children: [String]
    /// Their evaluations caused by it.
    public var childEvaluations: Int
    /// Where its body is, when recorded.
    public var location: CodeLocation?
  }

  /// One thing to change, at a place in the sources.
  public struct ChecklistItem: Sendable, Hashable {
    /// What an item asks to change.
    public enum Kind: String, Sendable {
      /// A `@StateObject` whose initial value starts effects and would run more often as `@State`.
      case repeatingEffects
      /// A `@StateObject` whose initial value would run more often as `@State`.
      case repeatingInitializer
      /// A property wrapper to change.
      case declaration
      /// A view that showed stale data and will now be re-evaluated.
      case startsUpdating
      /// A view that holds the model in a wrapper, reads none of it, and will stop being
      /// re-evaluated by its writes: stale, if it shows state the writes announce unrecorded.
      case stopsUpdating
      /// A parent to hand its children narrow values.
      case narrowValues
    }

    /// What the item asks to change.
    public var kind: Kind
    /// How much it matters: the checklist lists errors first.
    public var severity: Severity
    /// Where to change it, when recorded: an owner's construction of the model, else the view's body.
    public var location: CodeLocation?
    /// The view to change.
    public var view: String?
    /// The model type the item is about.
    public var type: String
    /// What to do, in a sentence or two.
    public var text: String
  }
}
