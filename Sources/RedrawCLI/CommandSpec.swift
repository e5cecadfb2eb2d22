/// What a command accepts: its arguments and options, for parsing and for `--help`.
struct CommandSpec: Sendable {
  /// The command's name as typed (`analyze`), empty for the root command.
  var name: String
  /// One line: what the command does.
  var abstract: String
  /// More help, shown after the overview.
  var discussion: String = ""
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
}

/// A positional argument.
struct ArgumentSpec: Sendable {
  var name: String
  var help: String
  /// Whether it takes one or more values.
  var repeating = false
  var optional = false
}

/// An option (`--format json`) or flag (`--lenient`).
struct OptionSpec: Sendable {
  /// The long name with its dashes; the key of its value.
  var name: String
  var shortName: String?
  /// The value's placeholder; nil for a flag.
  var valueName: String?
  var help: String
  var defaultValue: String?
  /// The allowed values, when there is a fixed set.
  var choices: [String]?
  /// Whether it may be given more than once.
  var repeating = false
}

/// A wrong command line, with the message to show.
package struct UsageError: Error, Sendable, Equatable {
  package var message: String
  /// Whether the command's usage follows the message: not after a configuration file's
  /// problems, which have nothing to do with the command line's shape.
  package var showsUsage = true

  package init(message: String, showsUsage: Bool = true) {
    self.message = message
    self.showsUsage = showsUsage
  }
}

/// The parsed command line of one command.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var wantsHelp = false

  /// The last value of `option`, or its default.
  func value(_ option: OptionSpec) -> String? { values[option.name]?.last ?? option.defaultValue }

  /// Every value of a repeating option.
  func all(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }

  func isSet(_ flag: OptionSpec) -> Bool { flags.contains(flag.name) }
}
