/// A key for a value views read from their environment, as SwiftUI's `EnvironmentKey`.
///
/// ```swift
/// struct AccentKey: HarnessEnvironmentKey { static let defaultValue = "blue" }
/// extension HarnessEnvironmentValues {
///   var accent: String {
///     get { self[AccentKey.self] }
///     set { self[AccentKey.self] = newValue }
///   }
/// }
/// ```
public protocol HarnessEnvironmentKey {
  /// The type of the key's value.
  associatedtype Value
  /// The value of a view whose ancestors set none.
  static var defaultValue: Value { get }
}

/// The values of a view's environment, by key, as SwiftUI's `EnvironmentValues`: a parent
/// sets them for a child's subtree (`content.child(V(), values: { $0.accent = "red" })`), a
/// body reads one with `content.environment(\.accent)`.
public struct HarnessEnvironmentValues {
  private var entries: [ObjectIdentifier: Entry] = [:]
  /// Collects the keys read, while a body reads through ``ViewContent/environment(_:)``.
  var reads: KeyReads?

  private struct Entry {
    var value: Any
    var defaultValue: Any
  }

  /// The keys read through one environment, by their key types.
  final class KeyReads {
    var keys: Set<ObjectIdentifier> = []
  }

  /// No value set: every key has its default.
  public init() {}

  /// The value of `key`: the nearest ancestor's, or the key's default.
  public subscript<Key: HarnessEnvironmentKey>(key: Key.Type) -> Key.Value {
    get {
      reads?.keys.insert(ObjectIdentifier(key))
      return entries[ObjectIdentifier(key)]?.value as? Key.Value ?? Key.defaultValue
    }
    set { entries[ObjectIdentifier(key)] = Entry(value: newValue, defaultValue: Key.defaultValue) }
  }

  /// The keys whose values differ from `old`'s, compared as inputs are (an object by
  /// identity, plain data by its bytes, `Equatable` values with `==`, anything else as changed).
  func changedKeys(from old: HarnessEnvironmentValues) -> Set<ObjectIdentifier> {
    var changed: Set<ObjectIdentifier> = []
    for key in Set(entries.keys).union(old.entries.keys) {
      let new = entries[key]
      let before = old.entries[key]
      guard let entry = new ?? before else { continue }
      let newValue = new?.value ?? entry.defaultValue
      let oldValue = before?.value ?? entry.defaultValue
      if !InputComparison.sameValue(oldValue, newValue) { changed.insert(key) }
    }
    return changed
  }
}
