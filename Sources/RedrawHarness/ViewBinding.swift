import RedrawTrace

/// A value's getter and setter, as SwiftUI's `Binding`: what `$model.query` makes from a
/// model a view holds, handed to a text field (``ViewContent/textField(_:text:)``) or to a
/// child's `@ViewBinding var text: String`.
///
/// Reading it reads the value where it lives: through a model's property, a read of the view
/// whose body reads the binding, not of the view that made it.
@propertyWrapper @dynamicMemberLookup
public struct ViewBinding<Value> {
  private let read: () -> Value
  private let write: (Value) -> Void

  /// A binding that reads with `get` and writes with `set`, as `Binding(get:set:)`.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    read = get
    write = set
  }

  /// A child's `@ViewBinding var text: String`, given `$model.query` by its parent.
  public init(projectedValue: ViewBinding<Value>) {
    self = projectedValue
  }

  /// A binding to a value that never changes, as `Binding.constant(_:)`.
  public static func constant(_ value: Value) -> ViewBinding<Value> {
    ViewBinding(get: { value }, set: { _ in })
  }

  /// The value, read and written where it lives.
  public var wrappedValue: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }

  /// The binding itself: `$text` hands it on.
  public var projectedValue: ViewBinding<Value> { self }

  /// A binding to a property of the object the value is (`$model.query` of a model kept in
  /// `@ViewState`, as `@State var model` gives it): it writes the property in place, and the
  /// body that makes it records the binding (`bind`), as for a model a wrapper holds.
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> ViewBinding<Subject>
  where Value: AnyObject {
    ModelBindings(model: read())[dynamicMember: keyPath]
  }

  /// A binding to a part of the value: `$settings.volume`.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> ViewBinding<Subject> {
    ViewBinding<Subject>(
      get: { read()[keyPath: keyPath] },
      set: { newValue in
        var value = read()
        value[keyPath: keyPath] = newValue
        write(value)
      })
  }
}

/// What `$model` is for a model a view holds (``ViewObservedObject``, ``ViewStateObject``,
/// ``ViewEnvironmentObject``, ``ViewBindable``): `$model.query` makes a binding to the
/// property, as SwiftUI's `ObservedObject.Wrapper` and `Bindable` do, and records a `bind`
/// event in the body that makes it, so `redraw plan` knows which views need `@Bindable`
/// after the move to `@Observable`.
@dynamicMemberLookup
public struct ModelBindings<Model: AnyObject> {
  let model: Model

  /// A binding to the property `keyPath` leads to.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Value>) -> ViewBinding<Value> {
    let model = model
    Trace.binding(to: model, keyPath)
    return ViewBinding(get: { model[keyPath: keyPath] }, set: { model[keyPath: keyPath] = $0 })
  }
}

/// A model a view edits through bindings, as SwiftUI's `@Bindable`: what an
/// `@ObservedObject` whose view makes bindings (`$model.query`) becomes with `@Observable`.
/// As a view input it is its object, compared by identity; the view does not subscribe.
/// In a body, `@ViewBindable var model = model` does what `@Bindable var model = model`
/// does for an `@Environment` model.
@propertyWrapper
public struct ViewBindable<Model: AnyObject> {
  /// The object the view edits.
  public let wrappedValue: Model

  /// `@ViewBindable var model: Model`, given the parent's object.
  public init(wrappedValue: Model) {
    self.wrappedValue = wrappedValue
  }

  /// `$model.query`: a binding to a property.
  public var projectedValue: ModelBindings<Model> { ModelBindings(model: wrappedValue) }
}

extension ViewBindable: Equatable {
  /// The same object: how SwiftUI compares the input.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue === rhs.wrappedValue }
}
