import RedrawAnalysis

/// View state, as SwiftUI's `@State`: storage that belongs to the view's identity, not to
/// its struct.
///
/// When its default value expression runs depends on the SwiftUI build the harness
/// reproduces (``ViewHarness/SwiftUIBuild``), as it does on the Xcode that builds an app:
///
/// - `SwiftUIBuild.xcode26` (the property wrapper, Xcode 26 and earlier): it
///   runs every time the struct is created, and only the first value is kept; later ones are
///   dropped when the harness binds the new struct to the existing storage. Write
///   `@ViewState var model = Trace.make(FeedModel())` to see those re-runs in a trace.
/// - `SwiftUIBuild.xcode27` (the macro, Xcode 27 and later): it runs once per
///   identity, when the harness sets up the view's storage, as `@ViewStateObject`'s does.
///
/// In an initializer, `_model = ViewState(initialValue: Model(id: id))` takes a value the
/// caller evaluated: it runs on every creation of the struct under both builds, and only the
/// first is kept (docs/harness.md says why). A struct made outside a harness follows the
/// build of the compiler (`SwiftUIBuild.ofThisCompiler`).
///
/// Assigning the value in the view's initializer, when the declaration has an inline default
/// (`@ViewState var count = 0`, then `count = start` in `init`), changes nothing: the
/// assignment is lost and the default stays, as SwiftUI does (docs/harness.md, "Initializers
/// that assign state"). Write `_count = ViewState(initialValue: start)` instead.
///
/// Assigning the value invalidates the view (cause `state`) when its last evaluation read
/// it and the value changed, as SwiftUI's does: a value only an event handler reads (outside
/// the body) is no dependency of the body, and the same value again (compared as inputs are:
/// an object by identity, plain data by its bytes, `Equatable` values with `==`) changes
/// nothing.
@propertyWrapper
public struct ViewState<Value> {
  let storage: StateStorage<Value>

  /// `@ViewState var value = expression`: `expression` runs now under the Xcode 26 build,
  /// and once per identity under the Xcode 27 build.
  public init(wrappedValue initialValue: @autoclosure @escaping () -> Value) {
    if (HarnessBuild.current ?? .ofThisCompiler).reRunsStateDefaults {
      storage = StateStorage(initialValue())
    } else {
      storage = StateStorage(deferred: initialValue)
    }
  }

  /// `_value = ViewState(initialValue: value)` in an initializer: `value` is evaluated by the
  /// caller, every time the struct is made; only the identity's first is kept.
  public init(initialValue: Value) {
    storage = StateStorage(initialValue)
  }

  /// The value of the view's identity. A body that reads it depends on it; assigning a different
  /// value then invalidates the view.
  public var wrappedValue: Value {
    get {
      let canonical = storage.canonical
      if HarnessBuild.inbox != nil { canonical.wasRead = true }
      return canonical.value
    }
    nonmutating set {
      // Before the harness installs the struct in a view's identity (an initializer that
      // assigns a state with an inline default), there is no storage to write to: the value
      // is lost and the default stays, as SwiftUI does under both builds.
      guard storage.isBound else {
        storage.discardedAssignment = true
        return
      }
      let canonical = storage.canonical
      let changed = !InputComparison.sameValue(canonical.value, newValue)
      canonical.value = newValue
      if changed { canonical.changed() }
    }
  }

  /// `$value`: a binding to the state, as `State`'s projected value. Making it reads nothing;
  /// a body that reads it depends on the state; writing through it is a change of the state.
  public var projectedValue: ViewBinding<Value> {
    let storage = storage
    let canonical = storage.canonical
    let snapshot = BindingSnapshot(canonical.value)
    snapshot.onRead = { canonical.read(through: $0, watching: $1) }
    return ViewBinding(
      location: .state(ObjectIdentifier(canonical)), snapshot: snapshot, get: { storage.canonical.value },
      set: { ViewState(storage: storage).wrappedValue = $0 })
  }

  private init(storage: StateStorage<Value>) {
    self.storage = storage
  }
}

extension ViewState where Value: ExpressibleByNilLiteral {
  /// `@ViewState var value: Model?` without a default: `nil` until assigned, under both
  /// builds. (In an extension, as SwiftUI declares `State`'s: a constrained `init()` in the
  /// type itself would be taken for every property without a default, and refuse the others.)
  public init() {
    storage = StateStorage(nil)
  }
}

/// The SwiftUI build of the harness that is making view structs on this thread or task, nil
/// outside any harness; and the inbox of the harness whose body runs now.
enum HarnessBuild {
  @TaskLocal static var current: SwiftUIBuild?
  /// The inbox of the harness whose body runs now, nil outside a body: a ``ViewState`` read
  /// then is a dependency of its view, and a read of a binding to state one of its holder's.
  @TaskLocal static var inbox: Inbox?

  /// One evaluation of a node's body, and where to post a change it depends on.
  struct Evaluation: Sendable {
    var node: Int
    var generation: Int
    var inbox: Inbox

    /// Invalidates the node for a change of state it read in this evaluation.
    func stateChanged() { inbox.post(.stateRead(node: node, generation: generation)) }
  }
}

