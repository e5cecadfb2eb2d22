import RedrawReading
import RedrawSessions

/// Findings a team accepted: ignore entries from the configuration and a baseline file.
public struct Suppressions: Sendable {
  /// Ignores one kind of finding, for a stated reason.
  public struct Ignore: Sendable, Hashable {
    /// The id of the rule whose findings it ignores.
    public var rule: String
    /// The view type a finding must be about; nil for any.
    public var view: String?
    /// The model type a finding must be about; nil for any.
    public var type: String?
    /// The property a finding must be about (for a budget finding, its metric); nil for any.
    public var property: String?
    /// Why the findings are ignored, in the configuration's words.
    public var reason: String
    /// Where the configuration file declares it, when it came from one.
    public var entry: ConfigurationEntry?

    /// An entry that ignores the findings of `rule` that match every field given.
    public init(
      rule: String, view: String? = nil, type: String? = nil, property: String? = nil, reason: String,
      entry: ConfigurationEntry? = nil
    ) {
      self.rule = rule
      self.view = view
      self.type = type
      self.property = property
      self.reason = reason
      self.entry = entry
    }

    /// `ignore for repeated-init (type Formatter)`: the entry in words.
    var summary: String {
      let subject = [view.map { "view \($0)" }, type.map { "type \($0)" }, property.map { "property \($0)" }]
        .compactMap { $0 }
      return "ignore for \(rule)\(subject.isEmpty ? "" : " (" + subject.joined(separator: ", ") + ")")"
    }

    /// Whether `finding` is the one ignored: the rule and every field given match.
    public func matches(_ finding: Finding) -> Bool {
      finding.rule == rule && (view == nil || view == finding.view) && (type == nil || type == finding.type)
        && (property == nil || property == finding.propertyOrMetric)
    }
  }

  /// The configuration's ignore entries, in its order.
  public var ignores: [Ignore]
  /// What the baseline accepts: the highest count by ``Finding/subject``, or `Int.max` for an
  /// entry that keeps no count (a baseline written before counts were kept).
  public var baseline: [String: Int]

  /// Suppressions of these ignore entries and baseline; by default, none.
  public init(ignores: [Ignore] = [], baseline: [String: Int] = [:]) {
    self.ignores = ignores
    self.baseline = baseline
  }

  /// Accepts `findings` as well: each subject at the highest count of its findings here or
  /// already accepted.
  public mutating func accept(_ findings: [Finding]) {
    for (subject, count) in Baseline.counts(of: findings) { baseline[subject] = max(baseline[subject] ?? 0, count) }
  }

  /// Removes ignored and baseline findings: the *filter* stage. The ignore entries that
  /// matched none are ``unusedIgnores(in:)``.
  public func apply(to analysis: Analysis) -> Analysis {
    // Nothing to remove: the findings stay as they are, not copied one by one.
    if ignores.isEmpty, baseline.isEmpty { return analysis }
    var result = analysis
    result.findings = []
    for finding in analysis.findings {
      if ignores.contains(where: { $0.matches(finding) }) {
        result.ignoredFindings += 1
      } else if baseline.isEmpty {
        // A finding's subject is a joined string: built only when a baseline can use it.
        result.findings.append(finding)
      } else if let accepted = baseline[finding.subject], finding.count <= accepted {
        result.baselineFindings += 1
      } else if let accepted = baseline[finding.subject] {
        // The baseline keeps what it accepted: a count past it fails.
        var worse = finding
        worse.message += " The baseline accepts \(accepted); this run has \(finding.count)."
        result.findings.append(worse)
      } else {
        result.findings.append(finding)
      }
    }
    return result
  }

  /// The ignore entries that match none of `findings`, in their order.
  public func unusedIgnores(in findings: [Finding]) -> [Ignore] {
    var used = [Bool](repeating: false, count: ignores.count)
    for finding in findings {
      if let index = ignores.firstIndex(where: { $0.matches(finding) }) { used[index] = true }
    }
    return zip(ignores, used).filter { !$0.1 }.map(\.0)
  }
}

/// Accepted findings keyed by rule and subject, never by times or paths, each with the
/// count it accepted: a finding of the subject passes at that count or below and fails
/// above it, so a baseline ratchets (docs/ci.md).
public enum Baseline {
  /// The baseline file format's version. Version 1 files written before counts were kept
  /// have entries without `count`, which accept any count.
  public static let version = 1

  /// The highest count of each subject among `findings`: what a baseline written from them
  /// accepts.
  public static func counts(of findings: [Finding]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for finding in findings { counts[finding.subject] = max(counts[finding.subject] ?? 0, finding.count) }
    return counts
  }

  /// What a baseline file accepts: the count of each subject (`Int.max` for an entry
  /// without one).
  public static func accepted(in text: String) throws(BaselineError) -> [String: Int] {
    let document: JSONValue
    do { document = try JSONValue.parse(text) } catch { throw BaselineError(message: "\(error)") }
    guard case .number(let number)? = document["version"], Int(number) == version else {
      throw BaselineError(message: "expected \"version\": \(version)")
    }
    guard case .array(let entries)? = document["findings"] else {
      throw BaselineError(message: "expected a \"findings\" array")
    }
    var accepted: [String: Int] = [:]
    for (index, entry) in entries.enumerated() {
      guard case .string(let rule)? = entry["rule"] else {
        throw BaselineError(message: "findings[\(index)]: expected a \"rule\" string")
      }
      func field(_ key: String) -> String? {
        if case .string(let value)? = entry[key] { return value }
        return nil
      }
      var count = Int.max
      if let value = entry["count"] {
        guard case .number(let number) = value, number >= 0, number == number.rounded(), number < 1e15 else {
          throw BaselineError(message: "findings[\(index)]: expected \"count\" to be a whole number of at least 0")
        }
        count = Int(number)
      }
      var metric: Budget.Metric?
      if let name = field("metric") {
        guard let known = Budget.Metric(rawValue: name) else {
          let names = Budget.Metric.allCases.map(\.rawValue).joined(separator: ", ")
          throw BaselineError(message: "findings[\(index)]: expected \"metric\" to be one of \(names), not '\(name)'")
        }
        metric = known
      }
      let finding = Finding(
        rule: rule, severity: .info, message: "", fix: "", view: field("view"), type: field("type"),
        property: field("property"), metric: metric, count: 0,
        site: field("site"), scenario: field("scenario"), source: "",
        evidence: Evidence(line: 0, time: 0))
      accepted[finding.subject] = max(accepted[finding.subject] ?? 0, count)
    }
    return accepted
  }
}

/// A baseline file that cannot be used.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
  /// What is wrong with the file, in words.
  public var message: String
  /// The message.
  public var description: String { message }
}
