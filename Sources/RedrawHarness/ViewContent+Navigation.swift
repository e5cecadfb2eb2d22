/// `NavigationLink(destination:)` and `.navigationDestination(isPresented:)`: a destination
/// the body makes each time it runs, shown while the link is pushed (docs/harness.md,
/// "Other SwiftUI, translated").
extension ViewContent {
  /// Declares a link named `name` to `destination`, pushed while `isPresented` is true, as
  /// `NavigationLink(destination: Detail(…)) { … }` with the push state SwiftUI keeps, or
  /// `.navigationDestination(isPresented: $shown) { Detail(…) }`.
  ///
  /// The body makes the destination's struct each time it runs (as it makes the link's
  /// destination value); the runtime shows it while pushed, given each new struct as any
  /// child is. `harness.tap(name)` pushes it and `harness.tap("Back from \(name)")` pops it,
  /// each one user action; a write to `isPresented` anywhere does the same. The body runs for
  /// a push only if it reads `isPresented` (`$pushed` of a ``ViewState`` reads nothing). A
  /// popped destination goes with its state, as a view that leaves the tree.
  ///
  /// - Parameters:
  ///   - name: The link's name, which a test taps.
  ///   - isPresented: Whether the destination is pushed: for a `NavigationLink` that keeps its
  ///     own push state, a `@ViewState var pushed = false` of the view, passed as `$pushed`.
  ///   - file: The call's file: with its line and column, where the destination is declared.
  ///   - line: The call's line.
  ///   - column: The call's column.
  ///   - destination: Makes the destination's struct.
  ///   - modifiers: Actions attached to the destination (``ViewModifiers``).
  ///   - values: Environment values the destination is given (`\.dismiss` as a key of your
  ///     own holding `isPresented`), as `child(_:id:environment:modifiers:values:)` gives them.
  public mutating func navigationLink(
    _ name: String, isPresented: ViewBinding<Bool>, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, destination: () -> any HarnessView,
    modifiers: @escaping (inout ViewModifiers) -> Void = { _ in },
    values: @escaping (inout HarnessEnvironmentValues) -> Void = { _ in }
  ) {
    declareLink(
      name, selection: isPresented, pushed: true, popped: false, file: file, line: line, column: column,
      destination: destination, modifiers: modifiers, values: values)
  }

  /// Declares a link named `name` that keeps its own push state, as
  /// `NavigationLink(destination: Detail(…)) { … }` does: several in one body (a `ForEach` of
  /// links) each push and pop their own destination. The state goes with the view that
  /// declares the link; otherwise as
  /// ``navigationLink(_:isPresented:file:line:column:destination:modifiers:values:)``.
  public mutating func navigationLink(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    destination: () -> any HarnessView, modifiers: @escaping (inout ViewModifiers) -> Void = { _ in },
    values: @escaping (inout HarnessEnvironmentValues) -> Void = { _ in }
  ) {
    // Every body's content is given its node's states (`ViewHarness.makeContent(for:)`).
    let state = (linkStates ?? LinkStates()).state(of: name)
    let pushed = ViewBinding<Bool>(
      location: .state(ObjectIdentifier(state)), snapshot: BindingSnapshot(state.pushed), get: { state.pushed },
      set: { state.pushed = $0 })
    navigationLink(
      name, isPresented: pushed, file: file, line: line, column: column, destination: destination,
      modifiers: modifiers, values: values)
  }

  /// Declares a link named `name` whose destination is pushed while `selection` is `tag`, as
  /// `NavigationLink(destination:tag:selection:label:)`: `harness.tap(name)` sets the
  /// selection to `tag`, `harness.tap("Back from \(name)")` sets it to nil, each one user
  /// action; a write to the selection anywhere pushes or pops it.
  public mutating func navigationLink<Tag: Hashable>(
    _ name: String, tag: Tag, selection: ViewBinding<Tag?>, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, destination: () -> any HarnessView,
    modifiers: @escaping (inout ViewModifiers) -> Void = { _ in },
    values: @escaping (inout HarnessEnvironmentValues) -> Void = { _ in }
  ) {
    declareLink(
      name, selection: selection, pushed: tag, popped: nil, file: file, line: line, column: column,
      destination: destination, modifiers: modifiers, values: values)
  }

  /// A link whose destination shows while `selection` is `pushed`: tapping `name` sets it so,
  /// tapping "Back from `name`" sets it to `popped`; the destination is a container's one row.
  private mutating func declareLink<Tag: Hashable>(
    _ name: String, selection: ViewBinding<Tag>, pushed: Tag, popped: Tag, file: StaticString, line: UInt,
    column: UInt, destination: () -> any HarnessView, modifiers: @escaping (inout ViewModifiers) -> Void,
    values: @escaping (inout HarnessEnvironmentValues) -> Void
  ) {
    actions[name] = .button { selection.wrappedValue = pushed }
    actions["Back from \(name)"] = .button { selection.wrappedValue = popped }
    let site = Site<Tag>(
      file: file, line: line, column: column, modifiers: { _, attached in modifiers(&attached) },
      values: { _, given in values(&given) })
    declareShown(
      name, selection: selection, [Tab(tag: pushed, view: destination())], keptUpdates: 0, navigation: true, at: site)
  }

  /// Declares that this body's content is inside a `NavigationView` or `NavigationStack`:
  /// the views below it, up to the destinations pushed from them, are the stack's first
  /// screen. A push covers the screen its link is on (this one, or the pushed destination it
  /// is in; without such a body, the whole tree): its views disappear, their `onDisappear`
  /// actions run and their tasks are cancelled, and they appear again when the destination is
  /// popped, as views covered by a push do in SwiftUI. They keep their state, and their bodies
  /// still run for what they read.
  public mutating func navigationStack() {
    isNavigationStack = true
  }
}

/// The push states of the links of one view that keep their own (`NavigationLink(destination:)`),
/// by name: they live as long as the view.
final class LinkStates {
  final class State {
    var pushed = false
  }

  private var states: [String: State] = [:]

  func state(of name: String) -> State {
    if let state = states[name] { return state }
    let state = State()
    states[name] = state
    return state
  }
}
