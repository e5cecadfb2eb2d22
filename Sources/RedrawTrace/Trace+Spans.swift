import RedrawSchema

/// Body and initializer spans.
extension Trace {
  // MARK: - Body spans

  /// Evaluates `body` inside a `body` span of the view `view`.
  ///
  /// A SwiftUI view marks its body with ``body(_:node:parent:file:line:_:)``, which takes its
  /// type; this form names the view with a string and takes a node and a cause, for tests and
  /// harnesses that play a view tree by hand.
  ///
  /// - Parameters:
  ///   - view: The view's type name.
  ///   - node: The view's identity in the tree, stable across evaluations.
  ///   - parent: The parent view's node, when known.
  ///   - cause: Why the body is evaluated, when known.
  ///   - file: The call's file, recorded as the event's `site`: where findings about the
  ///     view point.
  ///   - line: The call's line.
  ///   - body: The body's work; its value is returned.
  @inlinable
  public static func body<R>(
    _ view: String, node: Int, parent: Int? = nil, cause: BodyCause? = nil, file: StaticString = #filePath,
    line: UInt = #line, _ body: () throws -> R
  ) rethrows -> R {
    let span = beginBody(view, node: node, parent: parent, cause: cause, file: file, line: line)
    defer { end(span) }
    return try body()
  }

  /// Evaluates `content` inside a `body` span of the view type `view`: the span ends
  /// exactly where `content` returns, so nothing after the body (an action, a task) lands
  /// in it. Usable as a SwiftUI view's body (`@ViewBuilder` content has an overload on
  /// Apple platforms):
  ///
  /// ```swift
  /// var body: some View {
  ///   Trace.body(Self.self) {
  ///     Text("\(model.unreadCount)")
  ///   }
  /// }
  /// ```
  ///
  /// An open ``bodyMarker(_:node:parent:file:line:)`` span on this thread is closed first.
  ///
  /// - Parameters:
  ///   - view: The view type.
  ///   - node: The view's identity in the tree; by default one node per view type.
  ///   - parent: The parent view's node, when known.
  ///   - file: The call's file, recorded as the event's `site`: where findings about the
  ///     view point.
  ///   - line: The call's line.
  ///   - content: The body's content; it is returned.
  @inlinable
  public static func body<Content>(
    _ view: Any.Type, node: Int? = nil, parent: Int? = nil, file: StaticString = #filePath, line: UInt = #line,
    _ content: () throws -> Content
  ) rethrows -> Content {
    try tracedBody(view, node: node, parent: parent, file: file, line: line, content)
  }

  /// The work of both ``body(_:node:parent:file:line:_:)`` overloads (the generic one and,
  /// where SwiftUI exists, the `@ViewBuilder` one), under a name of its own so neither calls
  /// the other.
  @inlinable
  static func tracedBody<Content>(
    _ view: Any.Type, node: Int?, parent: Int?, file: StaticString, line: UInt, _ content: () throws -> Content
  ) rethrows -> Content {
    guard RecordingSwitch.isOn else { return try content() }
    let span = recordBeginBody(view, node: node, parent: parent, file: file, line: line)
    defer { end(span) }
    return try content()
  }

  // MARK: - Action spans

  /// Runs `work` inside an `action` span named `name`: an event handler, such as a
  /// button's action or a text field's change. The report counts the writes made inside
  /// it and the evaluations they caused.
  ///
  /// ```swift
  /// Button("Send") {
  ///   Trace.action("Send tapped") { model.send() }
  /// }
  /// ```
  ///
  /// An open ``bodyMarker(_:node:parent:file:line:)`` span on this thread is closed first: an
  /// action never runs inside a body.
  @inlinable
  public static func action<R>(_ name: String, _ work: () throws -> R) rethrows -> R {
    let span = beginAction(name)
    defer { end(span) }
    return try work()
  }

  /// Opens an `action` span named `name`; close it with ``end(_:object:)``.
  @inlinable
  public static func beginAction(_ name: String) -> TraceSpan {
    guard RecordingSwitch.isOn else { return .none }
    return recordBeginAction(name)
  }

  /// Opens a `body` span; close it with ``end(_:object:)``.
  ///
  /// For code that cannot wrap the body in a closure, such as an adapter that sees where an
  /// evaluation begins and ends; a view marks its body with
  /// ``body(_:node:parent:file:line:_:)``.
  ///
  /// `file` and `line` are recorded as the event's `site`, where findings about the view
  /// point: the call's by default; a view harness passes where the view is declared.
  @inlinable
  public static func beginBody(
    _ view: String, node: Int, parent: Int? = nil, cause: BodyCause? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) -> TraceSpan {
    guard RecordingSwitch.isOn else { return .none }
    return recordBeginBody(view, node: node, parent: parent, cause: cause, file: file, line: line)
  }

  /// Marks the start of a SwiftUI `body` evaluation, in one line, where wrapping the body in
  /// ``body(_:node:parent:file:line:_:)`` (the usual way) is not wanted:
  ///
  /// ```swift
  /// var body: some View {
  ///   let _ = Trace.bodyMarker(Self.self)
  ///   …
  /// }
  /// ```
  ///
  /// The span ends at the next marker on the same thread, at ``endBodyMarker()``, at an
  /// ``action(_:_:)``, at the end of the turn of the thread's run loop (on the main thread,
  /// after the update), or
  /// when recording stops; SwiftUI evaluates bodies one after another, not nested. To end
  /// the span exactly where the body ends, use ``body(_:node:parent:file:line:_:)`` instead.
  ///
  /// - Parameters:
  ///   - view: The view type.
  ///   - node: The view's identity in the tree; by default one node per view type.
  ///   - parent: The parent view's node, when known.
  ///   - file: The call's file, recorded as the event's `site`: where findings about the
  ///     view point.
  ///   - line: The call's line.
  @inlinable
  public static func bodyMarker(
    _ view: Any.Type, node: Int? = nil, parent: Int? = nil, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard RecordingSwitch.isOn else { return }
    recordBodyMarker(view, node: node, parent: parent, file: file, line: line)
  }

