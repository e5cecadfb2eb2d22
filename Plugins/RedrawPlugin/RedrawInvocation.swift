/// The arguments the plugin hands `redraw`, from the user's: unchanged, but for a
/// `--source-root` naming the package when the command takes one and the user gave none.
struct RedrawInvocation {
  /// The commands that name findings from a source root.
  static let locatingCommands: Set<String> = ["analyze", "plan"]
  /// Every subcommand; anything else first is a trace for `analyze`, the default.
  static let commands: Set<String> = [
    "analyze", "plan", "diff", "stats", "validate", "export", "rules", "explain", "help",
  ]
  /// The options whose value is a file `redraw` writes.
  static let outputOptions: Set<String> = ["-o", "--output", "--write-baseline"]
  /// `swift package`'s own options for plugins, which go before the plugin's name.
  static let packageOptions: Set<String> = [
    "--allow-writing-to-package-directory", "--allow-writing-to-directory", "--allow-network-connections",
    "--disable-sandbox",
  ]

  /// What `redraw` is run with.
  let arguments: [String]
  /// The files the arguments write inside the package directory, absolute.
  let outputsInsidePackage: [String]
  /// The first of `swift package`'s options given after `redraw`, where SwiftPM does not
  /// read it.
  let misplacedPackageOption: String?

  init(arguments user: [String], packageDirectory: String) {
    let first = user.first { !$0.hasPrefix("-") }
    let command = first.flatMap { Self.commands.contains($0) ? $0 : nil } ?? "analyze"
    let asksForHelp = user.contains("--help") || user.contains("-h") || user.contains("--version")
    var arguments = user
    // Without arguments `redraw` prints its overview, which a default `analyze` would not.
    if !user.isEmpty, Self.locatingCommands.contains(command), !asksForHelp,
      !user.contains(where: { $0 == "--source-root" || $0.hasPrefix("--source-root=") })
    {
      // Before `--`, after which every argument is a trace.
      let end = user.firstIndex(of: "--") ?? user.endIndex
      arguments.insert(contentsOf: ["--source-root", packageDirectory], at: end)
    }
    self.arguments = arguments
    let options = user[..<(user.firstIndex(of: "--") ?? user.endIndex)]
    misplacedPackageOption = options.first { argument in
      Self.packageOptions.contains(String(argument.prefix { $0 != "=" }))
    }
    var outputs: [String] = []
    var index = user.startIndex
    while index < user.endIndex, user[index] != "--" {
      let argument = user[index]
      if Self.outputOptions.contains(argument), index + 1 < user.endIndex {
        outputs.append(user[index + 1])
        index += 1
      } else if let equals = argument.firstIndex(of: "="), Self.outputOptions.contains(String(argument[..<equals])) {
        outputs.append(String(argument[argument.index(after: equals)...]))
      }
      index += 1
    }
    let root = packageDirectory.hasSuffix("/") ? packageDirectory : packageDirectory + "/"
    outputsInsidePackage = outputs.filter { $0 != "-" }.map { $0.hasPrefix("/") ? $0 : root + $0 }
      .filter { $0.hasPrefix(root) }
  }
}
