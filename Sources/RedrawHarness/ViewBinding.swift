import RedrawTrace

/// A value's getter and setter, as SwiftUI's `Binding`: what `$model.query` makes from a
/// model a view holds, handed to a text field (``ViewContent/textField(_:text:)``) or to a
/// child's `@ViewBinding var text: String`.
///
/// As SwiftUI's, a binding keeps where its value lives and the value when it was made
/// (docs/harness.md, "Bindings"):
/// - Making one from a model's property (`$model.query`) or with `init(get:set:)` reads the
///   value: a read of the body that makes it. Making one from state (`$isOn`) reads nothing.
/// - A body that reads the binding gets the value it was made with; outside a body (a
///   control, a test) the value where it lives. A body that reads a binding to state it holds
///   as `@ViewBinding` depends on the state, as on its own; one held in a plain `let` is not a
///   dynamic property, and SwiftUI neither updates it nor re-runs the view for it.
/// - As a child's input, two bindings are the same when they lead to the same place (one
///   object's property, one state, one part of either) and were made with the same value;
///   two `init(get:set:)` bindings are never the same.
@propertyWrapper @dynamicMemberLookup
public struct ViewBinding<Value> {
  private let read: () -> Value
  private let write: (Value) -> Void
  /// Where the value lives; nil for a binding made of closures, which is never the same as another.
  let location: BindingLocation?
  /// The value the binding was made with (and, for a binding to state, refreshed before each
  /// evaluation of the view that holds it).
  let snapshot: BindingSnapshot<Value>

  init(
    location: BindingLocation?, snapshot: BindingSnapshot<Value>, get: @escaping () -> Value,
    set: @escaping (Value) -> Void
  ) {
    self.location = location
    self.snapshot = snapshot
    read = get
    write = set
  }

  /// A binding that reads with `get` and writes with `set`, as `Binding(get:set:)`: `get`
  /// runs now, for the value it is made with.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.init(location: nil, snapshot: BindingSnapshot(get()), get: get, set: set)
  }

  /// A child's `@ViewBinding var text: String`, given `$model.query` by its parent.
  public init(projectedValue: ViewBinding<Value>) {
    self = projectedValue
  }

  /// A binding to a value that never changes, as `Binding.constant(_:)`.
  public static func constant(_ value: Value) -> ViewBinding<Value> {
    ViewBinding(location: .constant, snapshot: BindingSnapshot(value), get: { value }, set: { _ in })
  }

  /// The value: in a body, the one the binding was made with; elsewhere, the one where it
  /// lives. Writing writes where it lives.
  public var wrappedValue: Value {
    get {
      guard let inbox = HarnessBuild.inbox else { return read() }
      // A read during any update marks the binding read for the view that holds it, as
      // SwiftUI's marks its location: a change then re-runs that view.
      let value = snapshot.value
      if let holder = snapshot.holder, let onRead = snapshot.onRead {
        onRead(
          HarnessBuild.Evaluation(node: holder.id, generation: holder.generation, inbox: inbox),
          snapshot.watch(reading: value))
      }
      return value
    }
    nonmutating set { write(newValue) }
  }

  /// The value where it lives now, read outside any body: for a binding to state, no
  /// view's read.
  var valueWhereItLives: Value { read() }

  /// The binding itself: `$text` hands it on.
  public var projectedValue: ViewBinding<Value> { self }

  /// A binding to a property of the object the value is (`$model.query` of a model kept in
  /// `@ViewState`, as `@State var model` gives it): it writes the property in place, and the
  /// body that makes it records the binding (`bind`), as for a model a wrapper holds.
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> ViewBinding<Subject>
  where Value: AnyObject {
    ModelBindings(model: HarnessBuild.inbox == nil ? read() : snapshot.value)[dynamicMember: keyPath]
  }

  /// A binding to a part of the value: `$settings.volume`, the same as another when their
  /// bindings and parts are.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> ViewBinding<Subject> {
    let read = read
    let write = write
    let part = BindingSnapshot(snapshot.value[keyPath: keyPath])
    part.onRead = snapshot.onRead
    part.holder = snapshot.holder
    // Held as a view's `@ViewBinding`, the part is watched alone: a change elsewhere in the
    // value leaves its holder as it was. Read where it is made from a binding a view holds
    // (`$draft.match` in the body of the view holding `draft`), it is a read of that binding.
    part.isUnchanged = { InputComparison.sameValue($0, read()[keyPath: keyPath]) }
    if snapshot.isHeld || snapshot.enclosingWatch != nil {
      part.enclosingWatch = snapshot.watch(reading: snapshot.value)
    }
    return ViewBinding<Subject>(
      location: location.map { .part($0, keyPath) }, snapshot: part,
      get: { read()[keyPath: keyPath] },
      set: { newValue in
        var value = read()
        value[keyPath: keyPath] = newValue
        write(value)
      })
  }
}

