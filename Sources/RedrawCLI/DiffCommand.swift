import Foundation
import RedrawAnalysis
import RedrawReports

/// `redraw diff BEFORE AFTER`: one scenario before and after a change.
enum DiffCommand {
  static let format = OptionSpec(
    name: "--format", valueName: "format", help: "The report format.", defaultValue: "text",
    choices: DiffReport.Format.allCases.map(\.rawValue))
  static let maxIncrease = OptionSpec(
    name: "--max-increase", valueName: "percent",
    help: "Exit with 1 when the after side has more than this percent more body evaluations.", defaultValue: "0")
  static let failOn = OptionSpec(
    name: "--fail-on", valueName: "severity",
    help:
      "Also exit with 1 when the after side has new findings at or above this severity: error, warning or info; never for none.",
    defaultValue: "error",
    choices: ["error", "warning", "info", "never"])

  static let spec = CommandSpec(
    name: "diff",
    abstract: "Compare two traces of one scenario, before and after a change.",
    discussion: """
      Shows body evaluations, over-broad evaluations and findings per view and per type on \
      both sides, and the change. Exit codes: 0 no regression; 1 the after side regressed \
      (more body evaluations than --max-increase allows, or new findings at or above \
      --fail-on); 2 an unreadable or invalid trace, or one with no events (unless \
      --allow-empty); 64 a wrong command line.
      """,
    arguments: [
      ArgumentSpec(name: "before", help: "The trace recorded before the change."),
      ArgumentSpec(name: "after", help: "The trace recorded after the change."),
    ],
    options: [
      format, AnalyzeOptions.output, maxIncrease, failOn, AnalyzeOptions.lenient, AnalyzeOptions.allowEmpty,
      AnalyzeOptions.color, AnalyzeOptions.config, AnalyzeOptions.jobs,
    ])

  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode {
    let analyze: AnalyzeOptions
    let limit: Double
    do {
      // Only the options both commands share: diff's own, and its format (its reports carry
      // no date), are not analyze's.
      var shared = parsed
      shared.values[maxIncrease.name] = nil
      shared.values[format.name] = nil
      analyze = try AnalyzeOptions.resolve(shared, terminal: terminal)
      let text = (parsed.value(maxIncrease) ?? "0").replacingOccurrences(of: "%", with: "")
      guard let percent = Double(text), percent >= 0, percent.isFinite else {
        throw UsageError(
          message: "The value '\(parsed.value(maxIncrease) ?? "")' is invalid for '--max-increase <percent>'")
      }
      limit = percent / 100
    } catch let error as UsageError {
      terminal.standardError(HelpFormatter.usageError(error, spec: spec))
      return .usage
    } catch {
      return .usage
    }
    var sides: [Analysis] = []
    for input in parsed.positionals {
      var options = analyze
      options.inputs = [input]
      do {
        let side = try options.analyzer.analyze(paths: options.inputs)
        // An empty side would compare as every view fixed: a recording that never happened.
        guard AnalysisPipeline.acceptsEmptiness(of: side.files, options, terminal: terminal) else {
          return .inputError
        }
        sides.append(side)
      } catch {
        terminal.standardError(AnalysisPipeline.inputErrorMessage(error))
        return .inputError
      }
    }
    let scenarios = sides.map { Set($0.files.flatMap(\.sessions).compactMap(\.scenario)) }
    if scenarios[0] != scenarios[1], !scenarios[0].isEmpty, !scenarios[1].isEmpty {
      // Comparing two different scenarios is allowed (two tracking modes of one screen),
      // but a mix-up of files must not pass unnoticed.
      terminal.standardError(
        "redraw: warning: the traces record different scenarios: "
          + "\(scenarios[0].sorted().map { "'\($0)'" }.joined(separator: ", ")) before, "
          + "\(scenarios[1].sorted().map { "'\($0)'" }.joined(separator: ", ")) after\n")
    }
    let comparison = Comparison(before: sides[0], after: sides[1])
    let failLevel = parsed.value(failOn) ?? "error"
    let regressions = comparison.regressions(
      threshold: limit, failOn: failLevel == "never" ? nil : Severity(rawValue: failLevel))
    let reportFormat = DiffReport.Format(rawValue: parsed.value(format) ?? "text") ?? .text
    // `analyze.color` was resolved as for a text report (the format is diff's own): colour
    // only diff's text.
    let context = DiffReport.Context(
      toolVersion: RedrawVersion.current, before: parsed.positionals[0], after: parsed.positionals[1],
      regressions: regressions, color: analyze.color && reportFormat == .text)
    let report = DiffReport.render(comparison, format: reportFormat, context: context)
    guard AnalysisPipeline.deliver(report, to: analyze.output, terminal: terminal) else { return .inputError }
    return regressions.isEmpty ? .success : .findings
  }
}