  /// Ends this thread's open ``bodyMarker(_:node:parent:file:line:)`` span, if any.
  @inlinable
  public static func endBodyMarker() {
    guard RecordingSwitch.isOn else { return }
    recordEndBodyMarker()
  }

  /// Closes a span opened by ``beginBody(_:node:parent:cause:file:line:)`` or
  /// ``beginInit(_:owner:file:line:)``.
  ///
  /// - Parameters:
  ///   - span: The span to close.
  ///   - object: For an `init` span, the id of the instance it produced.
  @inlinable
  public static func end(_ span: TraceSpan, object: UInt64? = nil) {
    guard span != .none, RecordingSwitch.isOn else { return }
    recordEnd(span, object: object)
  }

  // MARK: - Initializer spans

  /// Evaluates `value` inside an `init` span: use it at a model's construction site.
  ///
  /// ```swift
  /// @State private var model = Trace.make(FeedModel(loader: live))
  /// ```
  ///
  /// Records the type, the call site, the owning view node (``withOwner(_:_:)`` or
  /// `owner`), every event inside the initializer (effects included), and the id of
  /// the object produced when it is a class.
  @inlinable
  public static func make<T>(
    _ value: @autoclosure () throws -> T, owner: Int? = nil, file: StaticString = #filePath, line: UInt = #line
  ) rethrows -> T {
    guard RecordingSwitch.isOn else { return try value() }
    let span = recordBeginInit(T.self, owner: owner, file: file, line: line)
    let made = try value()
    recordEndInit(span, made: made)
    return made
  }

  /// Opens an `init` span by hand; close it with ``end(_:object:)``.
  @inlinable
  public static func beginInit(_ type: String, owner: Int? = nil, file: StaticString = #filePath, line: UInt = #line)
    -> TraceSpan
  {
    guard RecordingSwitch.isOn else { return .none }
    return recordBeginInit(type, owner: owner, file: file, line: line)
  }

  /// Runs `body` with `node` as the owner of the initializers it runs on this thread.
  ///
  /// A view harness calls this around the construction of a view struct, so the
  /// `Trace.make` calls in its property initializers name the view that owns them.
  public static func withOwner<R>(_ node: Int, _ body: () throws -> R) rethrows -> R {
    try ThreadContext.withOwner(node, body)
  }

  // MARK: - Recording paths

  /// The node of a marker that names none: derived from the view's interned name, so
  /// every evaluation of one view type shares it.
  static func defaultNode(for name: TraceName) -> Int { 1_000_000 + Int(name.rawValue) }

  @usableFromInline
  static func recordBeginBody(
    _ view: String, node: Int, parent: Int?, cause: BodyCause?, file: StaticString, line: UInt
  ) -> TraceSpan {
    let recorder = Recorder.shared
    return recorder.beginBody(
      view: recorder.intern(view), node: node, parent: parent, cause: cause, marker: false,
      site: CallSite(file: file, line: line))
  }

  @usableFromInline
  static func recordBeginBody(_ view: Any.Type, node: Int?, parent: Int?, file: StaticString, line: UInt)
    -> TraceSpan
  {
    let recorder = Recorder.shared
    let name = recorder.intern(view)
    recorder.endMarker()
    return recorder.beginBody(
      view: name, node: node ?? defaultNode(for: name), parent: parent, cause: nil, marker: false,
      site: CallSite(file: file, line: line))
  }

  @usableFromInline
  static func recordBeginAction(_ name: String) -> TraceSpan { Recorder.shared.beginAction(name: name) }

  @usableFromInline
  static func recordBodyMarker(_ view: Any.Type, node: Int?, parent: Int?, file: StaticString, line: UInt) {
    let recorder = Recorder.shared
    let name = recorder.intern(view)
    _ = recorder.beginBody(
      view: name, node: node ?? defaultNode(for: name), parent: parent, cause: nil, marker: true,
      site: CallSite(file: file, line: line))
    MarkerRunLoop.endMarkersAtEndOfTurn()
  }

  @usableFromInline
  static func recordEndBodyMarker() { Recorder.shared.endMarker() }

  @usableFromInline
  static func recordEnd(_ span: TraceSpan, object: UInt64?) { Recorder.shared.end(span, object: object) }

  @usableFromInline
  static func recordBeginInit(_ type: Any.Type, owner: Int?, file: StaticString, line: UInt) -> TraceSpan {
    let recorder = Recorder.shared
    return recorder.beginInit(
      type: recorder.intern(type), site: CallSite(file: file, line: line), owner: owner ?? ThreadContext.currentOwner)
  }

  @usableFromInline
  static func recordBeginInit(_ type: String, owner: Int?, file: StaticString, line: UInt) -> TraceSpan {
    let recorder = Recorder.shared
    return recorder.beginInit(
      type: recorder.intern(type), site: CallSite(file: file, line: line), owner: owner ?? ThreadContext.currentOwner)
  }

  /// Closes an `init` span with the id of what it made, when that is an object.
  @usableFromInline
  static func recordEndInit(_ span: TraceSpan, made: Any) {
    var object: UInt64?
    if let identifiable = made as? any TraceIdentifiable {
      identifiable.traceIdentity.noteType(Recorder.shared.intern(type(of: identifiable)))
      object = identifiable.traceIdentity.objectID
    } else if type(of: made) is AnyClass {
      object = objectID(of: made as AnyObject)
    }
    Recorder.shared.end(span, object: object)
  }
}
