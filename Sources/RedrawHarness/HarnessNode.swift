import RedrawTrace

/// One view in the harness's tree: its identity, its current struct, its state storage,
/// what its last evaluation read, and why it must be evaluated again.
final class HarnessNode {
  /// The `node` written to the trace: 1 for the root, then in order of creation.
  let id: Int
  let typeName: String
  let key: ChildKey
  /// Where the view is declared: the `site` of its `body` events.
  let site: Site
  weak var parent: HarnessNode?
  var view: any HarnessView
  var environment: [ObjectIdentifier: AnyObject]
  /// Its environment values, and how its parent set them.
  var values: Values
  var children: [HarnessNode] = []
  /// ``ViewState`` storage, in declaration order.
  var stateSlots: [AnyObject] = []

  /// What the last evaluation read, and the objects the view subscribes to.
  var reads = Reads()
  /// Why the node must be evaluated again.
  var pending = PendingChange()
  /// The event handlers and texts the last evaluation declared.
  var declared = Declared()
  /// What its `onChange` and `onDisappear` actions keep between evaluations.
  var lifecycle = Lifecycle()
  /// What its parent's last evaluation attached to it.
  var modifiers = ViewModifiers()
  /// How many updates it keeps its state once scrolled away, as a lazy container's row.
  var keptUpdates = 0
  /// Its lazy containers, where they are scrolled to, and what its last evaluation declared.
  var lazy = LazyRows()
  /// The preference values its last evaluation handed up and its `onPreferenceChange` actions.
  var preferences = Preferences()

  /// An object a view subscribes to, and how.
  struct Subscription {
    var model: any TrackedModel
    var tracking: ModelTracking { model.tracking }
    var type: String
    var via: ObjectSubscription
    /// How many of its class's properties record their accesses.
    var recordedProperties: Int
    var objectID: UInt64 { tracking.identity.objectID }
    var key: ObjectIdentifier { ObjectIdentifier(tracking) }
  }

  var evaluations = 0
  /// The texts it shows now: a bound field's read through its binding.
  var texts: [String] { declared.shown.map(\.text) }
  /// Counts evaluations, so observations set up by an earlier one are recognized.
  var generation = 0

  /// What an evaluation read: objects, object and property pairs, and the models (kept
  /// alive for write observation); and the objects the view subscribes to through its
  /// wrappers, as the last binding found them.
  struct Reads {
    var objects: Set<UInt64> = []
    var properties: Set<PropertyKey> = []
    var models: [ObjectIdentifier: ModelTracking] = [:]
    var subscriptions: [Subscription] = []
    /// The environment keys read (``ViewContent/environment(_:)``).
    var keys: Set<ObjectIdentifier> = []
  }

  /// A node's environment values: its parent's, as its parent's body set them for it.
  struct Values {
    var inherited: HarnessEnvironmentValues
    let setting: (inout HarnessEnvironmentValues) -> Void

    init(from parent: HarnessEnvironmentValues, setting: @escaping (inout HarnessEnvironmentValues) -> Void) {
      var inherited = parent
      setting(&inherited)
      self.inherited = inherited
      self.setting = setting
    }
  }

  /// Why a node must be evaluated again; nothing when it is clean.
  struct PendingChange {
    var writes: [TrackedWrite] = []
    var stateChanged = false
    var inputsChanged = false
    /// Observation reported a change that no recorded write explains (a model that does not
    /// record): the evaluation's cause is unknown.
    var unattributedChange = false
    var isNew = true

    var isDirty: Bool { isNew || stateChanged || inputsChanged || unattributedChange || !writes.isEmpty }

    /// The cause of the next evaluation of a view that read `properties`, in the analyzer's
    /// order: first evaluation, own state, a write to a property it read, new inputs from
    /// the parent, any other write; otherwise (a change no recorded write explains) unknown.
    func cause(reading properties: Set<PropertyKey>) -> BodyCause {
      if isNew { return .initial }
      if stateChanged { return .state }
      if let needed = writes.first(where: { properties.contains(PropertyKey($0)) }) {
        return .write(object: needed.objectID, type: needed.type, property: needed.property)
      }
      if inputsChanged { return .parent }
      if let write = writes.first {
        return .write(object: write.objectID, type: write.type, property: write.property)
      }
      return .unknown
    }
  }

