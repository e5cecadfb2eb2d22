/// A key for a value views hand up to their ancestors, as SwiftUI's `PreferenceKey`.
///
/// ```swift
/// struct TitleKey: HarnessPreferenceKey {
///   static let defaultValue = ""
///   static func reduce(value: inout String, nextValue: () -> String) { value = nextValue() }
/// }
/// ```
public protocol HarnessPreferenceKey {
  /// The type of the key's value.
  associatedtype Value
  /// The value before any view's is combined in.
  static var defaultValue: Value { get }
  /// Combines the value so far with the next view's, in the views' order.
  static func reduce(value: inout Value, nextValue: () -> Value)
}

/// `.preference(key:value:)` and `.onPreferenceChange(_:perform:)`: values that flow up
/// the tree after an update, and actions that run when the value a view's content hands up
/// changes (docs/harness.md, "Preferences").
extension ViewContent {
  /// An `onPreferenceChange` a body declared: how to find the value the view's content
  /// hands up now, how to compare two, and the action.
  struct PreferenceWatch {
    var key: HarnessNode.WatchKey
    /// What the node's content hands up: the body's own value, or what its children do; nil
    /// when neither sets one.
    var current: (HarnessNode) -> Any?
    var differs: (Any, Any) -> Bool
    var action: (Any) -> Void
  }

  /// Hands `value` up for `key`, as `.preference(key:value:)` on the body's outermost view:
  /// the view's ancestors see it in place of what its children hand up.
  public mutating func preference<Key: HarnessPreferenceKey>(_ key: Key.Type, _ value: Key.Value) {
    preferences[ObjectIdentifier(key)] = value
  }

  /// Runs `action` with the value the view's content hands up for `key`, after the first
  /// update in which it sets one and after every update that changes it (by `!=`), as
  /// `.onPreferenceChange(_:perform:)` does: after the update, so its writes start the next
  /// one. The closure is the one of the view's last evaluation.
  ///
  /// The content's value is the body's own ``preference(_:_:)`` where it sets one, as a
  /// `.preference` (or a `.background(GeometryReader { … .preference(…) })`) written inside
  /// the `.onPreferenceChange`; else the children's values, combined with
  /// ``HarnessPreferenceKey/reduce(value:nextValue:)``.
  public mutating func onPreferenceChange<Key: HarnessPreferenceKey>(
    _ key: Key.Type, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    perform action: @escaping (Key.Value) -> Void
  ) where Key.Value: Equatable {
    let site = ChildKey.Site(file: file, line: line, column: column)
    let occurrence = preferenceWatches.lazy.filter { $0.key.site == site }.count
    preferenceWatches.append(
      PreferenceWatch(
        key: HarnessNode.WatchKey(site: site, occurrence: occurrence),
        current: { node in
          node.preferences.values[ObjectIdentifier(key)].flatMap { $0 as? Key.Value }
            ?? Self.combined(key, of: node.children)
        },
        differs: { ($0 as? Key.Value) != ($1 as? Key.Value) },
        action: { ($0 as? Key.Value).map(action) }))
  }

  /// What `nodes` hand up for `key`, in order: nil when none of their subtrees sets it.
  ///
  /// - Complexity: O(n) in the views of the subtrees down to those that set it.
  static func combined<Key: HarnessPreferenceKey>(_ key: Key.Type, of nodes: [HarnessNode]) -> Key.Value? {
    var result: Key.Value?
    for node in nodes {
      let own = node.preferences.values[ObjectIdentifier(key)].flatMap { $0 as? Key.Value }
      guard let next = own ?? combined(key, of: node.children) else { continue }
      var value = result ?? key.defaultValue
      key.reduce(value: &value) { next }
      result = value
    }
    return result
  }
}
