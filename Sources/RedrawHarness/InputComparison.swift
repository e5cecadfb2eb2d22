/// Whether a re-created view struct has the same inputs as the one it replaces, as
/// SwiftUI decides whether a child's body must run again.
///
/// Fields are compared one by one: objects by identity, `Equatable` values by `==`,
/// optionals through their value; ``ViewState`` fields are storage, not inputs, and are
/// skipped. A field that is none of these (a closure, a non-`Equatable` struct) counts
/// as changed, as it does for SwiftUI.
enum InputComparison {
  static func sameInputs(_ old: any HarnessView, _ new: any HarnessView) -> Bool {
    guard type(of: old) == type(of: new) else { return false }
    let oldFields = Mirror(reflecting: old).children.map(\.value)
    let newFields = Mirror(reflecting: new).children.map(\.value)
    guard oldFields.count == newFields.count else { return false }
    return zip(oldFields, newFields).allSatisfy { sameValue($0, $1) }
  }

  static func sameValue(_ old: Any, _ new: Any) -> Bool {
    if old is any StateProperty { return true }
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
      guard let equatable = old as? any Equatable else { return false }
      return equatable.isEqual(to: new)
    }
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
