import RedrawReading

/// One view node and why its body was evaluated each time.
///
/// Its counts are in two parts, ``EvaluationCounts`` and ``StructCounts``, whose members
/// read as the node's own (`node.overBroad`, `node.structsMade`) through dynamic member
/// lookup.
@dynamicMemberLookup
public struct NodeSummary: Sendable {
  /// The node's id, as its `body` events give it.
  public var node: Int64
  /// The view type's name.
  public var view: String
  /// The parent node named by the node's `body` events.
  public var parent: Int64?
  /// The node's first `body` event.
  public var first: Evidence
  /// The `site` of its first `body` event that recorded one, as recorded: where the view's
  /// body is (the marker's or body form's call), or where the harness declares the view.
  public var site: String?
  /// Its body evaluations by cause.
  public var evaluationCounts = EvaluationCounts()
  /// The view structs made for it.
  public var structCounts = StructCounts()
  /// Nanoseconds spent in the body, all evaluations.
  public var bodyTime: Int64 = 0
  /// Distinct properties (type and name) read over all evaluations.
  public var propertiesRead = 0
  /// Evaluations per time bucket from the session's start (``EventTally/timelineBucket`` wide),
  /// only the buckets that have any, in order.
  public var timeline: [TimelineBucket] = []
  /// The properties the node read, as `Type.property`, sorted.
  public var readProperties: [String] = []
  /// The types it subscribed to (`observe` events), and through which wrapper.
  public var holdings: [ModelHolding] = []
  /// The types it edited through bindings (writes inside its `binding` actions), sorted.
  public var bindings: [String] = []

  /// A count of ``evaluationCounts``, as the node's own.
  @inlinable
  public subscript<Value>(dynamicMember path: WritableKeyPath<EvaluationCounts, Value>) -> Value {
    get { evaluationCounts[keyPath: path] }
    set { evaluationCounts[keyPath: path] = newValue }
  }

  /// A count of ``structCounts``, as the node's own.
  @inlinable
  public subscript<Value>(dynamicMember path: WritableKeyPath<StructCounts, Value>) -> Value {
    get { structCounts[keyPath: path] }
    set { structCounts[keyPath: path] = newValue }
  }

  /// Buckets of the per-node evaluation timeline.
  package static let timelineBuckets = 64

  /// The node `node` of `view`, first evaluated at `first`, with nothing counted yet.
  public init(node: Int64, view: String, first: Evidence) {
    self.node = node
    self.view = view
    self.first = first
  }

  /// The evaluations the same run would have had with property-level tracking
  /// (`@Observable`): without the over-broad, equal-value, own-write and cascaded ones, and
  /// with one more for each missed update.
  public var evaluationsWithPropertyTracking: Int {
    self.evaluations - self.overBroad - self.cascaded - self.equalValue - self.ownWrite + self.missedUpdates
  }

  /// The view structs made for it: recorded, or else inferred (one, and one more for each
  /// of its parent's later evaluations), with whether it was inferred.
  public var structs: (count: Int, inferred: Bool) {
    if let made = self.structsMade { return (max(made, 1), false) }
    return (1 + self.parentEvaluationsSinceFirst, true)
  }

  /// The view structs that will be made for it after the move to `@Observable`: ``structs``
  /// without those made by the parent evaluations the move saves. (A parent's added
  /// evaluations, updates it missed, would make more; they are not counted.)
  public var structsAfterMigration: (count: Int, inferred: Bool) {
    if let made = self.structsMade { return (max(made - self.structsMadeBySavedEvaluations, 1), false) }
    return (1 + max(0, self.parentEvaluationsSinceFirst - self.parentSavedEvaluationsSinceFirst), true)
  }

  /// Its evaluations the move to `@Observable` saves.
  package var saved: Int { self.overBroad + self.equalValue + self.ownWrite + self.cascaded }
}

extension NodeSummary {
  /// How a view held an object it subscribed to: the `observe` event's `detail`.
  public struct ModelHolding: Sendable, Hashable {
    /// The object's type.
    public var type: String
    /// The wrapper; nil when the event named none this reader knows.
    public var wrapper: ModelWrapper?
    /// The node's first `observe` event of the type through the wrapper.
    public var first: Evidence?
    /// How many of the type's properties record their reads and writes, as the `observe`
    /// events' `count` said; 0 when they did not say.
    public var recordedProperties: Int