/// The storage behind a ``ViewState``: the value, or a link to the storage of the view's
/// identity once the struct is bound to it.
final class StateStorage<Value>: StateSlot {
  private var content: Content
  /// The initial value the struct was made with: a new identity given a struct already
  /// bound to another (a destination pushed again) starts from it, as SwiftUI's state does.
  private let initialContent: Content
  /// The first storage of the view's identity, once bound; nil for that one itself.
  var target: StateStorage<Value>?
  /// Invalidates the view; set on the canonical storage.
  var onChange: (() -> Void)?
  private(set) var isBound = false
  /// Whether the view's last evaluation read the value (on the canonical storage).
  var wasRead = false
  /// Whether a value was assigned before the struct was installed, and lost.
  var discardedAssignment = false
  /// The evaluations that read the state through a binding, by node (on the canonical storage).
  var bindingReaders: [Int: BindingReader] = [:]

  /// An evaluation that read the state through a binding, and, for a binding to a part of it,
  /// whether that part is still what it read.
  struct BindingReader {
    var evaluation: HarnessBuild.Evaluation
    var watch: BindingWatch
  }

  private enum Content {
    case value(Value)
    /// An initial value not evaluated yet (the Xcode 27 build).
    case deferred(() -> Value)
  }

  init(_ value: Value) {
    content = .value(value)
    initialContent = content
  }

  init(deferred initialValue: @escaping () -> Value) {
    content = .deferred(initialValue)
    initialContent = content
  }

  private init(content: Content) {
    self.content = content
    initialContent = content
  }

  var canonical: StateStorage<Value> { target ?? self }

  func forgetReads() { wasRead = false }

  /// Records an evaluation's read through a binding. Several reads in one evaluation add up.
  func read(through evaluation: HarnessBuild.Evaluation, watching watch: BindingWatch) {
    var reader = BindingReader(evaluation: evaluation, watch: watch)
    if let earlier = bindingReaders[evaluation.node], earlier.evaluation.generation == evaluation.generation {
      reader.watch = earlier.watch.adding(watch)
    }
    bindingReaders[evaluation.node] = reader
  }

  /// The value changed: invalidates the view if its last evaluation read it, and the views
  /// whose last evaluation read it through a binding (those since evaluated again without
  /// reading it are left alone).
  func changed() {
    if wasRead { onChange?() }
    // A reader of a part that did not change runs no more than SwiftUI's would (a binding's
    // read depends on the part it reaches: docs/harness.md, "Bindings").
    for reader in bindingReaders.values where reader.watch.unchanged?() != true { reader.evaluation.stateChanged() }
  }

  /// The value, evaluated now if it was deferred.
  var value: Value {
    get {
      switch content {
      case .value(let value): return value
      case .deferred(let initialValue):
        let value = initialValue()
        content = .value(value)
        return value
      }
    }
    set { content = .value(newValue) }
  }

  func bind(to slots: inout [AnyObject], index: Int, onChange: @escaping () -> Void) -> Bool {
    let boundBefore = isBound
    isBound = true
    if index < slots.count, let existing = slots[index] as? StateStorage<Value> {
      // The identity's storage exists: a deferred initial value of this struct never runs.
      if existing !== self { target = existing }
      return false
    }
    // A new identity: its storage is set up now, and a deferred initial value runs. A struct
    // another identity holds (declared again without being made again) gives it a storage of
    // its own, from the struct's initial value.
    let storage = boundBefore ? StateStorage(content: initialContent) : self
    if boundBefore { target = storage }
    _ = storage.value
    storage.onChange = onChange
    if index < slots.count { slots[index] = storage } else { slots.append(storage) }
    return boundBefore ? false : discardedAssignment
  }
}

/// A ``ViewState`` found in a view struct, bound in declaration order.
protocol StateSlot: AnyObject {
  /// Binds the storage to the view's identity. - Returns: Whether it set up a new identity's
  /// storage from a struct whose initializer assigned a value that was lost.
  func bind(to slots: inout [AnyObject], index: Int, onChange: @escaping () -> Void) -> Bool
  /// Whether a harness bound it to a view's identity: the struct that holds it was made
  /// before, and is being handed down again rather than made.
  var isBound: Bool { get }
  /// Forgets the reads of the view's last evaluation, before the next one.
  func forgetReads()
}

extension StateSlot {
  func forgetReads() {}
}

/// What a view struct's state tells of where the struct came from.
enum StateBinding {
  /// Whether the state of `view` is bound to an identity already: a struct made earlier and
  /// handed down again (a copy), not one made now. False for a struct without state.
  static func isBound(_ view: Any) -> Bool {
    for child in Mirror(reflecting: view).children {
      if let property = child.value as? any StateProperty { return property.slot.isBound }
      if child.value is any HarnessDynamicProperty, isBound(child.value) { return true }
    }
    return false
  }
}

extension ViewState: StateProperty {
  var slot: any StateSlot { storage }
}

/// Lets the harness find ``ViewState`` properties with `Mirror`.
protocol StateProperty {
  var slot: any StateSlot { get }
}
