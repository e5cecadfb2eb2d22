import RedrawReading
import RedrawSessions

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
/// Every key is checked: an unknown key or a wrong value is a ``ConfigurationError`` that
/// names it (the CLI exits 64 with it).
public struct Configuration: Sendable {
  /// Thresholds, severities and disabled rules, from the `rules` object.
  public var ruleContext = RuleContext()
  /// Findings to ignore, each with its reason, from the `ignore` array.
  public var ignores: [Suppressions.Ignore] = []
  /// Limits on evaluations and initializer runs, from the `budgets` array.
  public var budgets: [Budget] = []

  /// The settings of an empty file: every rule at its defaults, nothing ignored, no budgets.
  public init() {}

  /// The file looked for in the working directory when no `--config` is given.
  public static let defaultFileName = ".redraw.json"

  /// Parses the configuration in `text`; `name` is how errors name the file.
  public static func parse(_ text: String, name: String) throws(ConfigurationError) -> Configuration {
    let document: JSONValue
    var positions = JSONValue.Positions()
    do {
      document = try JSONValue.parse(text, positions: &positions)
    } catch {
      throw ConfigurationError(message: "\(name):\(error.line):\(error.column): \(error.expected)")
    }
    var parser = ConfigurationParser(file: name, positions: positions)
    let configuration = parser.configuration(document)
    guard parser.problems.isEmpty else {
      // Every problem at once.
      throw ConfigurationError(message: parser.problems.map(\.message).joined(separator: "\nError: "))
    }
    return configuration
  }
}

/// Walks a configuration document, naming the key of every problem: each entry is
/// checked, and the problems of all of them are collected.
private struct ConfigurationParser {
  let file: String
  /// Where each key and entry is, so every problem names its line and column.
  let positions: JSONValue.Positions
  /// Every problem found, in document order.
  var problems: [ConfigurationError] = []

  /// Every id a report can show, which configuration may name.
  static let ruleIDs = RuleRegistry.descriptions.map(\.id)

  /// A problem at `path`, named by the line and column of its key (or of the nearest
  /// enclosing one).
  func fail(_ path: String, _ problem: String) -> ConfigurationError {
    let (line, column) = positions.position(of: path) ?? (1, 1)
    return ConfigurationError(message: "\(file):\(line):\(column): '\(path)' \(problem)")
  }

  /// The problem of naming `id` where a rule id is expected, if it names none.
  func unknownRule(_ id: String, at path: String) -> ConfigurationError? {
    guard !Self.ruleIDs.contains(id) else { return nil }
    let hint =
      Suggestion.nearest(to: id, in: Self.ruleIDs).map { "did you mean '\($0)'?" }
      ?? "rules are \(Self.ruleIDs.sorted().joined(separator: ", "))"
    return fail(path, "is not a rule: \(hint)")
  }

  mutating func configuration(_ document: JSONValue) -> Configuration {
    var configuration = Configuration()
    guard let members = collectingObject(document, path: "") else { return configuration }
    for (key, value) in members {
      switch key {
      case "rules": rules(value, into: &configuration.ruleContext)
      case "ignore": configuration.ignores = ignores(value)
      case "budgets": configuration.budgets = budgets(value)
      default:
        problems.append(
          fail(
            key,
            "is not a configuration key; expected rules, ignore or budgets"
              + Suggestion.didYouMean(key, in: ["rules", "ignore", "budgets"])))
      }
    }
    return configuration
  }

  private mutating func rules(_ value: JSONValue, into context: inout RuleContext) {
    guard let members = collectingObject(value, path: "rules") else { return }
    for (id, settings) in members { rule(id, settings, into: &context) }
  }

  /// One rule's settings; each setting and threshold is checked on its own, so one wrong
  /// key does not hide the next.
  private mutating func rule(_ id: String, _ settings: JSONValue, into context: inout RuleContext) {
    let path = "rules.\(id)"
    if let problem = unknownRule(id, at: path) { return problems.append(problem) }
    guard let members = collectingObject(settings, path: path) else { return }
    for (key, setting) in members {
      switch key {
      case "severity":
        guard case .string(let name) = setting else {
          problems.append(fail("\(path).severity", "must be a string"))
          continue
        }
        guard let severity = Severity(rawValue: name) else {
          problems.append(
            fail(
              "\(path).severity",
              "must be error, warning or info, not \"\(name)\""
                + Suggestion.didYouMean(name, in: ["error", "warning", "info"])))
          continue
        }
        context.severities[id] = severity
      case "enabled":
        guard case .bool(let enabled) = setting else {
          problems.append(fail("\(path).enabled", "must be true or false"))
          continue
        }
        if enabled { context.disabled.remove(id) } else { context.disabled.insert(id) }
      case "thresholds":
        let known = RuleRegistry.rule(id: id)?.description.thresholds.map(\.key) ?? []
        for (threshold, number) in collectingObject(setting, path: "\(path).thresholds") ?? [] {
          guard known.contains(threshold) else {
            problems.append(
              fail(
                "\(path).thresholds.\(threshold)",
                "is not a threshold of \(id); it has \(known.isEmpty ? "none" : known.joined(separator: ", "))"
                  + Suggestion.didYouMean(threshold, in: known)))
            continue
          }
          guard case .number(let value) = number, value >= 0 else {
            problems.append(fail("\(path).thresholds.\(threshold)", "must be a non-negative number"))
            continue
          }
          context.thresholds["\(id).\(threshold)"] = value
        }
      default:
        problems.append(
          fail(
            "\(path).\(key)",
            "is not a rule setting; expected severity, enabled or thresholds"
              + Suggestion.didYouMean(key, in: ["severity", "enabled", "thresholds"])))
      }
    }
  }

