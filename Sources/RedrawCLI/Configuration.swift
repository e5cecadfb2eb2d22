import RedrawAnalysis

/// The settings of a `.redraw.json` file: per-rule severity, thresholds and switches,
/// ignore entries with their reasons, and budgets.
///
/// ```json
/// {
///   "rules": {
///     "over-broad-invalidation": { "severity": "error", "thresholds": { "minimum-evaluations": 2 } },
///     "hot-property": { "enabled": false }
///   },
///   "ignore": [ { "rule": "repeated-init", "type": "Formatter", "reason": "a cheap value type" } ],
///   "budgets": [ { "view": "UnreadBadge", "scenario": "type in search", "maxBodyEvaluations": 3 } ]
/// }
/// ```
///
/// Every key is checked: an unknown key or a wrong value is a usage error that names it.
public struct Configuration: Sendable {
  public var ruleContext = RuleContext()
  public var ignores: [Suppressions.Ignore] = []
  public var budgets: [Budget] = []

  public init() {}

  /// The file looked for in the working directory when no `--config` is given.
  public static let defaultFileName = ".redraw.json"

  /// Parses the configuration in `text`; `name` is how errors name the file.
  public static func parse(_ text: String, name: String) throws(UsageError) -> Configuration {
    let document: JSONValue
    do {
      document = try JSONValue.parse(text)
    } catch {
      throw UsageError(message: "\(name):\(error.line):\(error.column): \(error.expected)")
    }
    var parser = ConfigurationParser(file: name)
    return try parser.configuration(document)
  }
}

/// Walks a configuration document, naming the key of every problem.
private struct ConfigurationParser {
  let file: String

  func fail(_ path: String, _ problem: String) -> UsageError {
    UsageError(message: "\(file): '\(path)' \(problem)")
  }

  mutating func configuration(_ document: JSONValue) throws(UsageError) -> Configuration {
    var configuration = Configuration()
    let members = try object(document, path: "")
    for (key, value) in members {
      switch key {
      case "rules": try rules(value, into: &configuration.ruleContext)
      case "ignore": configuration.ignores = try ignores(value)
      case "budgets": configuration.budgets = try budgets(value)
      default: throw fail(key, "is not a configuration key; expected rules, ignore or budgets")
      }
    }
    return configuration
  }

  private func rules(_ value: JSONValue, into context: inout RuleContext) throws(UsageError) {
    let ids = Set(RuleRegistry.all.map { $0.description.id } + [BudgetCheck.description.id])
    for (id, settings) in try object(value, path: "rules") {
      let path = "rules.\(id)"
      guard ids.contains(id) else {
        throw fail(path, "is not a rule; rules are \(ids.sorted().joined(separator: ", "))")
      }
      for (key, setting) in try object(settings, path: path) {
        switch key {
        case "severity":
          let name = try string(setting, path: "\(path).severity")
          guard let severity = Severity(rawValue: name) else {
            throw fail("\(path).severity", "must be error, warning or info, not \"\(name)\"")
          }
          context.severities[id] = severity
        case "enabled":
          guard case .bool(let enabled) = setting else { throw fail("\(path).enabled", "must be true or false") }
          if enabled { context.disabled.remove(id) } else { context.disabled.insert(id) }
        case "thresholds":
          let known = RuleRegistry.rule(id: id)?.description.thresholds.map(\.key) ?? []
          for (threshold, number) in try object(setting, path: "\(path).thresholds") {
            guard known.contains(threshold) else {
              throw fail(
                "\(path).thresholds.\(threshold)",
                "is not a threshold of \(id); it has \(known.isEmpty ? "none" : known.joined(separator: ", "))")
            }
            guard case .number(let value) = number, value >= 0 else {
              throw fail("\(path).thresholds.\(threshold)", "must be a non-negative number")
            }
            context.thresholds["\(id).\(threshold)"] = value
          }
        default:
          throw fail("\(path).\(key)", "is not a rule setting; expected severity, enabled or thresholds")
        }
      }
    }
  }

  private func ignores(_ value: JSONValue) throws(UsageError) -> [Suppressions.Ignore] {
    guard case .array(let entries) = value else { throw fail("ignore", "must be an array") }
    var result: [Suppressions.Ignore] = []
    for (index, entry) in entries.enumerated() {
      let path = "ignore[\(index)]"
      var fields: [String: String] = [:]
      for (key, field) in try object(entry, path: path) {
        guard ["rule", "view", "type", "property", "reason"].contains(key) else {
          throw fail("\(path).\(key)", "is not an ignore key; expected rule, view, type, property and reason")
        }
        fields[key] = try string(field, path: "\(path).\(key)")
      }
      guard let rule = fields["rule"] else { throw fail(path, "needs a \"rule\"") }
      guard let reason = fields["reason"], !reason.isEmpty else {
        throw fail(path, "needs a \"reason\": say why the finding is accepted")
      }
      result.append(
        Suppressions.Ignore(
          rule: rule, view: fields["view"], type: fields["type"], property: fields["property"], reason: reason))
    }
    return result
  }

  private func budgets(_ value: JSONValue) throws(UsageError) -> [Budget] {
    guard case .array(let entries) = value else { throw fail("budgets", "must be an array") }
    let metrics: [String: Budget.Metric] = [
      "maxBodyEvaluations": .bodyEvaluations, "maxOverBroadEvaluations": .overBroadEvaluations, "maxInits": .inits,
    ]
    var result: [Budget] = []
    for (index, entry) in entries.enumerated() {
      let path = "budgets[\(index)]"
      var names: [String: String] = [:]
      var limits: [(Budget.Metric, Int)] = []
      for (key, field) in try object(entry, path: path) {
        if let metric = metrics[key] {
          guard case .number(let number) = field, number >= 0, number == number.rounded() else {
            throw fail("\(path).\(key)", "must be a whole number of at least 0")
          }
          limits.append((metric, Int(number)))
        } else if ["view", "type", "scenario"].contains(key) {
          names[key] = try string(field, path: "\(path).\(key)")
        } else {
          throw fail(
            "\(path).\(key)",
            "is not a budget key; expected view or type, scenario, and maxBodyEvaluations, maxOverBroadEvaluations "
              + "or maxInits")
        }
      }
      guard !limits.isEmpty else {
        throw fail(path, "needs a limit: maxBodyEvaluations, maxOverBroadEvaluations or maxInits")
      }
      for (metric, maximum) in limits {
        if metric == .inits, names["type"] == nil { throw fail(path, "needs a \"type\" for maxInits") }
        if metric != .inits, names["view"] == nil { throw fail(path, "needs a \"view\" for \(metric.rawValue) limits") }
        result.append(
          Budget(
            view: names["view"], type: names["type"], scenario: names["scenario"], metric: metric, maximum: maximum))
      }
    }
    return result
  }

  // MARK: - Values

  private func object(_ value: JSONValue, path: String) throws(UsageError) -> [(key: String, value: JSONValue)] {
    guard case .object(let members) = value else {
      throw path.isEmpty ? UsageError(message: "\(file): expected a JSON object") : fail(path, "must be an object")
    }
    return members
  }

  private func string(_ value: JSONValue, path: String) throws(UsageError) -> String {
    guard case .string(let text) = value else { throw fail(path, "must be a string") }
    return text
  }
}
