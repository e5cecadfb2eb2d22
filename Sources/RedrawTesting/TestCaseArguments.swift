#if canImport(Testing)
  import Testing

  /// The arguments of one case of a parameterized test, for the case's session name:
  /// `badge(tracking: .objectLevel)` for the case of `badge(tracking:)` that passes
  /// `.objectLevel`.
  ///
  /// Swift Testing's public API says whether a case is parameterized
  /// (`Test.Case.isParameterized`) but not what it passes: the arguments and their
  /// parameters are internal to it. They are read here by reflection (`Mirror`, which sees
  /// internal stored properties), each value spelled as Swift Testing spells it in its own
  /// output, with the public `String(describingForTest:)`. When reflection finds none (a
  /// Swift Testing that stores them otherwise), ``arguments(of:)`` is nil and the cases of
  /// the test share its name; RedrawTestingTests checks that it finds them with the
  /// toolchain that builds Redraw.
  enum TestCaseArguments {
    /// One argument: the parameter's label (nil for `_`) and the value as Swift Testing
    /// spells it.
    struct Argument: Equatable {
      var label: String?
      var value: String
    }

    /// The arguments of `testCase`, in the order of the parameters; nil when reflection
    /// cannot find them.
    static func arguments(of testCase: Test.Case) -> [Argument]? {
      guard let list = child("arguments", ofPayloadOf: child("_kind", of: testCase)) else { return nil }
      var arguments: [Argument] = []
      for argument in Mirror(reflecting: list).children {
        guard let value = child("value", of: argument.value), let parameter = child("parameter", of: argument.value),
          let firstName = child("firstName", of: parameter) as? String
        else { return nil }
        arguments.append(
          Argument(label: firstName == "_" ? nil : firstName, value: String(describingForTest: value)))
      }
      return arguments.isEmpty ? nil : arguments
    }

    /// `name` (a test function's name, `badge(tracking:)`) with the labels followed by the
    /// arguments: `badge(tracking: .objectLevel)`.
    static func name(_ name: String, with arguments: [Argument]) -> String {
      let base = name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
      let list = arguments.map { argument in argument.label.map { "\($0): \(argument.value)" } ?? argument.value }
      return base + "(" + list.joined(separator: ", ") + ")"
    }

    // MARK: - Reflection

    private static func child(_ label: String, of value: Any?) -> Any? {
      guard let value else { return nil }
      return Mirror(reflecting: value).children.first { $0.label == label }?.value
    }

    /// A child of the payload of an enum case (`_kind`'s `.parameterized(arguments:…)`).
    private static func child(_ label: String, ofPayloadOf value: Any?) -> Any? {
      guard let value, let payload = Mirror(reflecting: value).children.first?.value else { return nil }
      return child(label, of: payload)
    }

  }
#endif