  /// The members of an object, or nil having noted that it is not one.
  private mutating func collectingObject(_ value: JSONValue, path: String) -> [(key: String, value: JSONValue)]? {
    do throws(ConfigurationError) {
      return try object(value, path: path)
    } catch {
      problems.append(error)
      return nil
    }
  }

  private mutating func ignores(_ value: JSONValue) -> [Suppressions.Ignore] {
    guard case .array(let entries) = value else {
      problems.append(fail("ignore", "must be an array"))
      return []
    }
    var result: [Suppressions.Ignore] = []
    for (index, entry) in entries.enumerated() {
      do throws(ConfigurationError) {
        if let ignore = try ignore(entry, path: "ignore[\(index)]") { result.append(ignore) }
      } catch {
        problems.append(error)
      }
    }
    return result
  }

  private func ignore(_ entry: JSONValue, path: String) throws(ConfigurationError) -> Suppressions.Ignore? {
    var fields: [String: String] = [:]
    for (key, field) in try object(entry, path: path) {
      guard ["rule", "view", "type", "property", "reason"].contains(key) else {
        throw fail(
          "\(path).\(key)",
          "is not an ignore key; expected rule, view, type, property and reason"
            + Suggestion.didYouMean(key, in: ["rule", "view", "type", "property", "reason"]))
      }
      fields[key] = try string(field, path: "\(path).\(key)")
    }
    guard let rule = fields["rule"] else { throw fail(path, "needs a \"rule\"") }
    if let problem = unknownRule(rule, at: "\(path).rule") { throw problem }
    if rule == UnusedConfigurationCheck.description.id {
      throw fail(
        "\(path).rule",
        "cannot be ignored: correct or remove the unused entry, or set \"rules\": {\"\(rule)\": {\"enabled\": false}}")
    }
    guard let reason = fields["reason"], !reason.isEmpty else {
      throw fail(path, "needs a \"reason\": say why the finding is accepted")
    }
    return Suppressions.Ignore(
      rule: rule, view: fields["view"], type: fields["type"], property: fields["property"], reason: reason,
      entry: position(of: path))
  }

  private mutating func budgets(_ value: JSONValue) -> [Budget] {
    guard case .array(let entries) = value else {
      problems.append(fail("budgets", "must be an array"))
      return []
    }
    var result: [Budget] = []
    for (index, entry) in entries.enumerated() {
      do throws(ConfigurationError) {
        result += try budget(entry, path: "budgets[\(index)]")
      } catch {
        problems.append(error)
      }
    }
    return result
  }

  private func budget(_ entry: JSONValue, path: String) throws(ConfigurationError) -> [Budget] {
    let metrics: [String: Budget.Metric] = [
      "maxBodyEvaluations": .bodyEvaluations, "maxOverBroadEvaluations": .overBroadEvaluations, "maxInits": .inits,
    ]
    var result: [Budget] = []
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
            + "or maxInits" + Suggestion.didYouMean(key, in: ["view", "type", "scenario"] + metrics.keys.sorted()))
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
          view: names["view"], type: names["type"], scenario: names["scenario"], metric: metric, maximum: maximum,
          entry: position(of: path)))
    }
    return result
  }

  /// Where the entry at `path` is in the file.
  private func position(of path: String) -> ConfigurationEntry {
    let (line, column) = positions.position(of: path) ?? (1, 1)
    return ConfigurationEntry(file: file, line: line, column: column)
  }

  // MARK: - Values

  private func object(_ value: JSONValue, path: String) throws(ConfigurationError) -> [(key: String, value: JSONValue)]
  {
    guard case .object(let members) = value else {
      throw path.isEmpty
        ? ConfigurationError(message: "\(file):1:1: expected a JSON object") : fail(path, "must be an object")
    }
    return members
  }

  private func string(_ value: JSONValue, path: String) throws(ConfigurationError) -> String {
    guard case .string(let text) = value else { throw fail(path, "must be a string") }
    return text
  }
}

/// What is wrong with a configuration file: every problem at once, each at its
/// `file:line:column`, joined by lines that start with `Error: `.
public struct ConfigurationError: Error, Sendable {
  /// The problems, each at its `file:line:column`, joined by lines that start with `Error: `.
  public let message: String

  /// An error that says `message`.
  public init(message: String) {
    self.message = message
  }
}