    /// A holding of `type` through `wrapper`, first observed at `first`, whose type records
    /// `recordedProperties` properties (0: not known).
    public init(type: String, wrapper: ModelWrapper?, first: Evidence? = nil, recordedProperties: Int = 0) {
      self.type = type
      self.wrapper = wrapper
      self.first = first
      self.recordedProperties = recordedProperties
    }
  }
}

/// The property wrappers through which a view subscribes to an `ObservableObject`.
public enum ModelWrapper: String, Sendable, Hashable, CaseIterable {
  case stateObject, observedObject, environmentObject
  /// `@StateObject` whose initial value the view's `init` assigns.
  case stateObjectInInit

  /// Whether the view owns the object (`@StateObject`, however its value is given).
  public var owns: Bool { self == .stateObject || self == .stateObjectInInit }

  /// As written in Swift: `@StateObject`.
  public var attribute: String {
    switch self {
    case .stateObject, .stateObjectInInit: "@StateObject"
    case .observedObject: "@ObservedObject"
    case .environmentObject: "@EnvironmentObject"
    }
  }
}

extension NodeSummary {
  /// One bucket of a node's timeline.
  public struct TimelineBucket: Sendable, Hashable {
    /// The bucket's position, 0 ..< 64, from the session's start.
    public var index: Int32
    /// Body evaluations in the bucket.
    public var evaluations: Int32
    /// The over-broad and cascaded evaluations among them.
    public var wasted: Int32

    /// The bucket at `index`, with `evaluations`, of which `wasted` were wasted.
    public init(index: Int32, evaluations: Int32, wasted: Int32) {
      self.index = index
      self.evaluations = evaluations
      self.wasted = wasted
    }
  }
}

/// A node's body evaluations by cause.
public struct EvaluationCounts: Sendable, Hashable {
  /// Body evaluations, all causes.
  public var evaluations = 0
  /// First evaluations.
  public var initial = 0
  /// Evaluations caused by a write to a property the view read.
  public var needed = 0
  /// Evaluations caused by the view's own state.
  public var state = 0
  /// Evaluations because the parent was evaluated (and needed to be).
  public var parentDriven = 0
  /// Evaluations caused by writes to properties of a read object that the view never read.
  public var overBroad = 0
  /// Evaluations because an ancestor's evaluation was wasted (over-broad, of an equal
  /// value, an own write's, or cascaded itself): re-created by it, mounted by it, or caused
  /// by writes to models it made.
  public var cascaded = 0
  /// Evaluations caused only by writes of an equal value to properties it read
  /// (`"same":true`): `@Observable` since Swift 6.2 does not notify of those.
  public var equalValue = 0
  /// Evaluations caused only by writes its own last evaluation made during its body to
  /// properties it read: `ObservableObject` notifies the writer; `@Observable`, which
  /// registers a body's observers when the body returns, does not.
  public var ownWrite = 0
  /// Updates of properties it read without subscribing to their object that never
  /// re-evaluated it (the `missed-update` rule): with `@Observable` each would have.
  public var missedUpdates = 0
  /// Evaluations with no cause the trace shows.
  public var unknown = 0

  /// No evaluation yet.
  public init() {}
}

/// The view structs made for a node, recorded or inferred from its parent's evaluations.
public struct StructCounts: Sendable, Hashable {
  /// The view structs made for the node, as `struct` events recorded them (the harness
  /// writes them); nil when the trace recorded none for it.
  public var structsMade: Int?
  /// Of ``structsMade``, those made by parent evaluations the migration saves (over-broad,
  /// of an equal value, or cascaded): after the move they are not made.
  public var structsMadeBySavedEvaluations = 0
  /// Evaluations of its parent after its own first one: each re-created its struct, as far
  /// as a trace without `struct` events tells.
  public var parentEvaluationsSinceFirst = 0
  /// Of those, the ones the migration saves.
  public var parentSavedEvaluationsSinceFirst = 0

  /// None recorded or inferred yet.
  public init() {}
}
