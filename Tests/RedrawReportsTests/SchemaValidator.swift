import Foundation
import RedrawAnalysis

/// Validates JSON against a JSON Schema (draft-04), for the keywords the SARIF 2.1.0
/// schema uses: type, properties, required, additionalProperties, items, minItems,
/// uniqueItems, enum, minimum, maximum, pattern, anyOf, oneOf and local $ref.
struct SchemaValidator {
  let root: JSONValue

  /// Every violation, as `path: problem`.
  func violations(of value: JSONValue) -> [String] {
    var problems: [String] = []
    check(value, against: root, path: "$", problems: &problems)
    return problems
  }

  private func resolve(_ schema: JSONValue) -> JSONValue {
    guard case .string(let reference)? = schema["$ref"], reference.hasPrefix("#/") else { return schema }
    var target = root
    for part in reference.dropFirst(2).split(separator: "/") {
      guard let next = target[String(part)] else { return schema }
      target = next
    }
    return resolve(target)
  }

  private func check(_ value: JSONValue, against rawSchema: JSONValue, path: String, problems: inout [String]) {
    let schema = resolve(rawSchema)
    if case .string(let type)? = schema["type"], !matches(value, type: type) {
      problems.append("\(path): expected \(type)")
      return
    }
    if case .array(let types)? = schema["type"],
      !types.contains(where: { if case .string(let t) = $0 { matches(value, type: t) } else { false } })
    {
      problems.append("\(path): expected one of \(types)")
      return
    }
    if case .array(let options)? = schema["enum"], !options.contains(value) {
      problems.append("\(path): not one of the allowed values")
    }
    if case .number(let number) = value {
      if case .number(let minimum)? = schema["minimum"], number < minimum {
        problems.append("\(path): below \(minimum)")
      }
      if case .number(let maximum)? = schema["maximum"], number > maximum {
        problems.append("\(path): above \(maximum)")
      }
    }
    if case .string(let text) = value, case .string(let pattern)? = schema["pattern"],
      text.range(of: pattern, options: .regularExpression) == nil
    {
      problems.append("\(path): does not match \(pattern)")
    }
    if case .array(let elements) = value {
      if case .number(let minimum)? = schema["minItems"], Double(elements.count) < minimum {
        problems.append("\(path): fewer than \(Int(minimum)) items")
      }
      if case .bool(true)? = schema["uniqueItems"] {
        for (index, element) in elements.enumerated() where elements[..<index].contains(element) {
          problems.append("\(path)[\(index)]: duplicate item")
        }
      }
      if let items = schema["items"] {
        for (index, element) in elements.enumerated() {
          check(element, against: items, path: "\(path)[\(index)]", problems: &problems)
        }
      }
    }
    if case .object(let members) = value {
      if case .array(let required)? = schema["required"] {
        for case .string(let key) in required where value[key] == nil {
          problems.append("\(path): missing required \"\(key)\"")
        }
      }
      let properties = schema["properties"]
      for member in members {
        if let propertySchema = properties?[member.key] {
          check(member.value, against: propertySchema, path: "\(path).\(member.key)", problems: &problems)
        } else if case .bool(false)? = schema["additionalProperties"] {
          problems.append("\(path): unexpected property \"\(member.key)\"")
        } else if let additional = schema["additionalProperties"], case .object = additional {
          check(member.value, against: additional, path: "\(path).\(member.key)", problems: &problems)
        }
      }
    }
    if case .array(let options)? = schema["anyOf"] {
      let passing = options.filter { option in
        var inner: [String] = []
        check(value, against: option, path: path, problems: &inner)
        return inner.isEmpty
      }
      if passing.isEmpty { problems.append("\(path): matches none of anyOf") }
    }
    if case .array(let options)? = schema["oneOf"] {
      let passing = options.filter { option in
        var inner: [String] = []
        check(value, against: option, path: path, problems: &inner)
        return inner.isEmpty
      }
      if passing.count != 1 { problems.append("\(path): matches \(passing.count) of oneOf, not exactly one") }
    }
  }

  private func matches(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
      ("number", .number):
      return true
    case ("integer", .number(let number)):
      return number == number.rounded()
    default:
      return false
    }
  }
}
