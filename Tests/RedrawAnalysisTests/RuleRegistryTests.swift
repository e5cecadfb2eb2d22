import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@Suite("Every rule describes itself and its examples behave")
struct RuleRegistryTests {
  static let ids = RuleRegistry.all.map { $0.description.id }

  @Test func idsAreUniqueAndKebabCase() {
    #expect(Set(Self.ids).count == Self.ids.count)
    for id in Self.ids {
      #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id) is kebab-case")
      #expect(!id.hasPrefix("-") && !id.hasSuffix("-") && !id.contains("--"))
    }
  }

  @Test(arguments: ids)
  func describesItself(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id: id)).description
    #expect(!rule.name.isEmpty)
    #expect(rule.summary.hasSuffix("."))
    #expect(rule.explanation.hasSuffix("."), "the explanation is written out in sentences")
    #expect(!rule.fix.isEmpty)
    for threshold in rule.thresholds {
      #expect(threshold.key.allSatisfy { $0.isLowercase || $0 == "-" })
      #expect(!threshold.summary.isEmpty)
    }
  }

  @Test(arguments: ids)
  func triggeringExampleProducesTheFinding(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id: id)).description
    let analysis = try analyze(trace: rule.triggeringExample)
    #expect(analysis.findings.contains { $0.rule == id }, "\(id) fires on its triggering example")
  }

  @Test(arguments: ids)
  func cleanExampleProducesNoFindingOfTheRule(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id: id)).description
    let analysis = try analyze(trace: rule.cleanExample)
    #expect(!analysis.findings.contains { $0.rule == id }, "\(id) stays quiet on its clean example")
  }

  @Test func thresholdsChangeTheOutcome() throws {
    let rule = HotPropertyRule.description
    #expect(try analyze(trace: rule.triggeringExample).findings.contains { $0.rule == rule.id })
    let strict = RuleContext(thresholds: ["hot-property.minimum-writes": 11])
    #expect(try !analyze(trace: rule.triggeringExample, context: strict).findings.contains { $0.rule == rule.id })
  }

  @Test func severityOverridesApply() throws {
    let context = RuleContext(severities: ["over-broad-invalidation": .error])
    let findings = try analyze(trace: OverBroadInvalidationRule.description.triggeringExample, context: context)
      .findings
    #expect(findings.first { $0.rule == "over-broad-invalidation" }?.severity == .error)
  }

  @Test func theGeneratedRegistryIsCurrent() throws {
    try GeneratedFile.check(
      "Sources/RedrawRules/Rules/RuleRegistry+Generated.swift", printedBy: "scripts/generate-rules.sh",
      ["--stdout"], regenerate: "scripts/generate-rules.sh")
  }

  @Test(arguments: ids)
  func hasASampleThatTriggersIt(id: String) throws {
    let sample = "SampleTraces/rules/\(id).jsonl"
    let exists = FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(sample).path)
    try #require(exists, "add \(sample): its triggering example will do (docs/contributing.md)")
    #expect(try analyze(repositoryFiles: [sample]).findings.contains { $0.rule == id }, "\(sample) triggers \(id)")
  }
}
