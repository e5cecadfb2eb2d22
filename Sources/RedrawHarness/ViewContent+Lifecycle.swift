/// `.onAppear`, `.onDisappear` and `.onChange(of:initial:_:)`: actions SwiftUI runs after
/// the update in which their view appeared, disappeared or saw a new value, never during
/// it (docs/harness.md, "Lifecycle actions").
extension ViewContent {
  /// A lifecycle action a body declared, where it declared it.
  struct LifecycleAction {
    enum Kind {
      case appear(() -> Void)
      case disappear(() -> Void)
      /// The value now, and the action given the value before it (or the value itself, for
      /// `initial`), run when ``ChangeWatch/differs(from:)`` says so.
      case change(ChangeWatch, initial: Bool, action: (_ old: Any) -> Void)
    }

    var kind: Kind
    /// Where the body declared it, and which of the declarations from there it is: an
    /// `onChange` keeps its last value under this.
    var site: ChildKey.Site
    var occurrence: Int
  }

  /// A value an `onChange` watches, and how to compare it with the one it saw before.
  struct ChangeWatch {
    let value: Any
    let differs: (Any) -> Bool

    init<V: Equatable>(_ value: V) {
      self.value = value
      differs = { ($0 as? V).map { $0 != value } ?? true }
    }
  }

  /// Runs `action` after the update in which the view appears, as `.onAppear { }` does:
  /// once per appearance, children's before their parent's, before any `.task` starts.
  public mutating func onAppear(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column, _ action: @escaping () -> Void
  ) {
    declare(.appear(action), file: file, line: line, column: column)
  }

  /// Runs `action` after the update in which the view disappears (a branch switched, a row
  /// removed, a new `id`), as `.onDisappear { }` does: the closure of its last evaluation.
  public mutating func onDisappear(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column, _ action: @escaping () -> Void
  ) {
    declare(.disappear(action), file: file, line: line, column: column)
  }

  /// Runs `action` with the value before and the value now after an update in which the
  /// body saw `value` differ (by `!=`) from what its last evaluation saw, as
  /// `.onChange(of:initial:_:)` does: the closure of the evaluation that saw the new value.
  /// A change the body never sees (the value set and set back between two evaluations)
  /// runs nothing. With `initial`, it also runs when the view appears, given the value
  /// twice. Its writes are made after the update, so they start the next one.
  public mutating func onChange<V: Equatable>(
    of value: V, initial: Bool = false, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) {
    let change = LifecycleAction.Kind.change(ChangeWatch(value), initial: initial) { old in
      action(old as? V ?? value, value)
    }
    declare(change, file: file, line: line, column: column)
  }

  /// ``onChange(of:initial:file:line:column:_:)`` with an action that takes no values.
  public mutating func onChange<V: Equatable>(
    of value: V, initial: Bool = false, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ action: @escaping () -> Void
  ) {
    onChange(of: value, initial: initial, file: file, line: line, column: column) { _, _ in action() }
  }

  private mutating func declare(_ kind: LifecycleAction.Kind, file: StaticString, line: UInt, column: UInt) {
    let site = ChildKey.Site(file: file, line: line, column: column)
    let occurrence = lifecycle.lazy.filter { $0.site == site }.count
    lifecycle.append(LifecycleAction(kind: kind, site: site, occurrence: occurrence))
  }
}
