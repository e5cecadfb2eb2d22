import RedrawAnalysis
import RedrawReports

/// The options of `redraw analyze`, resolved once, before the pipeline starts.
public struct AnalyzeOptions: Sendable {
  public var inputs: [String]
  public var format: ReportFormat
  /// The report file; standard output when nil.
  public var output: String?
  /// Findings at or above this fail the run; nil never fails.
  public var failOn: Severity?
  public var lenient: Bool
  public var ruleContext: RuleContext
  public var color: Bool

  // MARK: - Command line

  static let format = OptionSpec(
    name: "--format", valueName: "format", help: "The report format.", defaultValue: "text",
    choices: ReportFormat.allCases.map(\.rawValue))
  static let output = OptionSpec(
    name: "--output", shortName: "-o", valueName: "file",
    help: "Write the report to this file (replaced atomically) instead of standard output.")
  static let failOn = OptionSpec(
    name: "--fail-on", valueName: "severity",
    help: "Exit with 1 when a finding is at or above this severity.", defaultValue: "error",
    choices: ["error", "warning", "info", "never"])
  static let lenient = OptionSpec(
    name: "--lenient", help: "Skip malformed lines instead of failing; count them and name the first few.")
  static let threshold = OptionSpec(
    name: "--threshold", valueName: "rule.key=value",
    help: "Set a rule threshold, e.g. hot-property.minimum-writes=5 (see 'redraw explain <rule>').",
    repeating: true)
  static let color = OptionSpec(
    name: "--color", valueName: "when",
    help: "Colour the text report: auto (on a terminal, unless NO_COLOR is set), always or never.",
    defaultValue: "auto", choices: ["auto", "always", "never"])

  static let spec = CommandSpec(
    name: "analyze",
    abstract: "Analyze traces and report what made views re-evaluate for no reason.",
    discussion: """
      Reads Redraw traces (JSON lines, format version 1) and reports over-broad \
      invalidation, repeated or effectful initializers, whole-model reads and more. Several \
      files, and several sessions in one file, are separate sessions in one report.

      Exit codes: 0 no finding at or above --fail-on; 1 findings at or above it; 2 an \
      unreadable or invalid trace; 64 a wrong command line.
      """,
    arguments: [ArgumentSpec(name: "trace", help: "Trace files to analyze; - reads standard input.", repeating: true)],
    options: [format, output, failOn, lenient, threshold, color])

  /// Resolves the parsed command line and the terminal into options.
  static func resolve(_ parsed: ParsedArguments, terminal: Terminal) throws(UsageError) -> AnalyzeOptions {
    var thresholds: [String: Double] = [:]
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
    return AnalyzeOptions(
      inputs: parsed.positionals, format: ReportFormat(rawValue: parsed.value(format) ?? "text") ?? .text,
      output: output, failOn: failLevel == "never" ? nil : Severity(rawValue: failLevel), lenient: parsed.isSet(lenient),
      ruleContext: RuleContext(thresholds: thresholds), color: useColor && parsed.value(format) == "text")
  }
}
