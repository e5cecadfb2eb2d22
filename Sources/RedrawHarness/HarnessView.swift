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
/// struct, and the harness re-evaluates the child's body only if an input changed, compared
/// as SwiftUI compares them (objects by identity, plain data by its fields, other values by
/// `==`, other structs by their fields; a closure always counts as changed). ``ViewState`` properties are the view's state
/// and are not inputs.
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
    /// Its environment values, and how its parent's body changed them for its subtree.
    var values: HarnessNode.Values
    var view: any HarnessView
    /// Where the body declared it: the `site` of its `body` events.
    var site: HarnessNode.Site
    /// Whether its inputs or environment differ from those of the struct its node had, as
    /// SwiftUI decides whether to evaluate its body again; true for a new node.
    var inputsChanged: Bool
    /// The lazy container whose row it is, if it is one.
    var container: String?
    /// How many updates it keeps its state once scrolled away (a lazy container's row).
    var keptUpdates = 0
    /// What the parent's body attached to it.
    var modifiers = ViewModifiers()
  }

  /// A task declared by a body.
  struct Task {
    var name: String
    var id: AnyHashable?
    var file: StaticString
    var line: UInt
    var work: (EffectTask) -> Void
  }

  let environment: [ObjectIdentifier: AnyObject]
  /// The environment values the body sees.
  let values: HarnessEnvironmentValues
  /// The keys of ``values`` the body read: a change of one re-evaluates it.
  var readKeys: Set<ObjectIdentifier> = []
  /// The node whose body declares the children.
  let parent: Int
  /// The first row in view of each of the node's lazy containers, by name (0 when not scrolled).
  var windows: [String: Int] = [:]
  /// The node of a child with this key: its current one, with the node itself, or a new one.
  let identify: (ChildKey) -> (node: Int, existing: HarnessNode?)
  var children: [Child] = []
  /// How many children this body declared so far with each key (occurrence 0).
  var declaredKeys: [ChildKey: Int] = [:]
  var tasks: [Task] = []
  /// Its `onAppear`, `onDisappear` and `onChange` actions, in the order declared.
  var lifecycle: [LifecycleAction] = []
  /// Its `onReceive` subscriptions, in the order declared.
  var receivers: [Receiver] = []
  /// Its lazy containers, by name.
  var lazyContainers: [String: LazyContainer] = [:]
  /// The preference values it hands up, by key type, and its `onPreferenceChange` actions.
  var preferences: [ObjectIdentifier: Any] = [:]
  var preferenceWatches: [PreferenceWatch] = []
  /// Its tab views, by name.
  var tabSelections: [String: TabSelection] = [:]
  /// Whether its content is a navigation stack's first screen (``navigationStack()``).
  var isNavigationStack = false
  /// The push states of its links that keep their own, kept by its node.
  var linkStates: LinkStates?
  /// Text the body would show; kept so tests can read what a view displays.
  var texts: [ShownText] = []

  /// A text a view shows: one the body gave, or a bound field's, read when a test asks (the
  /// field reads its binding, not the body).
  enum ShownText {
    case literal(String)
    case field(ViewBinding<String>)

    var text: String {
      switch self {
      case .literal(let text): text
      case .field(let binding): binding.wrappedValue
      }
    }
  }
  /// Event handlers the body declares, by name: buttons, text fields and other controls.
  var actions: [String: Action] = [:]
  /// Its `.refreshable` action.
  var refresh: ((EffectTask) -> Void)?

  /// An event handler declared by a body.
  enum Action {
    case button(() -> Void)
    /// A field given its text and a closure: it edits through a binding the harness cannot
    /// see made, so its keystrokes say so (`"binding":true`).
    case textField(text: String, onChange: (String) -> Void)
    /// A field given a ``ViewBinding``, whose `bind` event names the view that made it.
    case boundTextField(ViewBinding<String>)
    /// A toggle, picker or stepper editing a ``ViewBinding``: whether it takes an input, and
    /// what the input does.
    case control(accepts: (ControlInput) -> Bool, apply: (ControlInput) -> Void)
  }

  /// What a user does to a control.
  enum ControlInput {
    case toggle
    case pick(AnyHashable)
    case step(Int)
  }

  /// Declares a child. Its struct is made here, inside the body (so what the expression
  /// reads is the body's read) and inside the child's identity (so `Trace.make` in its
  /// property initializers records the child as their owner), and a `struct` event says a
  /// struct was made for the child's node. An expression that hands down a struct made
  /// earlier (a container's stored `content`) makes none: its state is bound to an identity
  /// already, and no `@State` default ran again, so no event is recorded. (A struct without
  /// state cannot tell; it is recorded as made, which changes no count.)
  ///
  /// A child's identity is its place in the body's structure, as SwiftUI's view builder
  /// gives it: the source location of this call stands for that place, so a child keeps its
  /// identity when a sibling before it appears or disappears (`if hasUnread { … }`), and
  /// the two branches of an `if`/`else` or `switch` are different identities even for the
  /// same type. Calls from one location in a loop are told apart by `id`, as `ForEach`
  /// does, or else by their order there.
  ///
  /// The child's `body` events record this call as their `site`, so findings about the view
  /// point at where its parent declares it.
  ///
  /// - Parameters:
  ///   - make: The child's struct, e.g. `FeedView(settings: settings)`.
  ///   - id: An explicit identity, as `ForEach` or `.id(_:)` give: a new `id` is a new view
  ///     (fresh state, initializers and tasks run again), the same `id` keeps it.
  ///   - environment: Objects to inject into the child's subtree, as `.environment(_:)` does.
  ///   - modifiers: Actions attached to the child, as `.onAppear` and `.onTapGesture` on it
  ///     (``ViewModifiers``): the trailing closure, `content.child(Row()) { $0.onAppear { … } }`.
  ///   - values: Sets environment values for the child's subtree, as `.environment(\.key, value)`
  ///     does: `values: { $0.accent = "red" }`.
  ///   - file: The call's file: with its line and column, the child's place in its parent,
  ///     which is part of its identity and the `site` its `body` events record.
  ///   - line: The call's line.
  ///   - column: The call's column, which tells apart two children declared on one line.
  public mutating func child<V: HarnessView>(
    _ make: @autoclosure () -> V, id: AnyHashable? = nil, environment: [AnyObject] = [],
    modifiers: (inout ViewModifiers) -> Void = { _ in },
    values: @escaping (inout HarnessEnvironmentValues) -> Void = { _ in },
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    var inherited = self.environment
    for object in environment { inherited[ObjectIdentifier(type(of: object))] = object }
    let first = ChildKey(
      site: ChildKey.Site(file: file, line: line, column: column), type: ObjectIdentifier(V.self), id: id,
      occurrence: 0)
    var key = first
    key.occurrence = declaredKeys[first, default: 0]
    declaredKeys[first] = key.occurrence + 1
    let (node, existing) = identify(key)
    let typeName = String(describing: V.self)
    let view = Trace.withOwner(node) { make() }
    let childValues = HarnessNode.Values(from: self.values, setting: values)
    let inputsChanged =
      existing.map { existing in
        let sameEnvironment =
          existing.environment.count == inherited.count
          && existing.environment.allSatisfy { inherited[$0.key] === $0.value }
        // An environment value the child read changed: an input of its, as SwiftUI sees it.
        let readValueChanged = !childValues.inherited.changedKeys(from: existing.values.inherited)
          .isDisjoint(with: existing.reads.keys)
        return !sameEnvironment || readValueChanged || !InputComparison.sameInputs(existing.view, view)
      } ?? true
    if !StateBinding.isBound(view) {
      Trace.viewStruct(
        typeName, node: node, parent: parent, sameInputs: !inputsChanged,
        closureInput: existing != nil && inputsChanged && InputComparison.hasClosureInput(view))
    }
    children.append(
      Child(
        key: key, node: node, typeName: typeName, environment: inherited,
        values: childValues, view: view,
        site: HarnessNode.Site(file: file, line: line), inputsChanged: inputsChanged))
    modifiers(&children[children.count - 1].modifiers)
  }

  /// Declares work to run once each time the view appears (`.task { }`), or again
  /// whenever `id` changes (`.task(id:) { }`), as a task that can `await` and sleep
  /// (`EffectTask`). Each start records a `task` effect named `name` at this call. The task
  /// is cancelled when the view disappears or before it starts again for a new `id`.
  public mutating func task(
    _ name: String, id: AnyHashable? = nil, file: StaticString = #filePath, line: UInt = #line,
    _ work: @escaping (EffectTask) -> Void
  ) {
    tasks.append(Task(name: name, id: id, file: file, line: line, work: work))
  }

  /// ``task(_:id:file:line:_:)-(_,_,_,_,(EffectTask)->Void)`` for work with no `await`.
  public mutating func task(
    _ name: String, id: AnyHashable? = nil, file: StaticString = #filePath, line: UInt = #line,
    _ work: @escaping () -> Void
  ) {
    task(name, id: id, file: file, line: line) { _ in work() }
  }

  /// Declares what pulling to refresh does, as `.refreshable { await model.refresh() }`: a
  /// test pulls with ``ViewHarness/refresh(in:node:)``, which starts `action` as a task.
  public mutating func refreshable(_ action: @escaping (EffectTask) -> Void) {
    refresh = action
  }

  /// Declares a button named `name` whose action is `perform`, as `Button(name) { … }` does.
  /// A test taps it with ``ViewHarness/tap(_:in:node:)``.
  public mutating func button(_ name: String, action perform: @escaping () -> Void) {
    actions[name] = .button(perform)
  }

  /// Declares a text field named `name` showing `text`, whose edits call `onChange` with the
  /// new text, as `TextField(name, text: $binding)` does. A test types into it with
  /// ``ViewHarness/type(_:into:in:node:)``.
  public mutating func textField(_ name: String, text: String, onChange: @escaping (String) -> Void) {
    actions[name] = .textField(text: text, onChange: onChange)
    texts.append(.literal(text))
  }

  /// Declares a text field named `name` that edits `text`, as `TextField(name, text:
  /// $model.query)` does: the body that made the binding (`$model.query`) recorded it and
  /// read its value (``ViewBinding``). The field reads and writes its text where it lives,
  /// outside the body. A test types into it with ``ViewHarness/type(_:into:in:node:)``; its text is one of
  /// the view's texts, read through the binding when the test asks for them.
  public mutating func textField(_ name: String, text: ViewBinding<String>) {
    actions[name] = .boundTextField(text)
    texts.append(.field(text))
  }

  /// The nearest object of `type` injected by an ancestor, as `@Environment(T.self)` finds it:
  /// one injected as `type`, or else one of a subclass of it (`.environment(model)` where the
  /// model's declared type is `type`), the first by class name when several are.
  public func environment<T: AnyObject>(_ type: T.Type) -> T? {
    EnvironmentLookup.object(type, in: environment)
  }

  /// The value of an environment key, as `@Environment(\.accent) var accent` reads it: the
  /// nearest ancestor's, or the key's default. The view depends on it: when a parent's
  /// evaluation changes it, the views of the subtree that read it are evaluated again, and
  /// only those.
  public mutating func environment<Value>(_ path: KeyPath<HarnessEnvironmentValues, Value>) -> Value {
    var values = self.values
    let reads = HarnessEnvironmentValues.KeyReads()
    values.reads = reads
    let value = values[keyPath: path]
    readKeys.formUnion(reads.keys)
    return value
  }

  /// Text the view shows (for tests that check what is on screen).
  public mutating func text(_ string: String) {
    texts.append(.literal(string))
  }
}

/// How a child is identified among its siblings: where its parent's body declares it, its
/// type, its explicit `id`, and, for several declared alike, their order.
struct ChildKey: Hashable {
  /// A source location of a `child` call.
  struct Site: Hashable {
    /// The address of the `#filePath` string: one per file in a binary.
    var file: UInt
    var line: UInt
    var column: UInt

    init(file: StaticString, line: UInt, column: UInt) {
      self.file = UInt(bitPattern: file.utf8Start)
      self.line = line
      self.column = column
    }

    /// The root's, which no body declares.
    static let root = Site(file: "", line: 0, column: 0)
  }

  var site: Site
  var type: ObjectIdentifier
  var id: AnyHashable?
  var occurrence: Int
}

/// `Never` is a view, as SwiftUI's `Never: View` is: the type argument of a generic view with
/// no such content (`ContentListView<Never>` for a list without a header).
extension Never: HarnessView {
  /// Never runs: there is no value of `Never`.
  public func body(_ content: inout ViewContent) {}
}
