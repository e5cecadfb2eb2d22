import RedrawTrace

// MARK: - The three ways a view holds an ObservableObject

/// A view's own model, as `@StateObject`: made once per view identity. The initial value
/// is an autoclosure run only when the identity is new (SwiftUI's `@StateObject` does the
/// same; `@State` and ``ViewState`` run theirs on every re-creation of the struct and drop
/// the result). The view subscribes to the object.
@propertyWrapper
public struct ViewStateObject<Model: AnyObject> {
  let storage: StateObjectStorage<Model>

  public init(wrappedValue make: @autoclosure @escaping () -> Model) {
    storage = StateObjectStorage(make: make)
  }

  public var wrappedValue: Model { storage.canonical.model }
}

/// A model handed in by a parent, as `@ObservedObject`. The view subscribes to the object.
@propertyWrapper
public struct ViewObservedObject<Model: AnyObject> {
  public let wrappedValue: Model

  public init(wrappedValue: Model) {
    self.wrappedValue = wrappedValue
  }
}

/// A model found in the environment an ancestor injected (`content.child(V(), environment:
/// [model])`), as `@EnvironmentObject`. The view subscribes to the object.
@propertyWrapper
public struct ViewEnvironmentObject<Model: AnyObject> {
  let box = EnvironmentBox<Model>()

  public init() {}

  /// The injected object. Like SwiftUI, a view whose ancestors injected none stops the test
  /// with a message naming the type.
  public var wrappedValue: Model {
    guard let model = box.model else {
      preconditionFailure("No \(Model.self) in the environment: inject one with content.child(_:environment:)")
    }
    return model
  }
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
  func subscription(in environment: [ObjectIdentifier: AnyObject]) -> (object: AnyObject, via: ObjectSubscription)?
}

extension ViewStateObject: SubscribingProperty, StateProperty {
  var slot: any StateSlot { storage }
  var inputObject: AnyObject? { nil }

  func subscription(in environment: [ObjectIdentifier: AnyObject]) -> (object: AnyObject, via: ObjectSubscription)? {
    (storage.canonical.model, .stateObject)
  }
}

extension ViewObservedObject: SubscribingProperty {
  var inputObject: AnyObject? { wrappedValue }

  func subscription(in environment: [ObjectIdentifier: AnyObject]) -> (object: AnyObject, via: ObjectSubscription)? {
    (wrappedValue, .observedObject)
  }
}

extension ViewEnvironmentObject: SubscribingProperty {
  var inputObject: AnyObject? { nil }

  func subscription(in environment: [ObjectIdentifier: AnyObject]) -> (object: AnyObject, via: ObjectSubscription)? {
    box.model = environment[ObjectIdentifier(Model.self)] as? Model
    return box.model.map { ($0, .environmentObject) }
  }
}

/// The storage behind a ``ViewStateObject``: the object, made on first use, or a link to the
/// storage of the view's identity once the struct is bound to it.
final class StateObjectStorage<Model: AnyObject>: StateSlot {
  private var made: Model?
  private let make: () -> Model
  var target: StateObjectStorage<Model>?

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

  func bind(to slots: inout [AnyObject], index: Int, onChange: @escaping () -> Void) {
    if index < slots.count, let existing = slots[index] as? StateObjectStorage<Model> {
      // The identity's object exists: this struct's initial value is never run.
      if existing !== self { target = existing }
    } else {
      _ = model
      if index < slots.count { slots[index] = self } else { slots.append(self) }
    }
  }
}

/// Where a ``ViewEnvironmentObject`` keeps the object the harness resolved.
final class EnvironmentBox<Model: AnyObject> {
  var model: Model?
}