  /// The values the view's `onChange` actions last saw, by where the body declared each, the
  /// `onDisappear` actions of its last evaluation, its tasks and the ids they last started
  /// with, and its `onReceive` subscriptions.
  struct Lifecycle {
    var watched: [WatchKey: ViewContent.ChangeWatch] = [:]
    var disappear: [() -> Void] = []
    /// The `id`s of the view's tasks when they last started, by task name.
    var taskIDs: [String: AnyHashable?] = [:]
    /// The view's tasks last started, by name: cancelled when it disappears.
    var tasks: [String: EffectTask] = [:]
    /// The `onAppear` actions and tasks its last evaluation declared: a row scrolled back
    /// runs them again without an evaluation.
    var appear: [() -> Void] = []
    var declaredTasks: [ViewContent.Task] = []
    /// Its `onReceive` subscriptions, by where the body declared each.
    var receivers: [WatchKey: ViewContent.Subscribed] = [:]
  }

  /// A node's lazy containers (of its last evaluation), the first row in view of each, and the
  /// children its last evaluation declared, which scrolling declares again with other rows.
  struct LazyRows {
    var containers: [String: ViewContent.LazyContainer] = [:]
    var windows: [String: Int] = [:]
    var declared: [ViewContent.Child] = []
    /// Rows scrolled away that keep their state, by key, and the updates they have left.
    var parked: [ChildKey: (node: HarnessNode, updatesLeft: Int)] = [:]
    /// Its tab views and navigation links, by name: which tab or destination each shows (``ViewContent/tabView(_:selection:tags:loading:file:line:column:tab:modifiers:values:)``).
    var tabs: [String: ViewContent.TabSelection] = [:]
    /// Whether its content is a navigation stack's first screen (``ViewContent/navigationStack()``).
    var navigationStack = false
    /// Whether it is a pushed navigation destination: a screen of its own.
    var isDestination = false
    /// Whether a pushed destination covers it: its tasks wait until it shows again.
    var covered = false
    /// The push states of its links that keep their own.
    var linkStates = LinkStates()
  }

  /// What a view hands up and watches of its children's preferences.
  struct Preferences {
    /// The values its last evaluation set, by key type.
    var values: [ObjectIdentifier: Any] = [:]
    var watches: [ViewContent.PreferenceWatch] = []
    /// The value each watch was last given.
    var seen: [WatchKey: Any] = [:]
  }

  /// An `onChange` declaration: its call and which of that call's declarations it is.
  struct WatchKey: Hashable {
    var site: ChildKey.Site
    var occurrence: Int
  }

  /// What an evaluation declared: its event handlers, by name, and its texts.
  struct Declared {
    var actions: [String: ViewContent.Action] = [:]
    var shown: [ViewContent.ShownText] = []
    /// Its `.refreshable` action, if it declared one.
    var refresh: ((EffectTask) -> Void)?
  }

  /// A source location: the `content.child(…)` call that declares a view, or the
  /// ``ViewHarness`` initializer's call for the root.
  struct Site {
    var file: StaticString
    var line: UInt
  }

  init(
    id: Int, key: ChildKey, typeName: String, view: any HarnessView, environment: [ObjectIdentifier: AnyObject],
    values: Values = Values(from: HarnessEnvironmentValues(), setting: { _ in }), site: Site
  ) {
    self.values = values
    self.id = id
    self.key = key
    self.site = site
    self.typeName = typeName
    self.view = view
    self.environment = environment
  }

  var isDirty: Bool { pending.isDirty }

  /// The cause of the next evaluation (``PendingChange/cause(reading:)``).
  var cause: BodyCause { pending.cause(reading: reads.properties) }

  func markClean() { pending = PendingChange(isNew: false) }

  /// This node and its descendants, parents first.
  var subtree: [HarnessNode] { [self] + children.flatMap(\.subtree) }
}

/// An object's property, as a read set holds it.
struct PropertyKey: Hashable {
  var object: UInt64
  var property: String

  init(object: UInt64, property: String) {
    self.object = object
    self.property = property
  }

  init(_ write: TrackedWrite) {
    self.init(object: write.objectID, property: write.property)
  }
}
