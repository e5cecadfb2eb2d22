import RedrawAnalysis
import RedrawPlatform
import RedrawReports

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The stages of `redraw analyze`, in order: the library's analysis (read -> build sessions
/// -> run rules -> filter, in ``Analyzer``) -> locate -> render.
///
/// Reading and building sessions stream together: each line is parsed and handed to
/// the session builder at once, so no file is ever held in memory whole. Budgets run
/// with the rules; the filter removes ignored and baseline findings after both, so a
/// baseline written by one run is read by the next against the same findings. Locating
/// names the findings' source files relative to the source root, for the formats that show
/// them.
package enum AnalysisPipeline {
  /// Runs every stage and writes the report; returns the exit code.
  package static func run(_ options: AnalyzeOptions, terminal: Terminal) -> ExitCode {
    let analyzer = options.analyzer
    let filtered: Analysis
    var accepted: [Finding]?
    do {
      if options.writeBaseline != nil {
        (filtered, accepted) = try analyzer.analyzeAcceptingAll(paths: options.inputs)
      } else {
        filtered = try analyzer.analyze(paths: options.inputs)
      }
    } catch {
      terminal.standardError(inputErrorMessage(error))
      return .inputError
    }
    guard acceptsEmptiness(of: filtered.files, options, terminal: terminal) else { return .inputError }
    reportDataLoss(filtered.files, terminal: terminal)
    if let path = options.writeBaseline, let accepted {
      // The baseline accepts what no ignore removes; this run's report shows it accepted.
      do {
        try AtomicFile.write(BaselineFile.render(accepted, toolVersion: RedrawVersion.current), to: path)
      } catch {
        terminal.standardError("redraw: error: cannot write '\(path)': \(error.reason)\n")
        return .inputError
      }
      let count = accepted.count
      terminal.standardError("redraw: wrote the baseline \(path) (\(count) finding\(count == 1 ? "" : "s") accepted)\n")
    }
    let analysis = locate(consume filtered, options, terminal: terminal)
    // Freeing every finding and session one by one before the process exits is serial work
    // for nothing: about 2% of a large run's instructions on two threads.
    if terminal.exitsAfterCommand { leaveToExit(analysis) }
    guard deliver(render(analysis, options), to: options.output, terminal: terminal) else { return .inputError }
    guard let failOn = options.failOn else { return .success }
    return analysis.findings.contains { $0.severity >= failOn } ? .findings : .success
  }

  /// Keeps `value` alive until the process exits, which reclaims its memory whole.
  private static func leaveToExit<Value>(_ value: Value) {
    _ = Unmanaged.passRetained(KeptUntilExit(value))
  }

  /// A value ``leaveToExit(_:)`` keeps: one retain that is never released.
  private final class KeptUntilExit<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  /// Whether `files` may go on: a trace with no events is a recording that never happened,
  /// and in CI it must not pass, unless `--allow-empty` says it may.
  ///
  /// - Returns: false, having named the file on standard error, when one has no events;
  ///   true, having noted each empty one, when `--allow-empty` accepts them.
  static func acceptsEmptiness(of files: [FileReading], _ options: AnalyzeOptions, terminal: Terminal) -> Bool {
    for empty in files where empty.recordedEvents == 0 {
      guard options.allowEmpty else {
        terminal.standardError(emptyTraceMessage(empty.file))
        return false
      }
      terminal.standardError("redraw: note: \(empty.file) has no events; accepted by --allow-empty\n")
    }
    return true
  }

  /// The error for a trace that cannot be read, the same from every command that reads one
  /// (not `validate`, which lists every problem): for a malformed line, how to see them all
  /// or skip them.
  static func inputErrorMessage(_ error: TraceInputError) -> String {
    var message = "redraw: error: \(error)\n"
    if error.line > 0 {
      message +=
        "redraw: note: 'redraw validate \(error.file)' lists every problem of the file; --lenient skips "
        + "malformed lines\n"
    }
    return message
  }

  /// The error for a trace with no events, the same from every command.
  static func emptyTraceMessage(_ file: String) -> String {
    "redraw: error: \(file): no events recorded (a recording that never happened?); pass --allow-empty to accept it\n"
  }

  /// Writes `report` to `path` atomically, or to standard output when there is none.
  ///
  /// - Returns: false, having said why on standard error, when the file cannot be written.
  static func deliver(_ report: String, to path: String?, terminal: Terminal) -> Bool {
    deliver(Array(report.utf8), to: path, terminal: terminal)
  }

  /// ``deliver(_:to:terminal:)`` for a report in UTF-8.
  static func deliver(_ report: [UInt8], to path: String?, terminal: Terminal) -> Bool {
    // `-o -` is standard output, as `-` is standard input for traces.
    guard let path, path != "-" else {
      terminal.writeStandardOutput(report)
      return true
    }
    do {
      try AtomicFile.write(report, to: path)
      return true
    } catch {
      terminal.standardError("redraw: error: cannot write '\(path)': \(error.reason)\n")
      return false
    }
  }

  // MARK: - Stages

  /// Stage 5, after the library's read, build, rules and filter: names the findings' source
  /// files relative to the source root, listing the root's files only when a recorded path
  /// is not already under it, and only for a format that shows them. Sites found nowhere under the root are counted on standard error; each
  /// report says so beside the finding.
  static func locate(_ analysis: consuming Analysis, _ options: AnalyzeOptions, terminal: Terminal) -> Analysis {
    guard options.format.showsSourceLocations else { return analysis }
    let empty = SourceLocator(root: options.sourceRoot, files: [])
    let located = locator(for: empty.fileNames(in: analysis), root: options.sourceRoot, terminal: terminal)
      .locate(consume analysis)
    noteNotFound(located.findings.compactMap(\.location), root: options.sourceRoot, terminal: terminal)
    return located
  }

  /// A locator for `root` that knows the files of the root named `names`, listed only when
  /// there are any.
  static func locator(for names: Set<String>, root: String, terminal: Terminal) -> SourceLocator {
    guard !names.isEmpty else { return SourceLocator(root: root, files: []) }
    let listing = SourceRoot.files(under: root, named: names)
    if !listing.complete {
      terminal.standardError(
        "redraw: note: stopped looking for source files after \(SourceRoot.maximumEntries) entries under "
          + "\(root); pass --source-root with the package's directory\n")
    }
    return SourceLocator(root: root, files: listing.files)
  }

  /// Says on standard error how many located files name no single file under the root.
  static func noteNotFound(_ locations: [CodeLocation], root: String, terminal: Terminal) {
    let notFound = Set(locations.compactMap { $0.resolution == .notFound ? $0.file : nil })
    guard !notFound.isEmpty else { return }
    let count = notFound.count
    terminal.standardError(
      "redraw: note: \(count) recorded source file\(count == 1 ? "" : "s") name\(count == 1 ? "s" : "") no single file under the source root "
        + "\(root) (\(notFound.sorted().prefix(3).joined(separator: ", "))\(count > 3 ? ", …" : "")); "
        + "they keep the recorded paths; if the traces were recorded from another package, pass --source-root "
        + "with its directory\n")
  }

  /// Stage 6: renders the report.
  static func render(_ analysis: Analysis, _ options: AnalyzeOptions) -> [UInt8] {
    let context = ReportContext(
      toolVersion: RedrawVersion.current, color: options.color, failOn: options.failOn,
      generatedAt: options.generatedAt, sourceRoot: options.sourceRoot, workingDirectory: options.workingDirectory,
      threads: FileReading.threads(after: analysis.files))
    return options.format.renderer.renderUTF8(analysis, context: context)
  }

  /// Truncated traces and skipped lines are said on standard error too, whatever the format.
  private static func reportDataLoss(_ files: [FileReading], terminal: Terminal) {
    for file in files {
      if file.skippedLines > 0 {
        let first = file.skipped.first.map { ", the first at \($0)" } ?? ""
        terminal.standardError(
          "redraw: warning: \(file.file): skipped \(file.skippedLines) malformed line(s)\(first)\n")
      }
      for session in file.sessions {
        if let truncation = session.truncation {
          terminal.standardError(
            "redraw: warning: \(session.source):\(truncation.line): \(TextReport.truncationText(truncation))\n")
        }
      }
    }
  }
}
