/// Whether a re-created view struct has the same inputs as the one it replaces, as
/// SwiftUI decides whether a child's body must run again.
///
/// A view that is not plain data and is `Equatable` is compared by its `==`; otherwise its
/// fields are compared one by one, as SwiftUI compares them:
/// - ``ViewState`` and ``ViewStateObject`` fields are storage, not inputs, and are skipped;
///   a ``HarnessDynamicProperty`` is compared by its own fields, by these rules;
///   an ``ViewObservedObject`` is its object, by identity; an ``ViewEnvironmentObject``
///   comes from the environment, not the parent; a ``ViewBinding`` is where its value lives
///   and the value it was made with;
/// - objects by identity (a new instance is a change, even if it holds the same values);
/// - plain data (a type with no references, such as `Int`, a `Bool`-and-`Double` struct or
///   an enum of them) by its fields, `Equatable` or not;
/// - other `Equatable` values (a `String`, an array) by `==`;
/// - optionals through their value;
/// - other structs, tuples and enums by their fields, by these rules;
/// - an array of values that are not `Equatable` by its storage: a copy is the same, a new
///   array is not (two empty arrays share one storage);
/// - anything else counts as changed: a closure, or another collection of values that are
///   not `Equatable`. So a child with a closure property is evaluated again every time its
///   parent is.
enum InputComparison {
  static func sameInputs(_ old: any HarnessView, _ new: any HarnessView) -> Bool {
    guard type(of: old) == type(of: new) else { return false }
    if let equatable = ownEquality(old) { return equatable.isEqual(to: new) }
    return sameFields(Mirror(reflecting: old), Mirror(reflecting: new))
  }

  /// The view's own `==`, when SwiftUI compares it by that: a view that is not plain data
  /// and is `Equatable`, as SwiftUI "prefers the view's == but falls back to its own field
  /// compare if no ==" (John Harper, quoted in docs/sources/swiftui-runtime.md §9).
  private static func ownEquality(_ view: any HarnessView) -> (any Equatable)? {
    isPlainData(view) ? nil : view as? any Equatable
  }

  static func sameValue(_ old: Any, _ new: Any) -> Bool {
    if old is any StateProperty { return true }
    // The app's own wrapper: its fields, as the view's are (its state skipped).
    if old is any HarnessDynamicProperty {
      guard type(of: old) == type(of: new) else { return false }
      return sameFields(Mirror(reflecting: old), Mirror(reflecting: new))
    }
    if let old = old as? any BindingInput { return old.isSame(as: new) }
    if let old = old as? any SubscribingProperty {
      guard let new = new as? any SubscribingProperty else { return false }
      return old.inputObject === new.inputObject
    }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    switch (oldMirror.displayStyle, newMirror.displayStyle) {
    case (.class?, .class?):
      return ObjectIdentifier(old as AnyObject) == ObjectIdentifier(new as AnyObject)
    case (.optional?, .optional?):
      switch (oldMirror.children.first?.value, newMirror.children.first?.value) {
      case (nil, nil): return true
      case (let a?, let b?): return sameValue(a, b)
      default: return false
      }
    default:
      if isPlainData(old), type(of: old) == type(of: new) {
        // A scalar (a number, a `Bool`) by its bytes, as SwiftUI compares it: a NaN input
        // is the same NaN.
        if oldMirror.children.isEmpty, oldMirror.displayStyle != .enum { return sameBytes(old, new) }
        if let equatable = old as? any Equatable { return equatable.isEqual(to: new) }
        // An enum case without a payload has no fields to compare: its name tells it.
        if oldMirror.displayStyle == .enum, oldMirror.children.isEmpty || newMirror.children.isEmpty {
          return String(describing: old) == String(describing: new)
        }
        return sameFields(oldMirror, newMirror)
      }
      if let equatable = old as? any Equatable { return equatable.isEqual(to: new) }
      // Not `Equatable`: a struct, tuple or enum by its fields, by these same rules, as
      // SwiftUI "falls back to its own field compare" (an Apple engineer, quoted in
      // docs/sources/swiftui-runtime.md). An array's field is its storage, an object: the
      // same for a copy (and for two empty arrays, which share one). A closure has no fields
      // to compare, nor, for the harness, another collection: both count as changed.
      guard type(of: old) == type(of: new) else { return false }
      if let array = old as? any ArrayStorage { return array.sharesStorage(with: new) }
      switch oldMirror.displayStyle {
      case .struct?, .tuple?:
        return sameFields(oldMirror, newMirror)
      case .enum?:
        return String(describing: oldMirror.subjectType) == String(describing: newMirror.subjectType)
          && caseName(old) == caseName(new) && sameFields(oldMirror, newMirror)
      default:
        return false
      }
    }
  }

  /// Whether one of a view's inputs is a closure (or a binding made of closures), which is
  /// never the same: the view runs with every struct its parent makes, whatever else it is
  /// given. Looks through structs, tuples, enums and optionals, not into objects or
  /// collections. A view compared by its own `==` has none: its `==` decides.
  static func hasClosureInput(_ view: any HarnessView) -> Bool {
    guard ownEquality(view) == nil else { return false }
    return Mirror(reflecting: view).children.contains { isOrHoldsClosure($0.value) }
  }

  private static func isOrHoldsClosure(_ value: Any) -> Bool {
    if value is any StateProperty || value is any SubscribingProperty { return false }
    if let binding = value as? any BindingInput { return binding.isMadeOfClosures }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct?, .tuple?, .enum?, .optional?:
      return mirror.children.contains { isOrHoldsClosure($0.value) }
    case nil:
      // No fields and no display style: a scalar (plain data), a metatype, or a function.
      return !isPlainData(value) && !(value is any Equatable) && !(value is Any.Type)
    default:
      return false
    }
  }

  /// An enum value's case name, without its payload.
  private static func caseName(_ value: Any) -> Substring {
    let description = String(describing: value)
    return description.prefix { $0 != "(" }
  }

  /// Whether the fields (or an enum's case and payload) of two values of one type are the same.
  private static func sameFields(_ old: Mirror, _ new: Mirror) -> Bool {
    let oldFields = Array(old.children)
    let newFields = Array(new.children)
    guard oldFields.count == newFields.count else { return false }
    return zip(oldFields, newFields).allSatisfy { $0.label == $1.label && sameValue($0.value, $1.value) }
  }

  /// Whether two values of one plain-data scalar type have the same bytes.
  private static func sameBytes(_ old: Any, _ new: Any) -> Bool {
    func compare<T>(_ old: T) -> Bool {
      guard var other = new as? T else { return false }
      var old = old
      return withUnsafeBytes(of: &old) { a in withUnsafeBytes(of: &other) { b in a.elementsEqual(b) } }
    }
    return _openExistential(old, do: compare)
  }

  /// Whether a value's type holds no references: what SwiftUI compares byte for byte.
  private static func isPlainData(_ value: Any) -> Bool {
    func check<T>(_: T) -> Bool { _isPOD(T.self) }
    return _openExistential(value, do: check)
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// An array, compared by its storage where its elements cannot be compared by `==`.
protocol ArrayStorage {
  /// Whether `other` is an array of the same elements' storage: a copy of this one, or,
  /// both empty, the storage every empty array shares.
  func sharesStorage(with other: Any) -> Bool
}

extension Array: ArrayStorage {
  func sharesStorage(with other: Any) -> Bool {
    guard let other = other as? [Element], other.count == count else { return false }
    guard !isEmpty else { return true }
    return withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
  }
}
