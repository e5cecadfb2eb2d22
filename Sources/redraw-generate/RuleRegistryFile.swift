/// `RuleRegistry+Generated.swift`: every rule, and the collectors the session builder hands
/// facts to.
enum RuleRegistryFile {
  static let path = RuleSources.folder + "/RuleRegistry+Generated.swift"

  static func generated(for rules: [RuleSources.Rule]) -> GeneratedFile {
    let collecting = rules.filter(\.hasCollector)
    var text = GeneratedFile.header(from: "the rule files in this folder")
    text += "// RuleRegistryTests fails when it is not current.\n\n"
    text += "extension RuleRegistry {\n"
    text += "  /// Every rule, in the order of their files' names.\n"
    text += "  package static let all: [any Rule.Type] = [\n"
    for rule in rules { text += "    \(rule.type).self,\n" }
    text += "  ]\n}\n\n"
    text += """
      /// The collectors of the rules that gather facts while a session is built, one field each,
      /// and the plan's savings last; `RuleCollectors.swift` hands them the facts.
      struct RuleCollectorFields {

      """
    for rule in collecting { text += "  var \(rule.field) = \(rule.type).Collector()\n" }
    text += """
        var savedEvaluations = SavedEvaluationsCollector()

        /// Hands `visitor` each collector, in place, with the builder's threads.
        ///
        /// Generic over the visitor, so each fact's visit is specialized for each collector: the
        /// calls are static, and a fact's default that does nothing costs nothing. The threads
        /// are passed along as a borrowed argument, never stored in a visitor, where every fact
        /// would retain and release them.
        @inline(__always)
        mutating func visitEach<Visitor: CollectorVisitor>(_ visitor: inout Visitor, threads: [Int64] = []) {

      """
    for rule in collecting { text += "    visitor.visit(&\(rule.field), threads: threads)\n" }
    text += "    visitor.visit(&savedEvaluations, threads: threads)\n  }\n}\n"
    return GeneratedFile(path: path, contents: text)
  }
}
