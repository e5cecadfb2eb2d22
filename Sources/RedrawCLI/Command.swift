/// A subcommand of `redraw`: its spec (name, arguments, options, help) and what it does with
/// the arguments parsed by that spec.
///
/// ``RedrawCommand/commands`` is the one list of them: dispatch, help, completion scripts and
/// docs/cli.md all come from it, so a command's name cannot fall through to being opened as
/// a trace.
protocol Command: SendableMetatype {
  static var spec: CommandSpec { get }
  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode
}

/// `redraw analyze TRACE...`, also what `redraw TRACE...` runs.
enum AnalyzeCommand: Command {
  static var spec: CommandSpec { AnalyzeOptions.spec }

  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode {
    do throws(UsageError) {
      let options = try AnalyzeOptions.resolve(parsed, terminal: terminal)
      return AnalysisPipeline.run(options, terminal: terminal)
    } catch {
      terminal.standardError(HelpFormatter.usageError(error, spec: spec))
      return .usage
    }
  }
}

extension PlanCommand: Command {}
extension DiffCommand: Command {}
extension StatsCommand: Command {}
extension ValidateCommand: Command {}
extension ExportCommand: Command {}
extension RulesCommand: Command {}
extension ExplainCommand: Command {}
