import Foundation

/// The rules, as their files declare them: every `package enum …: Rule` of the rules'
/// folder, in the order of the files' names.
struct RuleSources {
  /// The folder of the rules' files, relative to the package's root.
  static let folder = "Sources/RedrawRules/Rules"

  /// A rule's type, and whether its file declares its `Collector`.
  struct Rule {
    var type: String
    var hasCollector: Bool

    /// The collector's field in `RuleCollectors`: the type without `Rule`, lower camel case.
    var field: String {
      let name = type.hasSuffix("Rule") ? String(type.dropLast(4)) : type
      return name.prefix(1).lowercased() + name.dropFirst()
    }
  }

  /// Reads the rules' files in `folder`.
  ///
  /// - Throws: When the folder cannot be read or declares no rule.
  static func read(from folder: URL) throws -> [Rule] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var rules: [Rule] = []
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard let type = lines.lazy.compactMap(Self.ruleType(declaredBy:)).first else { continue }
      let hasCollector = lines.contains { $0.hasPrefix("  struct Collector: SessionCollector") }
      rules.append(Rule(type: type, hasCollector: hasCollector))
    }
    guard !rules.isEmpty else { throw GenerationError("no `package enum …: Rule` in \(folder.path)") }
    return rules
  }

  /// `X` when `line` is `package enum X: Rule` (followed by `,`, ` ` or `{`).
  static func ruleType(declaredBy line: Substring) -> String? {
    let prefix = "package enum "
    guard line.hasPrefix(prefix) else { return nil }
    let rest = line.dropFirst(prefix.count)
    let type = rest.prefix { $0.isLetter || $0.isNumber }
    let after = rest.dropFirst(type.count)
    guard !type.isEmpty, after.hasPrefix(": Rule"),
      let next = after.dropFirst(": Rule".count).first, next == "," || next == " " || next == "{"
    else { return nil }
    return String(type)
  }
}

/// A description the generator could not read.
struct GenerationError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
