import RedrawAnalysis

/// A small command-line parser in the style of swift-argument-parser.
///
/// Accepts `--name value`, `--name=value`, short names, flags, `--` to end options,
/// and `-` as a positional (standard input). `-h` and `--help` anywhere ask for help.
enum ArgumentParser {
  static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        parsed.wantsHelp = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.options.first(where: { $0.name == name || $0.shortName == name }) else {
        throw UsageError(
          message: "Unknown option '\(name)'" + Suggestion.didYouMean(name, in: spec.options.map(\.name) + ["--help"]))
      }
      guard let valueName = option.valueName else {
        if inlineValue != nil { throw UsageError(message: "The flag '\(option.name)' does not take a value") }
        parsed.flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else {
          throw UsageError(message: "Missing value for '\(option.name) <\(valueName)>'")
        }
        value = arguments[index]
        index += 1
      }
      if let choices = option.choices, !choices.contains(value) {
        throw UsageError(
          message:
            "The value '\(value)' is invalid for '\(option.name) <\(valueName)>'"
            + (Suggestion.nearest(to: value, in: choices).map { "; did you mean '\($0)'?" } ?? ".")
            + " Please provide one of " + choices.map { "'\($0)'" }.joined(separator: ", ") + ".")
      }
      if !option.repeating, parsed.values[option.name] != nil {
        throw UsageError(message: "The option '\(option.name)' was given more than once")
      }
      parsed.values[option.name, default: []].append(value)
    }
    if parsed.wantsHelp { return parsed }
    try checkPositionals(parsed.positionals, spec: spec)
    return parsed
  }

  private static func checkPositionals(_ positionals: [String], spec: CommandSpec) throws(UsageError) {
    let required = spec.arguments.filter { !$0.optional }
    if positionals.count < required.count {
      let missing = required[positionals.count]
      throw UsageError(message: "Missing expected argument '<\(missing.name)>'")
    }
    if spec.arguments.last?.repeating != true, positionals.count > spec.arguments.count {
      throw UsageError(message: "Unexpected argument '\(positionals[spec.arguments.count])'")
    }
  }
}
