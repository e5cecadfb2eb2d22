import RedrawTrace

/// A view for ``ViewHarness``: a struct whose body reads models and declares children,
/// as a SwiftUI `View` does.
///
/// ```swift
/// struct UnreadBadge: HarnessView {
///   let model: ProfileModel
///   func body(_ content: inout ViewContent) {
///     content.text("\(model.unreadCount)")
///   }
/// }
/// ```
///
/// Stored properties are the view's inputs: when a parent re-evaluates, it re-creates the
/// struct, and the harness re-evaluates the child's body only if an input changed (an
/// object by identity, a value by `==`; an input that is neither counts as changed), as
/// SwiftUI does. ``ViewState`` properties are the view's state and are not inputs.
public protocol HarnessView {
  /// Reads models and declares children, tasks and environment values.
  func body(_ content: inout ViewContent)
}

/// What a body declares: children, tasks and environment objects; and what it may read:
/// the environment.
public struct ViewContent {
  /// A child declared by a body, made under its own identity.
  struct Child {
    var key: ChildKey
    var node: Int
    var typeName: String
    var environment: [ObjectIdentifier: AnyObject]
    var view: any HarnessView
  }

  /// A task declared by a body.
  struct Task {
    var name: String
    var id: AnyHashable?
    var work: () -> Void
  }

  let environment: [ObjectIdentifier: AnyObject]
  /// The node of a child with this key: its current one, or a new one.
  let identify: (ChildKey) -> Int
  var children: [Child] = []
  var tasks: [Task] = []
  /// Text the body would show; kept so tests can read what a view displays.
  var texts: [String] = []

  /// Declares a child. Its struct is made here, inside the body (so what the expression
  /// reads is the body's read) and inside the child's identity (so `Trace.make` in its
  /// property initializers records the child as their owner).
  ///
  /// - Parameters:
  ///   - make: The child's struct, e.g. `FeedView(settings: settings)`.
  ///   - id: An explicit identity, as `ForEach` or `.id(_:)` give; by default a child is
  ///     identified by its position and type.
  ///   - environment: Objects to inject into the child's subtree, as `.environment(_:)` does.
  public mutating func child<V: HarnessView>(
    _ make: @autoclosure () -> V, id: AnyHashable? = nil, environment: [AnyObject] = []
  ) {
    var inherited = self.environment
    for object in environment { inherited[ObjectIdentifier(type(of: object))] = object }
    let key = ChildKey(position: id == nil ? children.count : -1, type: ObjectIdentifier(V.self), id: id)
    let node = identify(key)
    let view = Trace.withOwner(node) { make() }
    children.append(
      Child(key: key, node: node, typeName: String(describing: V.self), environment: inherited, view: view))
  }

  /// Declares work to run once each time the view appears (`.task { }`), or again
  /// whenever `id` changes (`.task(id:) { }`).
  public mutating func task(_ name: String, id: AnyHashable? = nil, _ work: @escaping () -> Void) {
    tasks.append(Task(name: name, id: id, work: work))
  }

  /// The nearest object of `type` injected by an ancestor.
  public func environment<T: AnyObject>(_ type: T.Type) -> T? {
    environment[ObjectIdentifier(type)] as? T
  }

  /// Text the view shows (for tests that check what is on screen).
  public mutating func text(_ string: String) {
    texts.append(string)
  }
}

/// How a child is identified among its siblings.
struct ChildKey: Hashable {
  var position: Int
  var type: ObjectIdentifier
  var id: AnyHashable?
}
