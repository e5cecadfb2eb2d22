import RedrawPlatform

// MARK: - Views leaving the tree, and bindings

extension Trace {
  /// Records that the view node `node` left the tree: its identity ended, so no later write
  /// updates it. Call it where the view goes away, with the node its body marker names:
  ///
  /// ```swift
  /// ForEach(threads) { thread in
  ///   ThreadRow(thread: thread)
  ///     .onDisappear { Trace.unmount(ThreadRow.self, node: thread.id) }
  /// }
  /// ```
  ///
  /// Written as an `unmount` event. `missed-update` and `redraw plan` count no update for a
  /// node after it; a view that is only covered (a screen under a pushed one) has not left
  /// the tree. The harness records it for the views it removes.
  ///
  /// - Parameters:
  ///   - view: The view type.
  ///   - node: The node its body marker names; by default the type's one node.
  @inlinable
  public static func unmount(_ view: Any.Type, node: Int? = nil) {
    guard RecordingSwitch.isOn else { return }
    recordUnmount(view, node: node)
  }

  /// ``unmount(_:node:)`` as a view harness records it: the view by name.
  package static func unmount(viewNamed view: String, node: Int) {
    guard RecordingSwitch.isOn else { return }
    Recorder.shared.recordUnmount(view: view, node: node)
  }

  /// Records, as the view harness does, that the initializer of `view` (the new node `node`)
  /// assigned its state `property`, which has an inline default: SwiftUI keeps the default,
  /// and the value is lost (a `discard` event).
  package static func stateDiscarded(view: String, node: Int, property: String) {
    guard RecordingSwitch.isOn else { return }
    Recorder.shared.recordDiscard(view: view, node: node, property: property)
  }

  @usableFromInline
  static func recordUnmount(_ view: Any.Type, node: Int?) {
    let recorder = Recorder.shared
    let name = recorder.intern(view)
    recorder.recordUnmount(view: String(describing: view), node: node ?? defaultNode(for: name))
  }

  /// Records that the body being evaluated made a binding to the property `property` leads
  /// to in `object`: `$model.query`, handed to a `TextField` or a child's `@Binding`. After a
  /// move to `@Observable`, a view that makes such bindings holds its model in `@Bindable`
  /// (or, for an environment object, declares `@Bindable var model = model` in `body`);
  /// `redraw plan` says so for the views that recorded one. Call it in the body, beside the
  /// binding:
  ///
  /// ```swift
  /// var body: some View {
  ///   let _ = Trace.bodyMarker(Self.self)
  ///   let _ = Trace.binding(to: model, \.query)
  ///   TextField("Search", text: $model.query)
  /// }
  /// ```
  ///
  /// The property is named without reading it (a binding reads nothing): a stored property
  /// the key path reaches, or the one backing field of its type (`@Tracked` storage or
  /// `@Observable`'s), `<a|b>` when several could be it; the event's type is what the plan
  /// needs. Written as a `bind` event.
  @inlinable
  public static func binding<Object: AnyObject, Value>(
    to object: Object, _ property: @autoclosure () -> KeyPath<Object, Value>
  ) {
    guard RecordingSwitch.isOn else { return }
    recordBinding(object: objectID(of: object), of: object, property())
  }

  /// Records that the body being evaluated made a binding to `property` of `object`, named
  /// by hand.
  @inlinable
  public static func binding<Object: AnyObject>(to object: Object, type: String, property: String?) {
    guard RecordingSwitch.isOn else { return }
    recordBinding(object: objectID(of: object), type: type, property: property)
  }

  @usableFromInline
  static func recordBinding(object: UInt64, type: String, property: String?) {
    Recorder.shared.recordBinding(object: object, type: type, property: property)
  }

  @usableFromInline
  static func recordBinding<Object: AnyObject, Value>(
    object: UInt64, of subject: Object, _ keyPath: KeyPath<Object, Value>
  ) {
    Recorder.shared.recordBinding(
      object: object, type: String(describing: type(of: subject)),
      property: BoundPropertyName.of(keyPath, in: subject))
  }
}

/// The name of the property a binding's key path leads to, found without reading it: a
/// binding is no read, and a read in a body would make the view depend on the property.
enum BoundPropertyName {
  /// The names found so far, by key path (a generic class's key paths are made anew for each
  /// use, and equal).
  private static let cache = Locked<[AnyKeyPath: String?]>([:])

  /// The stored property `keyPath` reaches (`owner.name`); else, for one step, the one
  /// backing field of `object`'s class and superclasses that holds a `Value` or a
  /// `Tracked<Value>` (`_query`), `<a|b>` when several do; else nil.
  ///
  /// - Complexity: O(1) for a key path named before; else a walk of the fields.
  static func of<Object: AnyObject, Value>(_ keyPath: KeyPath<Object, Value>, in object: Object) -> String? {
    let cached = cache.withLock { $0[keyPath] }
    if let cached, cached?.hasPrefix("<") != true { return cached }
    // An `@Observable` model's read through `access(keyPath:)` (the two members) named the
    // key path exactly: better than several candidates of one type, which are asked again.
    if let named = ObservablePropertyNames.knownName(of: keyPath) {
      cache.withLock { $0[keyPath] = .some(named) }
      return named
    }
    if let cached { return cached }
    let name = resolve(keyPath, in: object)
    cache.withLock { $0[keyPath] = .some(name) }
    return name
  }

  private static func resolve<Object: AnyObject, Value>(_ keyPath: KeyPath<Object, Value>, in object: Object)
    -> String?
  {
    if let stored = TrackedPropertyName.ofStoredProperty(keyPath) ?? KeyPathSteps.storedPath(keyPath) {
      return stored
    }
    guard KeyPathSteps.isOneStep(keyPath) else { return nil }
    var candidates: [String] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard let label = child.label, label.count > 1, label.hasPrefix("_"), !label.hasPrefix("_$"),
          BackingField.value(child.value, holds: Value.self) || child.value is Tracked<Value>
        else { continue }
        candidates.append(String(label.dropFirst()))
      }
      mirror = current.superclassMirror
    }
    switch candidates.count {
    case 0: return nil
    case 1: return candidates[0]
    default: return "<" + candidates.sorted().joined(separator: "|") + ">"
    }
  }
}
