import Observation
import RedrawTrace

// MARK: - The three ways a view holds an ObservableObject

// Each holds a `TrackedModel`: the harness sees an object's writes, and the recorder its
// reads and writes, only through its `ModelTracking`. An object that cannot record (a plain
// `@Observable` class) does not compile in one; one that compiles but does not record its
// writes (an `@Observable` class whose registrar is not its `ModelTracking`) fails the test
// the first time a view holds it (``ModelTrackingCheck``).

/// A view's own model, as `@StateObject`: made once per view identity. The initial value
/// is an autoclosure run only when the identity is new (SwiftUI's `@StateObject` does the
/// same; `@State` and ``ViewState`` run theirs on every re-creation of the struct and drop
/// the result). The view subscribes to the object.
///
/// Assigned in the view's `init` (`_model = ViewStateObject(wrappedValue: Model(id: id))`),
/// it says so in its subscription (`stateObjectInInit`): once the model is `@State`, that
/// form is `_model = State(initialValue: …)`, evaluated on every re-creation with either Xcode.
@propertyWrapper
public struct ViewStateObject<Model: TrackedModel> {
  let storage: StateObjectStorage<Model>
  /// Whether the view's initializer assigns it, rather than a default value: `#function` is
  /// the initializer's name there (`init(id:)`), the type's for a property's default value.
  let assignedInInit: Bool

  /// `@ViewStateObject var model = Model()`: `make` runs only when the view's identity is new, and
  /// `function` tells an assignment in the view's `init` from a default value.
  public init(wrappedValue make: @autoclosure @escaping () -> Model, function: StaticString = #function) {
    storage = StateObjectStorage(make: make)
    assignedInInit = "\(function)".hasPrefix("init(")
  }

  /// The object of the view's identity, made on first use.
  public var wrappedValue: Model { storage.canonical.model }

  /// `$model.query`: a binding to a property.
  public var projectedValue: ModelBindings<Model> { ModelBindings(model: wrappedValue) }
}

/// A model handed in by a parent, as `@ObservedObject`. The view subscribes to the object.
@propertyWrapper
public struct ViewObservedObject<Model: TrackedModel> {
  /// The object the parent handed in.
  public let wrappedValue: Model

  /// `@ViewObservedObject var model: Model`, given the parent's object.
  public init(wrappedValue: Model) {
    self.wrappedValue = wrappedValue
  }

  /// `$model.query`: a binding to a property.
  public var projectedValue: ModelBindings<Model> { ModelBindings(model: wrappedValue) }
}

/// A model found in the environment an ancestor injected (`content.child(V(), environment:
/// [model])`), as `@EnvironmentObject`. The view subscribes to the object.
@propertyWrapper
public struct ViewEnvironmentObject<Model: TrackedModel> {
  let box = EnvironmentBox<Model>()

  /// `@ViewEnvironmentObject var model: Model`: the object is looked up when the harness binds the view.
  public init() {}

  /// The injected object. Like SwiftUI, a view whose ancestors injected none stops the
  /// process with a message naming the type (the trace flushed first).
  public var wrappedValue: Model {
    guard let model = box.model else {
      HarnessFailure.stop("No \(Model.self) in the environment: inject one with content.child(_:environment:)")
    }
    return model
  }

  /// `$model.query`: a binding to a property.
  public var projectedValue: ModelBindings<Model> { ModelBindings(model: wrappedValue) }
}

// MARK: - What the harness sees of them

/// A property through which a view subscribes to an object.
protocol SubscribingProperty {
  /// The object that is the view's input (an observed object, compared by identity), or nil
  /// for one that is not (a state object is storage; an environment object comes from the
  /// environment).
  var inputObject: AnyObject? { get }

  /// The object and the wrapper, once the harness bound the view (the environment
  /// resolved, the state object made or found).
  func subscription(in environment: [ObjectIdentifier: AnyObject]) -> (
    model: any TrackedModel, via: ObjectSubscription
  )?
}

extension ViewStateObject: SubscribingProperty, StateProperty {
  var slot: any StateSlot { storage }
  var inputObject: AnyObject? { nil }

  func subscription(in environment: [ObjectIdentifier: AnyObject]) -> (
    model: any TrackedModel, via: ObjectSubscription
  )? {
    (storage.canonical.model, assignedInInit ? .stateObjectInInit : .stateObject)
  }
}

extension ViewObservedObject: SubscribingProperty {
  var inputObject: AnyObject? { wrappedValue }

  func subscription(in environment: [ObjectIdentifier: AnyObject]) -> (
    model: any TrackedModel, via: ObjectSubscription
  )? {
    (wrappedValue, .observedObject)
  }
}

extension ViewEnvironmentObject: SubscribingProperty {
  var inputObject: AnyObject? { nil }

