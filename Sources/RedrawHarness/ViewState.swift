/// View state, as SwiftUI's `@State`: storage that belongs to the view's identity, not to
/// its struct.
///
/// The default value expression runs every time the struct is created, and only the
/// first value is kept: later ones are dropped when the harness binds the new struct to
/// the existing storage. Write `@ViewState var model = Trace.make(FeedModel())` to see
/// those re-runs in a trace.
///
/// Assigning the value invalidates the view (cause `state`).
@propertyWrapper
public struct ViewState<Value> {
  let storage: StateStorage<Value>

  public init(wrappedValue: Value) {
    storage = StateStorage(wrappedValue)
  }

  public var wrappedValue: Value {
    get { storage.canonical.value }
    nonmutating set {
      let canonical = storage.canonical
      canonical.value = newValue
      canonical.onChange?()
    }
  }
}

/// The storage behind a ``ViewState``: the value, or a link to the storage of the view's
/// identity once the struct is bound to it.
final class StateStorage<Value>: StateSlot {
  var value: Value
  /// The first storage of the view's identity, once bound; nil for that one itself.
  var target: StateStorage<Value>?
  /// Invalidates the view; set on the canonical storage.
  var onChange: (() -> Void)?

  init(_ value: Value) {
    self.value = value
  }

  var canonical: StateStorage<Value> { target ?? self }

  func bind(to slots: inout [AnyObject], index: Int, onChange: @escaping () -> Void) {
    if index < slots.count, let existing = slots[index] as? StateStorage<Value> {
      if existing !== self { target = existing }
    } else {
      self.onChange = onChange
      if index < slots.count { slots[index] = self } else { slots.append(self) }
    }
  }
}

/// A ``ViewState`` found in a view struct, bound in declaration order.
protocol StateSlot: AnyObject {
  func bind(to slots: inout [AnyObject], index: Int, onChange: @escaping () -> Void)
}

extension ViewState: StateProperty {
  var slot: any StateSlot { storage }
}

/// Lets the harness find ``ViewState`` properties with `Mirror`.
protocol StateProperty {
  var slot: any StateSlot { get }
}
