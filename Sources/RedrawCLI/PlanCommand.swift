import Foundation
import RedrawAnalysis
import RedrawReports

/// `redraw plan TRACE...`: the migration to `@Observable`, model by model, from a recording
/// made before it.
enum PlanCommand {
  static let format = OptionSpec(
    name: "--format", valueName: "format", help: "The plan's format.", defaultValue: "text",
    choices: PlanReport.Format.allCases.map(\.rawValue))
  static let xcode = OptionSpec(
    name: "--xcode", valueName: "version",
    help:
      "The Xcode that will build the app: 26 or earlier (@State's default runs on every re-creation of the view struct), 27 or later (once per view identity). By default the build the traces reproduce, else 26."
  )
  static let sourceRoot = OptionSpec(
    name: "--source-root", valueName: "dir",
    help:
      "Name the plan's source files relative to this directory; by default $GITHUB_WORKSPACE when set, else the git root of the working directory, else the working directory."
  )
  static let failOn = OptionSpec(
    name: "--fail-on", valueName: "severity",
    help:
      "Exit with 1 when a checklist item is at or above this severity: error, warning or info; never (the default) to only write the plan.",
    defaultValue: "never", choices: ["error", "warning", "info", "never"])
  static let keep = OptionSpec(
    name: "--keep", valueName: "type",
    help:
      "A model that stays ObservableObject (an @AppStorage stand-in, a model left for later): the plan neither moves it nor counts what its move would save or add. Repeat for several.",
    repeating: true)

  static let spec = CommandSpec(
    name: "plan",
    abstract: "Compute what moving each model from ObservableObject to @Observable will change.",
    discussion: """
      Reads traces recorded before the migration. For every model the traces show tracked \
      per object (views subscribe to it, or its updates missed views that read it), says the \
      body evaluations the move saves (over-broad ones, those caused only by writes of an \
      equal value, and the evaluations they cascaded into) and adds (missed updates that will \
      now reach their views), what each view's wrapper becomes, how often each @StateObject's \
      initial value will run as @State with Xcode 26 and with Xcode 27, parents to hand \
      narrow values, and a checklist by file and line, errors first. The evaluation counts \
      are analyze's "With @Observable", less what the models --keep names would change.

      Exit codes: 0 the plan was written (and no checklist item at or above --fail-on); 1 \
      items at or above --fail-on; 2 an unreadable or invalid trace, or one with no events \
      (unless --allow-empty); 64 a wrong command line.
      """,
    arguments: [
      ArgumentSpec(
        name: "trace", help: "Traces recorded before the migration; - reads standard input.", repeating: true)
    ],
    options: [
      format, AnalyzeOptions.output, xcode, failOn, keep, AnalyzeOptions.lenient, AnalyzeOptions.allowEmpty,
      AnalyzeOptions.config, AnalyzeOptions.threshold, sourceRoot, AnalyzeOptions.color, AnalyzeOptions.jobs,
    ])

  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode {
    let options: AnalyzeOptions
    do throws(UsageError) {
      var shared = parsed
      for option in [format, xcode, failOn, keep] { shared.values[option.name] = nil }
      options = try AnalyzeOptions.resolve(shared, terminal: terminal)
    } catch {
      terminal.standardError(HelpFormatter.usageError(error, spec: spec))
      return .usage
    }
    let target: SwiftUIBuild?
    switch parsed.value(xcode).map({ Int($0) }) {
    case nil: target = nil
    case let version?? where version > 0: target = version >= 27 ? .xcode27 : .xcode26
    default:
      let message =
        "The value '\(parsed.value(xcode) ?? "")' is invalid for '--xcode <version>': expected a major version such as 26 or 27"
      terminal.standardError(HelpFormatter.usageError(UsageError(message: message), spec: spec))
      return .usage
    }
    let analyzer = options.analyzer
    let analysis: Analysis
    do {
      analysis = try analyzer.analyze(paths: options.inputs)
    } catch {
      terminal.standardError(AnalysisPipeline.inputErrorMessage(error))
      return .inputError
    }
    guard AnalysisPipeline.acceptsEmptiness(of: analysis.files, options, terminal: terminal) else {
      return .inputError
    }
    let keeping = Set(parsed.all(keep))
    // A name that matches no model the traces hold is said, not dropped (a typo keeps nothing).
    let planned = Set(
      analysis.sessions.flatMap { $0.nodes.flatMap { $0.holdings.map(\.type) } + $0.missedUpdates.map(\.type) })
    for type in keeping.subtracting(planned).sorted() {
      terminal.standardError(
        "redraw: warning: --keep \(type): no view holds a model of that type in the traces, nor misses its updates\n")
    }
    var plan = analyzer.plan(for: analysis, target: target, keeping: keeping)
    let empty = SourceLocator(root: options.sourceRoot, files: [])
    plan = AnalysisPipeline.locator(for: empty.fileNames(in: plan), root: options.sourceRoot, terminal: terminal)
      .locate(plan)
    AnalysisPipeline.noteNotFound(plan.checklist.compactMap(\.location), root: options.sourceRoot, terminal: terminal)
    let planFormat = PlanReport.Format(rawValue: parsed.value(format) ?? "text") ?? .text
    // `options.color` was resolved as for a text report (the format is plan's own): colour
    // only the plan's text.
    let report = PlanReport.render(
      plan, format: planFormat,
      context: PlanReport.Context(
        toolVersion: RedrawVersion.current, inputs: options.inputs, color: options.color && planFormat == .text))
    guard AnalysisPipeline.deliver(report, to: options.output, terminal: terminal) else { return .inputError }
    let level = parsed.value(failOn) ?? "never"
    guard let severity = Severity(rawValue: level) else { return .success }
    return plan.checklist.contains { $0.severity >= severity } ? .findings : .success
  }
}
