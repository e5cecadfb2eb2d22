/// Writes `--help` text in the layout of swift-argument-parser.
enum HelpFormatter {
  static let toolName = "redraw"

  static func help(for spec: CommandSpec, subcommands: [CommandSpec] = []) -> String {
    var out = wrap("OVERVIEW: \(spec.abstract)", indent: "") + "\n"
    for paragraph in spec.discussion.split(separator: "\n\n") {
      out += "\n" + wrap(String(paragraph), indent: "") + "\n"
    }
    out += "\n" + wrap("USAGE: \(usage(for: spec, hasSubcommands: !subcommands.isEmpty))", indent: "       ") + "\n"
    if !spec.arguments.isEmpty {
      out += "\nARGUMENTS:\n"
      for argument in spec.arguments {
        out += row("<\(argument.name)>" + (argument.repeating ? " ..." : ""), argument.help)
      }
    }
    out += "\nOPTIONS:\n"
    for option in spec.options {
      var label = option.shortName.map { "\($0), " } ?? ""
      label += option.name + (option.valueName.map { " <\($0)>" } ?? "")
      var help = option.help
      if let choices = option.choices { help += " One of: \(choices.joined(separator: ", "))." }
      if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
      out += row(label, help)
    }
    out += row("-h, --help", "Show help information.")
    if !subcommands.isEmpty {
      out += "\nSUBCOMMANDS:\n"
      for (index, command) in subcommands.enumerated() {
        out += row(command.name + (index == 0 ? " (default)" : ""), command.abstract)
      }
      out += "\n  See '\(toolName) help <subcommand>' for detailed help.\n"
    }
    return out
  }

  static func usage(for spec: CommandSpec, hasSubcommands: Bool = false) -> String {
    var parts = [toolName]
    if !spec.name.isEmpty { parts.append(spec.name) }
    if hasSubcommands { parts.append("<subcommand>") }
    for argument in spec.arguments {
      let name = "<\(argument.name)>" + (argument.repeating ? " ..." : "")
      parts.append(argument.optional ? "[\(name)]" : name)
    }
    for option in spec.options {
      let text = option.name + (option.valueName.map { " <\($0)>" } ?? "")
      parts.append("[\(text)\(option.repeating ? " ..." : "")]")
    }
    return parts.joined(separator: " ")
  }

  /// The error text for a wrong command line, with the usage and where to get help.
  static func usageError(_ error: UsageError, spec: CommandSpec) -> String {
    let command = spec.name.isEmpty ? toolName : "\(toolName) \(spec.name)"
    guard error.showsUsage else { return "Error: \(error.message)\n" }
    return "Error: \(error.message)\nUsage: \(usage(for: spec))\n  See '\(command) --help' for more information.\n"
  }

  /// `text` wrapped at 80 columns; lines after the first start with `indent`.
  static func wrap(_ text: String, indent: String) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if !line.isEmpty, line.count + 1 + word.count > 80 {
        lines.append(line)
        line = indent
      }
      line += (line.isEmpty || line == indent ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }

  /// `  label               help`, wrapped at 80 columns.
  private static func row(_ label: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: 26)
    var line = "  " + label
    if line.count >= 26 {
      line += "\n" + indent
    } else {
      line += String(repeating: " ", count: 26 - line.count)
    }
    var column = 26
    var first = true
    for word in help.split(separator: " ") {
      if !first, column + 1 + word.count > 80 {
        line += "\n" + indent
        column = 26
        first = true
      }
      line += (first ? "" : " ") + word
      column += (first ? 0 : 1) + word.count
      first = false
    }
    return line + "\n"
  }
}
