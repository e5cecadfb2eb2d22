/// `Tests/RedrawAnalysisTests/Rules/<Rule>Tests.swift`: a rule's tests from its own
/// description, as SwiftLint tests its rules' examples. A rule's hand-written tests (its
/// thresholds and edge cases) go beside it, in `<Rule>EdgeTests.swift`.
enum RuleTestFile {
  static let folder = "Tests/RedrawAnalysisTests/Rules"

  static func generated(for rule: RuleSources.Rule) -> GeneratedFile {
    let text =
      GeneratedFile.header(from: "\(rule.type)'s description")
        + """

        import RedrawAnalysis
        import Testing

        @Suite("\(rule.type): its description, examples and sample")
        struct \(rule.type)Tests {
          @Test func describesItself() { RuleExamples.expectDescribed(\(rule.type).self) }

          @Test func theTriggeringExampleFires() throws { try RuleExamples.expectFires(\(rule.type).self) }

          @Test func theCleanExampleDoesNot() throws { try RuleExamples.expectQuiet(\(rule.type).self) }

          @Test func itsSampleFires() throws { try RuleExamples.expectSampleFires(\(rule.type).self) }
        }

        """
    return GeneratedFile(path: "\(folder)/\(rule.type)Tests.swift", contents: text)
  }
}
