import Foundation
import RedrawAnalysis
import RedrawReports

/// The options of `redraw analyze`, resolved once, before the pipeline starts.
package struct AnalyzeOptions: Sendable {
  package var inputs: [String]
  package var format: ReportFormat
  /// The report file; standard output when nil.
  package var output: String?
  /// Findings at or above this fail the run; nil never fails.
  package var failOn: Severity?
  /// The library's pipeline with these settings: leniency, parser threads, the rules'
  /// context, budgets and suppressions (ignore entries and the baseline's accepted findings).
  package var analyzer: Analyzer
  /// Whether a trace with no events passes; by default it is an input error.
  package var allowEmpty: Bool
  package var color: Bool
  /// Where to write a baseline of this run's findings, when asked.
  package var writeBaseline: String?
  /// When the report was made, for the one format that shows it (HTML); nil for the others.
  package var generatedAt: String?
  /// The absolute directory findings' source files are named relative to (see
  /// ``SourceRoot/resolve(option:environment:workingDirectory:)``).
  package var sourceRoot: String
  /// The absolute working directory, for reports that need absolute trace paths.
  package var workingDirectory: String

  // MARK: - Command line

  static let format = OptionSpec(
    name: "--format", valueName: "format", help: "The report format.", defaultValue: "text",
    choices: ReportFormat.allCases.map(\.rawValue))
  static let output = OptionSpec(
    name: "--output", shortName: "-o", valueName: "file",
    help:
      "Write the report to this file (replaced atomically; a FIFO or device is written in place) instead of standard output; - is standard output."
  )
  static let failOn = OptionSpec(
    name: "--fail-on", valueName: "severity",
    help:
      "Exit with 1 when a finding is at or above this severity: error, warning or info; never to only write the report.",
    defaultValue: "error",
    choices: ["error", "warning", "info", "never"])
  static let lenient = OptionSpec(
    name: "--lenient", help: "Skip malformed lines instead of failing; count them and name the first few.")
  static let allowEmpty = OptionSpec(
    name: "--allow-empty",
    help: "Accept a trace with no events; by default it is an error (exit 2): a recording that never happened.")
  static let threshold = OptionSpec(
    name: "--threshold", valueName: "rule.key=value",
    help: "Set a rule threshold, e.g. hot-property.minimum-writes=5 (see 'redraw explain <rule>').",
    repeating: true)
  static let color = OptionSpec(
    name: "--color", valueName: "when",
    help: "Colour the text report: auto (on a terminal, unless NO_COLOR is set), always or never.",
    defaultValue: "auto", choices: ["auto", "always", "never"])

  static let jobs = OptionSpec(
    name: "--jobs", shortName: "-j", valueName: "n",
    help:
      "Parse each trace with this many threads (memory grows with each). By default: one per core, "
      + "up to 8, for a file of 16 MiB or more; one thread for smaller files, pipes and standard input.")
  static let config = OptionSpec(
    name: "--config", valueName: "file",
    help: "Read settings from this JSON file instead of .redraw.json in the working directory.")
  static let baseline = OptionSpec(
    name: "--baseline", valueName: "file",
    help: "Report only findings that this baseline (from --write-baseline) does not accept.")
  static let writeBaseline = OptionSpec(
    name: "--write-baseline", valueName: "file",
    help: "Write this run's findings as a baseline of accepted findings, then report none of them.")
  static let sourceRoot = OptionSpec(
    name: "--source-root", valueName: "dir",
    help:
      "Name findings' source files relative to this directory in sarif, github, junit and json reports (xcode: absolute under it); by default $GITHUB_WORKSPACE when set, else the git root of the working directory, else the working directory."
  )

  static let spec = CommandSpec(
    name: "analyze",
    abstract: "Analyze traces and report what made views re-evaluate for no reason.",
    discussion: """
      Reads Redraw traces (JSON lines, format version 1) and reports over-broad \
      invalidation, repeated or effectful initializers, whole-model reads and more. Several \
      files, and several sessions in one file, are separate sessions in one report. Findings \
      point at the source lines the trace recorded (a view's body, a construction, a write), \
      named relative to --source-root in the formats CI attaches to code. The HTML report \
      says when it was made, or the time SOURCE_DATE_EPOCH gives (seconds since 1970) when \
      it is set and not empty, so that the same traces make the same page.

      Exit codes: 0 no finding at or above --fail-on; 1 findings at or above it; 2 an \
      unreadable or invalid trace, or one with no events (unless --allow-empty); 64 a wrong \
      command line.
      """,
    arguments: [ArgumentSpec(name: "trace", help: "Trace files to analyze; - reads standard input.", repeating: true)],
    options: [
      format, output, failOn, lenient, allowEmpty, threshold, color, config, baseline, writeBaseline, sourceRoot, jobs,
    ])

  /// Resolves the parsed command line and the terminal into options.
  static func resolve(_ parsed: ParsedArguments, terminal: Terminal) throws(UsageError) -> AnalyzeOptions {
    let configuration = try loadConfiguration(parsed.value(config))
    var context = configuration.ruleContext
    var thresholds = context.thresholds
    let known = RuleRegistry.thresholdKeys
    for setting in parsed.all(threshold) {
      guard let equals = setting.firstIndex(of: "=") else {
        throw UsageError(message: "Expected rule.key=value for '--threshold', found '\(setting)'")
      }
      let key = String(setting[..<equals])
      guard known.contains(key) else {
        throw UsageError(
          message: "Unknown threshold '\(key)'. Known thresholds: \(known.sorted().joined(separator: ", "))")
      }
      guard let value = Double(setting[setting.index(after: equals)...]), value.isFinite, value >= 0 else {
        throw UsageError(message: "The threshold '\(key)' needs a non-negative number")
      }
      thresholds[key] = value
    }
    let output = parsed.value(Self.output)
    let colorChoice = parsed.value(color) ?? "auto"
    let noColor = !(terminal.environment["NO_COLOR"] ?? "").isEmpty
    let useColor =
      switch colorChoice {
      case "always": true
      case "never": false
      default: output == nil && terminal.outputIsTerminal && !noColor
      }
    let failLevel = parsed.value(failOn) ?? "error"
    context.thresholds = thresholds
    var accepted: [String: Int] = [:]
    if let path = parsed.value(baseline) {
      do {
        accepted = try Baseline.accepted(in: readText(path, option: "--baseline"))
      } catch let error as BaselineError {
        throw UsageError(message: "\(path): not a redraw baseline: \(error.message)")
      } catch {
        throw error as? UsageError ?? UsageError(message: "\(path): \(error)")
      }
    }
    var threads = ParsingJobs.automatic(cores: ProcessInfo.processInfo.activeProcessorCount)
    if let text = parsed.value(jobs) {
      guard let value = Int(text), value >= 1, value <= 64 else {
        throw UsageError(message: "The value '\(text)' is invalid for '--jobs <n>': expected 1 to 64")
      }
      threads = .fixed(value)
    }
    let workingDirectory = FileManager.default.currentDirectoryPath
    let root = try SourceRoot.resolve(
      option: parsed.value(sourceRoot), environment: terminal.environment, workingDirectory: workingDirectory)
    let reportFormat = parsed.value(format).flatMap(ReportFormat.init(rawValue:)) ?? .text
    return AnalyzeOptions(
      inputs: parsed.positionals, format: reportFormat,
      output: output, failOn: failLevel == "never" ? nil : Severity(rawValue: failLevel),
      analyzer: Analyzer(
        lenient: parsed.isSet(lenient), jobs: threads, ruleContext: context, budgets: configuration.budgets,
        suppressions: Suppressions(ignores: configuration.ignores, baseline: accepted)),
      allowEmpty: parsed.isSet(allowEmpty), color: useColor && reportFormat == .text,
      writeBaseline: parsed.value(writeBaseline),
      generatedAt: reportFormat == .html ? try generationTime(environment: terminal.environment) : nil,
      sourceRoot: root, workingDirectory: workingDirectory)
  }

  /// When the report is made, in ISO 8601: `SOURCE_DATE_EPOCH`'s time when the variable is
  /// set and not empty (reproducible builds' convention: whole seconds since 1970, UTC, in
  /// decimal digits), else `now`.
  ///
  /// - Throws: ``UsageError`` when the variable holds anything else, or a time past the
  ///   year 9999 (ISO 8601's four-digit years): a build that pins the time must not get the
  ///   clock's instead.
  static func generationTime(environment: [String: String], now: Date = Date()) throws(UsageError) -> String {
    var date = now
    if let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty {
      let latest: Int64 = 253_402_300_799  // 9999-12-31T23:59:59Z
      guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
        let seconds = Int64(text), seconds <= latest
      else {
        throw UsageError(
          message: "SOURCE_DATE_EPOCH must be whole seconds since 1970 (0 to \(latest)), found '\(text)'",
          showsUsage: false)
      }
      date = Date(timeIntervalSince1970: TimeInterval(seconds))
    }
    return ISO8601DateFormatter().string(from: date)
  }

  /// The configuration of `--config`, or of `.redraw.json` when it exists, or none.
  private static func loadConfiguration(_ path: String?) throws(UsageError) -> Configuration {
    let name: String
    if let path {
      name = path
    } else {
      name = Configuration.defaultFileName
      guard FileManager.default.fileExists(atPath: name) else { return Configuration() }
    }
    let text = try readText(name, option: path == nil ? "configuration" : "--config")
    do {
      return try Configuration.parse(text, name: name)
    } catch {
      // The library's error, as a usage error of the command line: exit 64, no usage text.
      throw UsageError(message: error.message, showsUsage: false)
    }
  }

  private static func readText(_ path: String, option: String) throws(UsageError) -> String {
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw UsageError(message: "Cannot read the \(option) file '\(path)'")
    }
  }

}
