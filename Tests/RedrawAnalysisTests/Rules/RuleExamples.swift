import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// The checks every rule's generated test file runs on the rule's own description: its
/// words, its triggering and clean examples, and its sample trace.
enum RuleExamples {
  /// The description is complete: a name, sentences, a fix, described thresholds.
  static func expectDescribed(_ rule: any Rule.Type, sourceLocation: SourceLocation = #_sourceLocation) {
    let description = rule.description
    #expect(!description.name.isEmpty, sourceLocation: sourceLocation)
    #expect(description.summary.hasSuffix("."), "the summary is a sentence", sourceLocation: sourceLocation)
    #expect(description.explanation.hasSuffix("."), "the explanation is in sentences", sourceLocation: sourceLocation)
    #expect(!description.fix.isEmpty, sourceLocation: sourceLocation)
    for threshold in description.thresholds {
      #expect(threshold.key.allSatisfy { $0.isLowercase || $0 == "-" }, sourceLocation: sourceLocation)
      #expect(!threshold.summary.isEmpty, sourceLocation: sourceLocation)
    }
  }

  /// The triggering example draws a finding of the rule, at the default thresholds.
  static func expectFires(_ rule: any Rule.Type, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let id = rule.description.id
    let analysis = try analyze(trace: rule.description.triggeringExample)
    #expect(
      analysis.findings.contains { $0.rule == id }, "\(id) fires on its triggering example",
      sourceLocation: sourceLocation)
  }

  /// The clean example draws no finding of the rule.
  static func expectQuiet(_ rule: any Rule.Type, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let id = rule.description.id
    let analysis = try analyze(trace: rule.description.cleanExample)
    #expect(
      !analysis.findings.contains { $0.rule == id }, "\(id) stays quiet on its clean example",
      sourceLocation: sourceLocation)
  }

  /// `SampleTraces/rules/<id>.jsonl` exists and draws a finding of the rule.
  static func expectSampleFires(_ rule: any Rule.Type, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let id = rule.description.id
    let sample = "SampleTraces/rules/\(id).jsonl"
    let exists = FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(sample).path)
    try #require(
      exists, "add \(sample): its triggering example will do (docs/contributing.md)", sourceLocation: sourceLocation)
    let findings = try analyze(repositoryFiles: [sample]).findings
    #expect(findings.contains { $0.rule == id }, "\(sample) triggers \(id)", sourceLocation: sourceLocation)
  }
}