/// Where a binding's value lives, as SwiftUI compares bindings: an object's property by the
/// object's identity and the key path, a state by its storage, a part of either by its key path.
indirect enum BindingLocation: Hashable {
  case object(ObjectIdentifier, AnyKeyPath)
  case state(ObjectIdentifier)
  case part(BindingLocation, AnyKeyPath)
  /// `constant(_:)`: the same as another constant of the same value.
  case constant
}

/// What a read through a binding makes its reader depend on: the whole value, or a part of
/// it for as long as the part is what was read.
struct BindingWatch {
  /// Whether the part read is unchanged; nil for the whole value.
  var unchanged: (() -> Bool)?

  /// Two reads in one evaluation: the whole outlasts a part, two parts are both watched.
  func adding(_ other: BindingWatch) -> BindingWatch {
    guard let mine = unchanged, let theirs = other.unchanged else { return BindingWatch(unchanged: nil) }
    return BindingWatch { mine() && theirs() }
  }
}

/// The value a binding was made with, shared by its copies, and what a body's read of it
/// tells: for a binding to state, that the reading view depends on the state.
final class BindingSnapshot<Value> {
  var value: Value
  var onRead: ((HarnessBuild.Evaluation, BindingWatch) -> Void)?
  /// For a binding to a part of a value: whether the part where the value lives still is the
  /// given one (the value a body read). It keeps no binding alive.
  var isUnchanged: ((Value) -> Bool)?
  /// Whether a view holds it as `@ViewBinding`.
  var isHeld = false
  /// For a part made from a binding a view holds and not held itself, what a read of the
  /// held binding watches: a read of the part is a read of it (SwiftUI's projected location
  /// marks its base read: sources/swiftui-runtime.md §9).
  var enclosingWatch: BindingWatch?
  /// The view that holds it as `@ViewBinding` (SwiftUI's `@Binding`, a dynamic property):
  /// a read of it, in that view's body or in a closure another body runs, makes that view
  /// depend on its state, and its value is updated before that view's body runs. A binding
  /// in a plain `let` has none.
  weak var holder: HarnessNode?

  init(_ value: Value) {
    self.value = value
  }

  /// What a read of `value` through this binding makes its reader depend on.
  func watch(reading value: Value) -> BindingWatch {
    if !isHeld, let enclosingWatch { return enclosingWatch }
    return BindingWatch(unchanged: isUnchanged.map { isUnchanged in { isUnchanged(value) } })
  }
}

/// A ``ViewBinding`` in a view struct, found with `Mirror`.
protocol BindingInput {
  /// Whether `other` leads to the same place with the same value, as SwiftUI compares a
  /// binding input.
  func isSame(as other: Any) -> Bool
  /// Takes the value where it lives as the binding's value: for a binding to state that a
  /// view holds as `@ViewBinding`, before that view is evaluated, as SwiftUI updates a
  /// `@Binding`; and marks it as such a property.
  func refreshAsDynamicProperty(of holder: HarnessNode)
  /// Whether it was made with `init(get:set:)`, never the same as another.
  var isMadeOfClosures: Bool { get }
}

extension ViewBinding: BindingInput {
  func isSame(as other: Any) -> Bool {
    guard let other = other as? ViewBinding<Value>, let location, location == other.location else { return false }
    return InputComparison.sameValue(snapshot.value, other.snapshot.value)
  }

  var isMadeOfClosures: Bool { location == nil }

  func refreshAsDynamicProperty(of holder: HarnessNode) {
    snapshot.holder = holder
    snapshot.isHeld = true
    guard case .state = location.map(\.root) else { return }
    snapshot.value = read()
  }
}

extension BindingLocation {
  /// The location this one is a part of, or itself.
  var root: BindingLocation {
    if case .part(let base, _) = self { return base.root }
    return self
  }
}

/// What `$model` is for a model a view holds (``ViewObservedObject``, ``ViewStateObject``,
/// ``ViewEnvironmentObject``, ``ViewBindable``): `$model.query` makes a binding to the
/// property, as SwiftUI's `ObservedObject.Wrapper` and `Bindable` do, reading its value (a
/// read of the body that makes it), and records a `bind` event in that body, so
/// `redraw plan` knows which views need `@Bindable` after the move to `@Observable`.
@dynamicMemberLookup
public struct ModelBindings<Model: AnyObject> {
  let model: Model

  /// A binding to the property `keyPath` leads to.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Value>) -> ViewBinding<Value> {
    let model = model
    // The read first: an `@Observable` model's access names the key path, and the binding
    // after it.
    let snapshot = BindingSnapshot(model[keyPath: keyPath])
    Trace.binding(to: model, keyPath)
    return ViewBinding(
      location: .object(ObjectIdentifier(model), keyPath), snapshot: snapshot,
      get: { model[keyPath: keyPath] }, set: { model[keyPath: keyPath] = $0 })
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
