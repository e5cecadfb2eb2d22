import RedrawRules

/// The output formats of `redraw analyze`, each mapped to its renderer.
package enum ReportFormat: String, Sendable, CaseIterable {
  case text
  case json
  case sarif
  case junit
  case markdown
  case github
  case html
  case xcode

  /// Whether the format shows findings' source locations, so they are worth naming relative
  /// to the source root first (see ``SourceLocator``).
  package var showsSourceLocations: Bool {
    switch self {
    case .sarif, .github, .junit, .json, .xcode: true
    case .text, .markdown, .html: false
    }
  }

  /// The renderer that writes this format.
  package var renderer: any ReportRenderer.Type {
    switch self {
    case .text: TextReport.self
    case .json: JSONReport.self
    case .sarif: SARIFReport.self
    case .junit: JUnitReport.self
    case .markdown: MarkdownReport.self
    case .github: GitHubReport.self
    case .html: HTMLReport.self
    case .xcode: XcodeReport.self
    }
  }
}

/// Turns an ``Analysis`` into one output format.
///
/// Renderers are pure functions of the analysis and the context: they read no clock,
/// no environment and no files, so their output is reproducible and testable.
package protocol ReportRenderer {
  static func render(_ analysis: Analysis, context: ReportContext) -> String
  /// The report as UTF-8: what `redraw` writes. By default ``render(_:context:)``'s text; a
  /// renderer that writes bytes returns them as they are, unchecked by a `String`.
  static func renderUTF8(_ analysis: Analysis, context: ReportContext) -> [UInt8]
}

extension ReportRenderer {
  package static func renderUTF8(_ analysis: Analysis, context: ReportContext) -> [UInt8] {
    Array(render(analysis, context: context).utf8)
  }
}

/// What a renderer may know besides the analysis, passed in by the caller.
package struct ReportContext: Sendable {
  /// The version of redraw that made the report.
  package var toolVersion: String
  /// Whether to colour the text report with ANSI escapes.
  package var color: Bool
  /// The severity from which findings fail the run (shown in the report).
  package var failOn: Severity?
  /// When the report was made, as the caller wants it shown; nothing is shown when nil.
  package var generatedAt: String?
  /// The absolute source root that findings' locations are relative to (see
  /// ``SourceLocator``): SARIF names it as `%SRCROOT%`, the Xcode format prefixes it.
  package var sourceRoot: String?
  /// The absolute working directory, against which the Xcode format makes relative trace
  /// paths absolute.
  package var workingDirectory: String?
  /// The threads a renderer may use (the JSON report writes its findings on as many); the
  /// report is the same for any number.
  package var threads: Int

  package init(
    toolVersion: String, color: Bool = false, failOn: Severity? = .error, generatedAt: String? = nil,
    sourceRoot: String? = nil, workingDirectory: String? = nil, threads: Int = 1
  ) {
    self.threads = threads
    self.toolVersion = toolVersion
    self.color = color
    self.failOn = failOn
    self.generatedAt = generatedAt
    self.sourceRoot = sourceRoot
    self.workingDirectory = workingDirectory
  }
}
