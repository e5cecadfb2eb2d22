import Foundation
import RedrawAnalysis
import RedrawCLI
import RedrawTestSupport
import Testing

@Suite("The command line: help, version, options and exit codes")
struct CommandLineTests {
  @Test func versionPrintsTheVersion() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["--version"]) == .success)
    #expect(terminal.standardOutput == RedrawVersion.current + "\n")
  }

  @Test(arguments: [["--help"], ["help"], ["-h"]])
  func rootHelpListsTheSubcommands(arguments: [String]) {
    let terminal = CapturedTerminal()
    #expect(terminal.run(arguments) == .success)
    let help = terminal.standardOutput
    #expect(help.hasPrefix("OVERVIEW: "))
    #expect(help.contains("USAGE: redraw <subcommand>"))
    for command in ["analyze (default)", "rules", "explain"] { #expect(help.contains(command)) }
  }

  @Test(arguments: [["analyze", "--help"], ["help", "analyze"]])
  func analyzeHelpListsEveryOption(arguments: [String]) {
    let terminal = CapturedTerminal()
    #expect(terminal.run(arguments) == .success)
    let help = terminal.standardOutput
    for option in [
      "--format <format>", "--output <file>", "--fail-on <severity>", "--lenient", "--threshold", "--color",
    ] {
      #expect(help.contains(option), "\(option) is documented")
    }
    #expect(help.contains("(default: text)"))
    #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  struct BadLine: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badLines = [
    BadLine(arguments: ["analyze"], message: "Missing expected argument '<trace>'"),
    BadLine(
      arguments: ["analyze", "x.jsonl", "--format", "pdf"],
      message: "The value 'pdf' is invalid for '--format <format>'"),
    BadLine(arguments: ["analyze", "x.jsonl", "--frobnicate"], message: "Unknown option '--frobnicate'"),
    BadLine(arguments: ["analyze", "x.jsonl", "--output"], message: "Missing value for '--output <file>'"),
    BadLine(arguments: ["analyze", "x.jsonl", "--threshold", "nope.key=1"], message: "Unknown threshold 'nope.key'"),
    BadLine(
      arguments: ["analyze", "x.jsonl", "--threshold", "hot-property.minimum-writes=-1"],
      message: "The threshold 'hot-property.minimum-writes' needs a non-negative number"),
    BadLine(arguments: ["explain", "no-such-rule"], message: "Unknown rule 'no-such-rule'"),
    BadLine(arguments: ["help", "frob"], message: "Unknown subcommand 'frob'"),
  ]

  @Test(arguments: badLines)
  func wrongCommandLinesAreUsageErrors(_ line: BadLine) {
    let terminal = CapturedTerminal()
    #expect(terminal.run(line.arguments) == .usage)
    #expect(terminal.standardError.contains("Error: " + line.message), "\(terminal.standardError)")
    #expect(terminal.standardError.contains("--help' for more information"))
    #expect(terminal.standardOutput.isEmpty)
  }

  @Test func noArgumentsShowsHelpAndIsAUsageError() {
    let terminal = CapturedTerminal()
    #expect(terminal.run([]) == .usage)
    #expect(terminal.standardError.contains("USAGE:"))
  }

  @Test func aTraceWithoutASubcommandIsAnalyzed() {
    let terminal = CapturedTerminal()
    #expect(terminal.run([sample("clean")]) == .success)
    #expect(terminal.standardOutput.contains("No findings."))
  }

  @Test func rulesListsEveryRuleAndExplainExplainsOne() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["rules"]) == .success)
    let listed = terminal.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    #expect(
      listed == RuleRegistry.all.map { $0.description.id } + ["budget", "unused-configuration"],
      "each rule, one a line, then the configuration's checks")
    let explain = CapturedTerminal()
    #expect(explain.run(["explain", "repeated-init"]) == .success)
    #expect(explain.standardOutput.hasPrefix("repeated-init: Repeated initializer (default severity: warning)"))
    #expect(explain.standardOutput.contains("costly-nanoseconds = 1000000"))
    #expect(explain.standardOutput.contains("Triggering example:"))
  }

  @Test func docsRulesIsGeneratedFromTheRules() throws {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["rules", "--format", "markdown"]) == .success)
    let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    #expect(
      docs == terminal.standardOutput, "regenerate with: swift run redraw rules --format markdown > docs/rules.md")
  }
}

@Suite("docs/cli.md")
struct CLIDocumentationTests {
  /// Re-record with `REDRAW_RECORD_GOLDEN=1 swift test` after changing a command.
  @Test func theCommandLineReferenceMatchesTheCommands() throws {
    let url = repositoryRoot.appendingPathComponent("docs/cli.md")
    let generated = RedrawCommand.documentation()
    try Golden.check(generated, file: url)
    for command in ["analyze", "diff", "stats", "validate", "export", "rules", "explain"] {
      #expect(generated.contains("## redraw \(command)"))
    }
  }
}

/// Each command name reaches its command, never the trace reader.
@Suite struct CommandDispatchTests {
  @Test(arguments: ["analyze", "diff", "stats", "validate", "export", "rules", "explain"])
  func aCommandNameRunsThatCommand(name: String) {
    let terminal = CapturedTerminal()
    #expect(terminal.run([name, "--help"]) == .success)
    #expect(terminal.standardOutput.contains("redraw \(name)"))
    #expect(!terminal.standardError.contains("cannot open"))
  }
}
