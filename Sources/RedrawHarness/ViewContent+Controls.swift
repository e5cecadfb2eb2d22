/// Controls that edit a binding, as SwiftUI's `Toggle`, `Picker` and `Stepper` do: the body
/// that made the binding (`$model.isOn`) recorded it and read its value (``ViewBinding``);
/// the control reads and writes where the value lives, outside the body. A test works them with ``ViewHarness/toggle(_:in:node:)``,
/// ``ViewHarness/pick(_:from:in:node:)`` and ``ViewHarness/increment(_:by:in:node:)``, each one
/// user action and one flush.
extension ViewContent {
  /// Declares a toggle named `name` for `isOn`, as `Toggle(name, isOn: $settings.wifi)`.
  public mutating func toggle(_ name: String, isOn: ViewBinding<Bool>) {
    actions[name] = .control(
      accepts: { if case .toggle = $0 { true } else { false } },
      apply: { _ in isOn.wrappedValue.toggle() })
  }

  /// Declares a picker named `name` choosing `selection` among `options`, as
  /// `Picker(name, selection: $settings.size) { ForEach(options) … }`.
  public mutating func picker<Value: Hashable>(
    _ name: String, selection: ViewBinding<Value>, options: [Value]
  ) {
    func choice(_ input: ControlInput) -> Value? {
      guard case .pick(let choice) = input, let value = choice.base as? Value, options.contains(value) else {
        return nil
      }
      return value
    }
    actions[name] = .control(
      accepts: { choice($0) != nil },
      apply: { input in choice(input).map { selection.wrappedValue = $0 } })
  }

  /// Declares a stepper named `name` for `value`, as `Stepper(name, value: $cart.quantity,
  /// in: bounds, step: step)`: a step past the bounds stops at them.
  public mutating func stepper(
    _ name: String, value: ViewBinding<Int>, in bounds: ClosedRange<Int> = Int.min...Int.max, step: Int = 1
  ) {
    actions[name] = .control(
      accepts: { if case .step = $0 { true } else { false } },
      apply: { input in
        guard case .step(let steps) = input else { return }
        let (product, overflow) = steps.multipliedReportingOverflow(by: step)
        let (sum, overflowed) = value.wrappedValue.addingReportingOverflow(product)
        let next = overflow || overflowed ? (steps > 0 ? bounds.upperBound : bounds.lowerBound) : sum
        value.wrappedValue = min(max(next, bounds.lowerBound), bounds.upperBound)
      })
  }
}
