import RedrawPlatform
@_spi(Reflection) import Swift

/// The names of `@Tracked` properties, found by where their storage lies in the instance, and
/// of the stored properties the explicit API's key paths reach (``ofStoredProperty(_:)``).
///
/// The wrapped property is computed, so its key path has no name to show, and asking the
/// storage's key path for its name would make every access build that key path object.
/// Instead, the accessor takes the storage's offset in the instance (a constant once
/// inlined) and this looks it up among the type's stored fields, superclasses' included,
/// where the storage of `posts` is `_posts`. Each type is laid out once and cached.
enum TrackedPropertyName {
  /// The name of the property whose `@Tracked` storage lies `offset` bytes into instances
  /// of `type`.
  ///
  /// - Complexity: O(1) after the first call for a type; the first walks its fields.
  static func of(_ type: AnyClass, offset: Int) -> String {
    let key = ObjectIdentifier(type)
    if let name = cache.withLock({ $0[key]?[offset] }) { return name }
    let fields = storedFields(of: type)
    cache.withLock { $0[key] = fields }
    // A layout the runtime cannot describe (never seen for a Swift class): say so rather
    // than invent a name.
    return fields[offset] ?? "property at offset \(offset)"
  }

  /// The stored fields of `type` by offset: `_name` storage named `name`.
  private static func storedFields(of type: AnyClass) -> [Int: String] {
    var fields: [Int: String] = [:]
    _forEachField(of: type, options: walkOptions) { name, offset, _, _ in
      let field = String(cString: name)
      fields[offset] = field.hasPrefix("_") ? String(field.dropFirst()) : field
      return true
    }
    return fields
  }

  /// The name of the stored property `keyPath` reaches in one step from its root class
  /// (`\Cart.items`), or nil for any other key path: a computed property's, a longer path's.
  ///
  /// A key path cannot be asked for its offset, so each stored field is made into a key path of
  /// its own and the two are compared as the runtime describes them (`\Cart.items`): equal
  /// only for the same field. A stored property of a class that is not `final` is reached
  /// through its accessors (a subclass may override it), and is not one here.
  ///
  /// - Complexity: O(fields): a walk of the class's fields; the caller caches the answer.
  static func ofStoredProperty(_ keyPath: AnyKeyPath) -> String? {
    let root = type(of: keyPath).rootType
    guard let rootClass = root as? AnyClass else { return nil }
    let description = keyPath.debugDescription
    var found: String?
    _forEachField(of: rootClass, options: walkOptions) { name, offset, fieldType, _ in
      let field = _createOffsetBasedKeyPath(root: root, value: fieldType, offset: offset)
      guard field.debugDescription == description else { return true }
      found = String(cString: name)
      return false
    }
    return found
  }

  /// `.classType` (walk a class, superclasses included) and `.ignoreUnknown` (skip fields
  /// the runtime cannot describe, such as an Objective-C superclass's), spelled by their
  /// raw values: the SDK declares those members as mutable statics, which Swift 6 refuses.
  private static let walkOptions = _EachFieldOptions(rawValue: 1 << 0 | 1 << 1)

  private static let cache = Locked<[ObjectIdentifier: [Int: String]]>([:])
}