  func subscription(in environment: [ObjectIdentifier: AnyObject]) -> (
    model: any TrackedModel, via: ObjectSubscription
  )? {
    box.model = EnvironmentLookup.object(Model.self, in: environment)
    return box.model.map { ($0, .environmentObject) }
  }
}

/// The storage behind a ``ViewStateObject``: the object, made on first use, or a link to the
/// storage of the view's identity once the struct is bound to it.
final class StateObjectStorage<Model: AnyObject>: StateSlot {
  private var made: Model?
  private let make: () -> Model
  var target: StateObjectStorage<Model>?
  private(set) var isBound = false

  init(make: @escaping () -> Model) {
    self.make = make
  }

  var canonical: StateObjectStorage<Model> { target ?? self }

  /// The object: made now if this storage is the identity's and has none yet.
  var model: Model {
    if let made { return made }
    let model = make()
    made = model
    return model
  }

  func bind(to slots: inout [AnyObject], index: Int, onChange: @escaping () -> Void) -> Bool {
    isBound = true
    if index < slots.count, let existing = slots[index] as? StateObjectStorage<Model> {
      // The identity's object exists: this struct's initial value is never run.
      if existing !== self { target = existing }
    } else {
      _ = model
      if index < slots.count { slots[index] = self } else { slots.append(self) }
    }
    return false
  }
}

/// How a view finds an object in the environment its ancestors injected.
enum EnvironmentLookup {
  /// The object injected as `type`, or else one whose class is a subclass of `type` (SwiftUI
  /// keys `.environmentObject(model)` by the expression's declared type, which may be a
  /// superclass of the instance's), the first by class name when several are.
  static func object<T>(_ type: T.Type, in environment: [ObjectIdentifier: AnyObject]) -> T? {
    if let exact = environment[ObjectIdentifier(type)] as? T { return exact }
    return environment.values.filter { $0 is T }.min { "\(Swift.type(of: $0))" < "\(Swift.type(of: $1))" } as? T
  }
}

/// Where a ``ViewEnvironmentObject`` keeps the object the harness resolved.
final class EnvironmentBox<Model: AnyObject> {
  var model: Model?
}

// MARK: - Objects that cannot record

/// Refuses a model that a view holds and that does not record its writes: an `@Observable`
/// class that conforms to `TrackedModel` but whose `_$observationRegistrar` is the one
/// `@Observable` declares (its member was not pasted), so its writes go to that registrar
/// and never to its `ModelTracking` (nor its reads, without the `access` members):
/// object-level tracking would never see a change, and the recording would lack it.
/// `Mirror` shows that registrar as a stored property; the pasted member is a computed one,
/// which it does not show.
enum ModelTrackingCheck {
  /// What the harness found of a model class: whether it records its writes, and how many of
  /// its properties record their accesses (written in `observe` events as `count`).
  struct Checked {
    var accepted: Bool
    var recordedProperties: Int
  }

  /// Whether the class of `model` records its writes, and how many of its properties record,
  /// checked once per class in the harness (`checked`); when it does not record, the running
  /// test fails (``HarnessFailure``) pointing at the view's declaration, and the view does not
  /// subscribe to it.
  static func check(
    _ model: any TrackedModel, via wrapper: ObjectSubscription, view: String, at site: HarnessNode.Site,
    checked: inout [ObjectIdentifier: Checked]
  ) -> Checked {
    let type = Swift.type(of: model)
    if let known = checked[ObjectIdentifier(type)] { return known }
    let problem = problem(of: model)
    let found = Checked(accepted: problem == nil, recordedProperties: Trace.recordedPropertyCount(of: model))
    checked[ObjectIdentifier(type)] = found
    if let problem {
      HarnessFailure.record("\(view) holds \(type) in \(name(of: wrapper)), and \(type) \(problem)", at: site)
    }
    return found
  }

  /// The harness's wrapper, as written in Swift.
  static func name(of wrapper: ObjectSubscription) -> String {
    switch wrapper {
    case .stateObject, .stateObjectInInit: "@ViewStateObject"
    case .observedObject: "@ViewObservedObject"
    case .environmentObject: "@ViewEnvironmentObject"
    }
  }

  /// What keeps `model` from recording, or nil when nothing does.
  static func problem(of model: AnyObject) -> String? {
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children where child.label == "_$observationRegistrar" {
        guard child.value is ObservationRegistrar else { continue }
        return "is @Observable with the registrar the macro declares, not its ModelTracking: its writes "
          + "are never recorded (nor its reads, without the `access` members), and object-level tracking "
          + "never sees a change. Declare `private nonisolated var _$observationRegistrar: ModelTracking "
          + "{ tracking }` and the two `access(keyPath:)` functions (docs/getting-started.md), or mark its "
          + "properties @Tracked without @Observable."
      }
      mirror = current.superclassMirror
    }
    return nil
  }
}
