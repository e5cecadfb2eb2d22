import RedrawRules

/// JUnit XML for CI systems that show test results: one test case per rule and
/// subject, failing for findings at or above the fail level, and one passing case for
/// each rule that found nothing. A finding's test case has `file` and `line` attributes
/// at its source location when the trace recorded one (relative to the source root once
/// located); its text names the trace line of the evidence.
package enum JUnitReport: ReportRenderer {
  /// Test cases per rule at most; the rest are counted in the suite's output.
  package static let maximumCasesPerRule = 1_000

  package static func render(_ analysis: Analysis, context: ReportContext) -> String {
    let rules = RuleRegistry.descriptions
    var suites: [String] = []
    var totalTests = 0
    var totalFailures = 0
    for rule in rules {
      let findings = analysis.findings.filter { $0.rule == rule.id }
      // Checks of the configuration are suites only when they found something.
      if findings.isEmpty, RuleRegistry.checks.contains(where: { $0.id == rule.id }) { continue }
      var cases: [String] = []
      var failures = 0
      var usedNames: [String: Int] = [:]
      for finding in findings.prefix(maximumCasesPerRule) {
        var name = caseName(finding)
        usedNames[name, default: 0] += 1
        if let seen = usedNames[name], seen > 1 { name += " (\(seen))" }
        let failing = context.failOn.map { finding.severity >= $0 } ?? false
        var body = ""
        var text = "\(finding.message)\nFix: \(finding.fix)\nEvidence: \(FindingPlace.trace(finding))"
        var place = ""
        if let source = finding.location {
          text += "\nSource: \(source.file):\(source.line)"
          if let note = FindingPlace.notFoundNote(finding) { text += "\n" + note }
          place = " file=\"\(XML.escaped(source.file))\" line=\"\(max(1, source.line))\""
        }
        if failing {
          failures += 1
          body =
            "\n      <failure message=\"\(XML.escaped(finding.message))\" type=\"\(finding.severity.rawValue)\">"
            + XML.escaped(text) + "</failure>\n    "
        } else {
          body = "\n      <system-out>\(XML.escaped("[\(finding.severity.rawValue)] " + text))</system-out>\n    "
        }
        cases.append(
          "    <testcase classname=\"redraw.\(XML.escaped(rule.id))\" name=\"\(XML.escaped(name))\"\(place)>\(body)</testcase>"
        )
      }
      if findings.isEmpty {
        cases.append("    <testcase classname=\"redraw.\(rule.id)\" name=\"no findings\"/>")
      }
      totalTests += cases.count
      totalFailures += failures
      let omitted =
        findings.count > maximumCasesPerRule
        ? "\n    <system-out>\(findings.count - maximumCasesPerRule) more findings of this rule are not listed</system-out>"
        : ""
      suites.append(
        "  <testsuite name=\"\(XML.escaped(rule.id))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\">\n"
          + cases.joined(separator: "\n") + omitted + "\n  </testsuite>")
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<testsuites name=\"redraw \(XML.escaped(context.toolVersion))\" tests=\"\(totalTests)\" "
      + "failures=\"\(totalFailures)\" errors=\"0\">\n" + suites.joined(separator: "\n") + "\n</testsuites>\n"
  }

  /// `view View · model Type.property at File.swift:12 [scenario]`, the finding's subject in
  /// words.
  static func caseName(_ finding: Finding) -> String {
    var parts: [String] = []
    let subject = FindingSubject.labeled(finding)
    if !subject.isEmpty { parts.append(subject) }
    if let site = finding.site { parts.append("at " + site) }
    if let scenario = finding.scenario { parts.append("[\(scenario)]") }
    return parts.isEmpty ? finding.rule : parts.joined(separator: " ")
  }
}

/// Escaping for XML 1.0 text and attributes.
enum XML {
  /// `text` with markup characters escaped and characters XML cannot hold replaced by U+FFFD.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value) && value != 0x7F
        result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
      }
    }
    return result
  }
}
