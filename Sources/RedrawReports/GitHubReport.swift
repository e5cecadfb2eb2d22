import RedrawAnalysis

/// GitHub Actions workflow commands: each finding becomes an annotation on the run
/// (`::error file=…,line=…,title=…::message`), with GitHub's escaping of data and
/// properties.
public enum GitHubReport: ReportRenderer {
  /// Annotations written at most; GitHub shows only the first few of a step anyway.
  public static let maximumAnnotations = 50

  public static func render(_ analysis: Analysis, context: ReportContext) -> String {
    var out = ""
    for finding in analysis.findings.prefix(maximumAnnotations) {
      let command: String
      switch finding.severity {
      case .error: command = "error"
      case .warning: command = "warning"
      case .info: command = "notice"
      }
      let (file, line) = SARIFReport.location(of: finding)
      let properties = [
        "file=" + escapedProperty(finding.site == nil ? finding.source : decodedPath(file)),
        "line=\(max(1, line))",
        "title=" + escapedProperty("redraw \(finding.rule)"),
      ]
      out +=
        "::\(command) \(properties.joined(separator: ","))::\(escapedData(finding.message + " Fix: " + finding.fix))\n"
    }
    for note in analysis.unusedConfiguration {
      out += "::warning title=redraw configuration::\(escapedData(note))\n"
    }
    let summary = analysis.summary
    if analysis.findings.count > maximumAnnotations {
      out += "::notice title=redraw::\(analysis.findings.count - maximumAnnotations) more findings are not annotated\n"
    }
    out +=
      "::notice title=redraw::\(summary.bodyEvaluations) body evaluations, \(summary.overBroadEvaluations) over-broad; "
      + "\(summary.evaluationsWithPropertyTracking) with property-level tracking\n"
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

  private static func decodedPath(_ uri: String) -> String {
    uri.removingPercentEncodingOrSelf
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

  /// The string with `%XX` sequences decoded, or itself when they do not decode.
  var removingPercentEncodingOrSelf: String {
    var bytes: [UInt8] = []
    var iterator = utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
      } else {
        bytes.append(byte)
      }
    }
    // `String(validating:as:)` is macOS 15 / iOS 18: decoding repairs bad UTF-8 with
    // U+FFFD, so the bytes come back unchanged only when they were valid.
    let decoded = String(decoding: bytes, as: UTF8.self)
    return decoded.utf8.elementsEqual(bytes) ? decoded : self
  }
}
