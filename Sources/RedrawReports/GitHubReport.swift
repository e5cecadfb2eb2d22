import RedrawRules

/// GitHub Actions workflow commands: each finding becomes an annotation on the run
/// (`::error file=…,line=…,title=…::message`), with GitHub's escaping of data and
/// properties.
///
/// An annotation is on the finding's source location when the trace recorded one (relative
/// to the source root once located: GitHub attaches a path relative to the repository's root
/// to the pull request's changed lines), with the trace line of its evidence in the message;
/// otherwise on the trace line itself.
package enum GitHubReport: ReportRenderer {
  /// Annotations written at most; GitHub shows only the first few of a step anyway.
  package static let maximumAnnotations = 50

  package static func render(_ analysis: Analysis, context: ReportContext) -> String {
    var out = ""
    for finding in analysis.findings.prefix(maximumAnnotations) {
      let command: String
      switch finding.severity {
      case .error: command = "error"
      case .warning: command = "warning"
      case .info: command = "notice"
      }
      var properties: [String] = []
      if let source = finding.location {
        properties.append("file=" + escapedProperty(source.file))
        properties.append("line=\(max(1, source.line))")
        if let column = source.column { properties.append("col=\(max(1, column))") }
      } else {
        properties.append("file=" + escapedProperty(finding.source))
        properties.append("line=\(max(1, finding.evidence.line))")
      }
      properties.append("title=" + escapedProperty("redraw \(finding.rule)"))
      let text = FindingPlace.text(finding, locatedInSource: finding.location != nil)
      out += "::\(command) \(properties.joined(separator: ","))::\(escapedData(text))\n"
    }
    let summary = analysis.summary
    if analysis.findings.count > maximumAnnotations {
      out += "::notice title=redraw::\(analysis.findings.count - maximumAnnotations) more findings are not annotated\n"
    }
    out +=
      "::notice title=redraw::\(summary.bodyEvaluations) body evaluations, \(summary.overBroadEvaluations) over-broad; "
      + "\(summary.evaluationsWithPropertyTracking) with property-level tracking (\(summary.savedEvaluations) saved, "
      + "\(summary.addedEvaluations) added)\n"
    return out
  }

  /// Escapes a command's message: `%`, CR and LF as GitHub documents, and other control
  /// characters (an escape sequence would style the log) replaced by U+FFFD.
  static func escapedData(_ text: String) -> String {
    withoutControls(text.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A"]))
  }

  /// Escapes a property value: as data, plus `:` and `,`.
  static func escapedProperty(_ text: String) -> String {
    withoutControls(text.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"]))
  }

  private static func withoutControls(_ text: String) -> String {
    TerminalText.sanitized(text)
  }
}

extension String {
  /// Replaces each character that is a key of `table` by its value, in one pass.
  package func replacingAll(_ table: [Character: String]) -> String {
    var result = ""
    for character in self {
      if let replacement = table[character] { result += replacement } else { result.append(character) }
    }
    return result
  }
}
