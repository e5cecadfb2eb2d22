import RedrawRules
import RedrawSessions

/// Lines that Xcode shows as issues when a run-script build phase prints them, as clang and
/// SwiftLint's default reporter write them: `PATH:LINE:COLUMN: warning: message [rule-id]`.
///
/// - The path is absolute, as Xcode needs to open the file: the source root and the
///   finding's located file; an absolute path as recorded; or, without a source location
///   Xcode can open (none recorded, or a recorded relative path not found under the source
///   root), the trace file and the evidence's line, made absolute against the working
///   directory.
/// - The column is the recorded one, else 1 (RedrawTrace records lines only).
/// - Errors are `error:`, warnings `warning:` and infos `note:`; a source location is
///   followed by a `note:` at the trace line of the evidence, which Xcode attaches to the
///   issue above it.
/// - Ignores and budgets that matched nothing are `warning:` lines without a path, and so is
///   the count of findings past the first ``maximumFindings``.
package enum XcodeReport: ReportRenderer {
  /// Findings written at most, most severe first: a build log is read, not searched.
  package static let maximumFindings = 1_000

  package static func render(_ analysis: Analysis, context: ReportContext) -> String {
    var lines: [String] = []
    for finding in analysis.findings.prefix(maximumFindings) {
      let trace = absolute(finding.source, in: context.workingDirectory) + ":\(max(1, finding.evidence.line)):1"
      let message =
        finding.message + (FindingPlace.notFoundNote(finding).map { " " + $0 } ?? "") + " [\(finding.rule)]"
      if let source = finding.location, let path = openablePath(source, root: context.sourceRoot) {
        let position = "\(path):\(max(1, source.line)):\(max(1, source.column ?? 1))"
        lines.append("\(position): \(kind(finding.severity)): \(message)")
        lines.append("\(trace): note: the first event in the trace that shows it")
      } else {
        lines.append("\(trace): \(kind(finding.severity)): \(message)")
      }
    }
    if analysis.findings.count > maximumFindings {
      lines.append("warning: redraw: \(analysis.findings.count - maximumFindings) more findings are not shown")
    }
    return lines.map { oneLine($0) + "\n" }.joined()
  }

  /// The clang diagnostic kind of a severity.
  static func kind(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  /// The absolute path of a source location, or nil when Xcode could not open it.
  static func openablePath(_ location: CodeLocation, root: String?) -> String? {
    switch location.resolution {
    case .sourceRoot:
      return absolute(location.file, in: root)
    case .recorded, .notFound:
      return FindingPlace.isAbsolute(location.file) ? location.file : nil
    }
  }

  /// `path` joined to `directory` unless it is absolute already, or names no file
  /// (`<stdin>`), or there is no directory.
  static func absolute(_ path: String, in directory: String?) -> String {
    guard let directory, !FindingPlace.isAbsolute(path), !path.hasPrefix("<") else { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }

  /// `text` on one line without control characters: an issue is one line of the build log.
  static func oneLine(_ text: String) -> String {
    TerminalText.sanitized(text.replacingAll(["\n": " ", "\r": " "]))
  }
}
