/// Whether a key path takes one step from its root, as far as the runtime's description of it
/// tells: the key-path form of the explicit API names only a key path of one step.
///
/// A key path shows no components to Swift code, but its `debugDescription` (SE-0369) spells
/// them: `\Cart.items`, `\Cart.owner.name`, `\Feed.<computed 0x… (Array<String>)>`, and
/// `\Feed.<computed 0x… (Owner)>.name` on Linux. Steps are the parts between the dots (or
/// `?`, `!`, `[`) outside angle brackets, parentheses and brackets: a type such as
/// `Outer.Inner` or `(Int) -> ()` may sit inside them.
enum KeyPathSteps {
  /// Whether `keyPath` leads from its root to one of the root's properties in one step.
  ///
  /// A description this cannot read (no `\Root.` at its start) is not one step: the caller
  /// then names no property rather than guess.
  static func isOneStep(_ keyPath: AnyKeyPath) -> Bool {
    guard let steps = steps(of: keyPath), !steps.isEmpty else { return false }
    var depth = 0
    var previous: Character = " "
    for character in steps {
      switch character {
      // A dot, an optional chain or a subscript outside a type: more than one step.
      case ".", "?", "!", "[":
        if depth == 0 { return false }
        if character == "[" { depth += 1 }
      case "<", "(": depth += 1
      case ")", "]": depth -= 1
      // `->` in a function type closes nothing.
      case ">" where previous != "-": depth -= 1
      default: break
      }
      previous = character
    }
    return true
  }

  /// The names of the steps of a key path through stored properties only, joined by dots
  /// (`owner.name` for `\Cart.owner.name`), or nil when a step is computed, optional, a
  /// subscript, or the description cannot be read.
  static func storedPath(_ keyPath: AnyKeyPath) -> String? {
    guard let steps = steps(of: keyPath) else { return nil }
    let identifier = steps.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { step in
      guard let first = step.first, first == "_" || first.isLetter else { return false }
      return step.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
    return identifier ? String(steps) : nil
  }

  /// The description of `keyPath` after `\Root.`: its steps as the runtime spells them, or
  /// nil when the description does not start so.
  private static func steps(of keyPath: AnyKeyPath) -> Substring? {
    let prefix = "\\\(type(of: keyPath).rootType)."
    let description = keyPath.debugDescription
    guard description.hasPrefix(prefix) else { return nil }
    return description.dropFirst(prefix.count)
  }
}
