import RedrawTrace

/// Mounted views one by one, and what a user does to them: tapping buttons and typing
/// into text fields that the views' bodies declare.
extension ViewHarness {
  /// One mounted view: its node, its current struct, and what its evaluations did.
  public struct MountedView<V: HarnessView> {
    /// The `node` the trace names it by.
    public let node: Int
    /// Its current struct; a ``ViewState`` property of it can be set, as an action would.
    public let view: V
    /// Its body evaluations since the harness started (or the last ``resetCounts()``).
    public let evaluations: Int
    /// The text its last evaluation showed.
    public let texts: [String]
  }

  /// Every mounted view of type `type`, in the tree's order (parents first, children in
  /// the order their parent declares them): two windows of one screen are two entries.
  public func mounted<V: HarnessView>(_ type: V.Type) -> [MountedView<V>] {
    mountedNodes.compactMap { node in
      guard let view = node.view as? V else { return nil }
      return MountedView(
        node: node.id, view: view, evaluations: node.evaluations - (baselines[node.id] ?? 0), texts: node.texts)
    }
  }

  /// Taps the button named `name` that a mounted view declared (the first in the tree's
  /// order, or of a view of type `type`, or the view at `node`), inside an `action` span
  /// named after it, then flushes: one user event, one update.
  ///
  /// - Returns: Whether such a button was found.
  @discardableResult
  public func tap(_ name: String, in type: (any HarnessView.Type)? = nil, node: Int? = nil) -> Bool {
    guard case (let owner, .button(let perform))? = action(name, in: type, node: node) else { return false }
    Trace.action(name, node: owner, binding: false) { perform() }
    flush()
    return true
  }

  /// Types `text` into the text field named `name`, one character a keystroke: each is an
  /// `action` span named after the field that sets the field's text, followed by a flush,
  /// as keystrokes are separate events.
  ///
  /// - Returns: Whether such a text field was found.
  @discardableResult
  public func type(_ text: String, into name: String, in type: (any HarnessView.Type)? = nil, node: Int? = nil)
    -> Bool
  {
    for character in text {
      switch action(name, in: type, node: node) {
      case (let owner, .textField(let current, let onChange))?:
        // It edits through a binding (`TextField(text: $model.draft)`) whose maker is unknown.
        Trace.action(name, node: owner, binding: true) { onChange(current + String(character)) }
      case (let owner, .boundTextField(let binding))?:
        Trace.action(name, node: owner, binding: false) { binding.wrappedValue += String(character) }
      default:
        return false
      }
      flush()
    }
    return true
  }

  /// Clears the text field named `name` in one edit (the field's clear button, or selecting
  /// all and deleting), inside an `action` span named after the field, then flushes.
  ///
  /// - Returns: Whether such a text field was found.
  @discardableResult
  public func clear(_ name: String, in type: (any HarnessView.Type)? = nil, node: Int? = nil) -> Bool {
    switch action(name, in: type, node: node) {
    case (let owner, .textField(_, let onChange))?:
      Trace.action(name, node: owner, binding: true) { onChange("") }
    case (let owner, .boundTextField(let binding))?:
      Trace.action(name, node: owner, binding: false) { binding.wrappedValue = "" }
    default:
      return false
    }
    flush()
    return true
  }

  /// Flips the toggle named `name` (``ViewContent/toggle(_:isOn:)``), inside an `action`
  /// span named after it, then flushes.
  ///
  /// - Returns: Whether such a toggle was found.
  @discardableResult
  public func toggle(_ name: String, in type: (any HarnessView.Type)? = nil, node: Int? = nil) -> Bool {
    operate(name, .toggle, in: type, node: node)
  }

  /// Chooses `value` in the picker named `name` (``ViewContent/picker(_:selection:options:)``),
  /// inside an `action` span named after it, then flushes.
  ///
  /// - Returns: Whether such a picker was found and offers `value`.
  @discardableResult
  public func pick(
    _ value: some Hashable, from name: String, in type: (any HarnessView.Type)? = nil, node: Int? = nil
  ) -> Bool {
    operate(name, .pick(AnyHashable(value)), in: type, node: node)
  }

  /// Taps the stepper named `name` (``ViewContent/stepper(_:value:in:step:)``) `steps` times
  /// up (or down, for a negative count) as one action, then flushes.
  ///
  /// - Returns: Whether such a stepper was found.
  @discardableResult
  public func increment(_ name: String, by steps: Int = 1, in type: (any HarnessView.Type)? = nil, node: Int? = nil)
    -> Bool
  {
    operate(name, .step(steps), in: type, node: node)
  }

  private func operate(
    _ name: String, _ input: ViewContent.ControlInput, in type: (any HarnessView.Type)?, node: Int?
  ) -> Bool {
    guard case (let owner, .control(let accepts, let apply))? = action(name, in: type, node: node), accepts(input)
    else { return false }
    Trace.action(name, node: owner, binding: false) { apply(input) }
    flush()
    return true
  }

  /// The first mounted node, in the tree's order, of a view of type `type` (any, when nil) at
  /// `node` (any, when nil) for which `found` gives a value, and that value: how an action
  /// finds the view that declares its control.
  func firstMounted<T>(
    in type: (any HarnessView.Type)?, node: Int?, _ found: (HarnessNode) -> T?
  ) -> (node: HarnessNode, value: T)? {
    for candidate in mountedNodes
    where (node == nil || candidate.id == node)
      && (type.map { ObjectIdentifier(Swift.type(of: candidate.view)) == ObjectIdentifier($0) } ?? true)
    {
      if let value = found(candidate) { return (candidate, value) }
    }
    return nil
  }

  /// The event handler named `name` and the node of the view that declares it.
  private func action(_ name: String, in type: (any HarnessView.Type)?, node: Int?) -> (Int, ViewContent.Action)? {
    let found = firstMounted(in: type, node: node) { candidate in
      // The innermost gesture first: the view's own control, then one its parent attached.
      candidate.declared.actions[name] ?? candidate.modifiers.taps[name].map { .button($0) }
    }
    return found.map { ($0.node.id, $0.value) }
  }
}
