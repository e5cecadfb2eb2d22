import Foundation
import RedrawAnalysis
import RedrawReports

/// The `redraw` command line: dispatches to a subcommand and returns the exit code.
///
/// `redraw TRACE...` is `redraw analyze TRACE...`; `redraw help COMMAND` shows a
/// command's help.
package enum RedrawCommand {
  static let root = CommandSpec(
    name: "",
    abstract: "Find the SwiftUI views that re-evaluate for no reason.",
    discussion: """
      Redraw reads traces recorded with RedrawTrace and reports over-broad invalidation, \
      repeated or effectful initializers, views that read whole models and more.
      """,
    options: [
      OptionSpec(name: "--version", help: "Show the version."),
      OptionSpec(
        name: "--generate-completion-script", valueName: "shell", help: "Print a completion script for the shell.",
        choices: CompletionScript.Shell.allCases.map(\.rawValue)),
    ])

  /// The subcommands, the default first: the one list that dispatch, help, completion
  /// scripts and docs/cli.md read.
  static let commands: [any Command.Type] = [
    AnalyzeCommand.self, PlanCommand.self, DiffCommand.self, StatsCommand.self, ValidateCommand.self,
    ExportCommand.self, RulesCommand.self, ExplainCommand.self,
  ]

  /// The subcommands' specs, in the order of ``commands``.
  static var subcommands: [CommandSpec] { commands.map { $0.spec } }

  /// docs/cli.md: every command's help, from the same specs that parse the command line.
  package static func documentation() -> String {
    var out = "# The redraw command line\n\n"
    out += "Generated from the commands' own specs (a test keeps this page in sync); `redraw help COMMAND` "
    out += "prints the same.\n\n"
    out += "| exit code | meaning |\n|---|---|\n"
    out += "| 0 | success: no finding at or above `--fail-on`, no regression, a valid trace |\n"
    out +=
      "| 1 | findings at or above `--fail-on` (`analyze`), checklist items at or above it (`plan`), a regression (`diff`), problems (`validate`) |\n"
    out += "| 2 | a trace or file that cannot be read, or is not valid; an output that cannot be written |\n"
    out += "| 64 | a wrong command line or configuration |\n\n"
    out += "`redraw` alone prints the overview below on standard error and exits 64; `analyze` is the default "
    out += "when the first argument is not a command (`redraw trace.jsonl`).\n\n"
    out += "## redraw\n\n```\n" + HelpFormatter.help(for: root, subcommands: subcommands) + "```\n"
    for command in subcommands {
      out += "\n## redraw \(command.name)\n\n```\n" + HelpFormatter.help(for: command) + "```\n"
    }
    return out
  }

  /// Runs the command line `arguments` (without the program name).
  package static func main(_ arguments: [String], terminal: Terminal) -> ExitCode {
    guard let first = arguments.first else {
      terminal.standardError(HelpFormatter.help(for: root, subcommands: subcommands))
      return .usage
    }
    if let command = commands.first(where: { $0.spec.name == first }) {
      return run(command, Array(arguments.dropFirst()), terminal)
    }
    switch first {
    case "--version":
      terminal.standardOutput(RedrawVersion.current + "\n")
      return .success
    case "-h", "--help":
      terminal.standardOutput(HelpFormatter.help(for: root, subcommands: subcommands))
      return .success
    case "--generate-completion-script":
      guard arguments.count == 2, let shell = CompletionScript.Shell(rawValue: arguments[1]) else {
        terminal.standardError(
          HelpFormatter.usageError(
            UsageError(message: "Expected bash, zsh or fish after '--generate-completion-script'"), spec: root))
        return .usage
      }
      terminal.standardOutput(CompletionScript.script(for: shell, commands: subcommands))
      return .success
    case "help":
      return help(Array(arguments.dropFirst()), terminal: terminal)
    default:
      // `redraw analyse t.jsonl`: a first word that names no file and is close to a
      // command is a misspelled command, not a trace that cannot be opened.
      let names = subcommands.map(\.name) + ["help"]
      if !first.hasPrefix("-"), first != "-", !FileManager.default.fileExists(atPath: first),
        let command = Suggestion.nearest(to: first, in: names)
      {
        terminal.standardError(
          HelpFormatter.usageError(
            UsageError(message: "Unknown command '\(first)'; did you mean '\(command)'?"), spec: root))
        return .usage
      }
      return run(AnalyzeCommand.self, arguments, terminal)
    }
  }

  private static func help(_ arguments: [String], terminal: Terminal) -> ExitCode {
    guard let name = arguments.first else {
      terminal.standardOutput(HelpFormatter.help(for: root, subcommands: subcommands))
      return .success
    }
    guard let spec = subcommands.first(where: { $0.name == name }) else {
      terminal.standardError(
        HelpFormatter.usageError(
          UsageError(
            message: "Unknown subcommand '\(name)'"
              + Suggestion.didYouMean(name, in: subcommands.map(\.name))),
          spec: root))
      return .usage
    }
    terminal.standardOutput(HelpFormatter.help(for: spec))
    return .success
  }

  /// Parses `arguments` for `command`, answers `--help`, and runs it.
  private static func run(_ command: any Command.Type, _ arguments: [String], _ terminal: Terminal) -> ExitCode {
    let spec = command.spec
    do {
      let parsed = try ArgumentParser.parse(arguments, spec: spec)
      if parsed.wantsHelp {
        terminal.standardOutput(HelpFormatter.help(for: spec))
        return .success
      }
      return command.run(parsed, terminal: terminal)
    } catch {
      terminal.standardError(HelpFormatter.usageError(error, spec: spec))
      return .usage
    }
  }
}
