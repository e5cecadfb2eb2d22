/// Findings a team accepted: ignore entries from the configuration and a baseline file.
public struct Suppressions: Sendable {
  /// Ignores one kind of finding, for a stated reason.
  public struct Ignore: Sendable, Hashable {
    public var rule: String
    public var view: String?
    public var type: String?
    public var property: String?
    public var reason: String

    public init(rule: String, view: String? = nil, type: String? = nil, property: String? = nil, reason: String) {
      self.rule = rule
      self.view = view
      self.type = type
      self.property = property
      self.reason = reason
    }

    /// Whether `finding` is the one ignored: the rule and every field given match.
    public func matches(_ finding: Finding) -> Bool {
      finding.rule == rule && (view == nil || view == finding.view) && (type == nil || type == finding.type)
        && (property == nil || property == finding.property)
    }
  }

  public var ignores: [Ignore]
  /// The subjects of baseline findings (``Finding/subject``).
  public var baseline: Set<String>

  public init(ignores: [Ignore] = [], baseline: Set<String> = []) {
    self.ignores = ignores
    self.baseline = baseline
  }

  /// Removes ignored and baseline findings: the *filter* stage. An ignore entry that matched
  /// no finding is noted in ``Analysis/unusedConfiguration``.
  public func apply(to analysis: Analysis) -> Analysis {
    var result = analysis
    result.findings = []
    var used = [Bool](repeating: false, count: ignores.count)
    for finding in analysis.findings {
      if let index = ignores.firstIndex(where: { $0.matches(finding) }) {
        used[index] = true
        result.ignoredFindings += 1
      } else if baseline.contains(finding.subject) {
        result.baselineFindings += 1
      } else {
        result.findings.append(finding)
      }
    }
    for (ignore, used) in zip(ignores, used) where !used {
      let subject = [
        ignore.view.map { "view \($0)" }, ignore.type.map { "type \($0)" }, ignore.property.map { "property \($0)" },
      ]
      .compactMap { $0 }
      result.unusedConfiguration.append(
        "ignore for \(ignore.rule)\(subject.isEmpty ? "" : " (" + subject.joined(separator: ", ") + ")") matched no finding"
      )
    }
    return result
  }
}

/// Accepted findings keyed by rule and subject, never by counts or times, so that
/// CI fails only on new ones.
public enum Baseline {
  /// The baseline file format's version.
  public static let version = 1

  /// The subjects of the findings a baseline file accepts.
  public static func subjects(in text: String) throws(BaselineError) -> Set<String> {
    let document: JSONValue
    do { document = try JSONValue.parse(text) } catch { throw BaselineError(message: "\(error)") }
    guard case .number(let number)? = document["version"], Int(number) == version else {
      throw BaselineError(message: "expected \"version\": \(version)")
    }
    guard case .array(let entries)? = document["findings"] else {
      throw BaselineError(message: "expected a \"findings\" array")
    }
    var subjects: Set<String> = []
    for (index, entry) in entries.enumerated() {
      guard case .string(let rule)? = entry["rule"] else {
        throw BaselineError(message: "findings[\(index)]: expected a \"rule\" string")
      }
      func field(_ key: String) -> String? {
        if case .string(let value)? = entry[key] { return value }
        return nil
      }
      let finding = Finding(
        rule: rule, severity: .info, message: "", fix: "", view: field("view"), type: field("type"),
        property: field("property"), count: 0, site: field("site"), scenario: field("scenario"), source: "",
        evidence: Evidence(line: 0, time: 0))
      subjects.insert(finding.subject)
    }
    return subjects
  }
}

/// A baseline file that cannot be used.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
