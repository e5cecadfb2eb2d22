import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// Each finding carries the events behind it: a reader follows cause to effect without the
/// trace.
@Suite("Findings' trails")
struct TrailTests {
  static func findings(_ sample: String) throws -> [Finding] {
    let text = String(
      decoding: try Data(contentsOf: repositoryRoot.appendingPathComponent("SampleTraces/rules/\(sample).jsonl")),
      as: UTF8.self)
    return try analyze(trace: text).findings
  }

  @Test func anOverBroadFindingPairsEachWriteWithTheEvaluationItCaused() throws {
    let finding = try #require(try Self.findings("over-broad-invalidation").first)
    #expect(finding.trail.map(\.kind) == [.write, .evaluation, .write, .evaluation, .write, .evaluation])
    #expect(finding.trail[0].what == "ProfileModel.query")
    #expect(finding.trail[0].site == "ProfileModel.swift:18")
    #expect(finding.trail[1].what == "UnreadBadge" && finding.trail[1].note == "over-broad")
    #expect(zip(finding.trail, finding.trail.dropFirst()).allSatisfy { $0.line < $1.line }, "in trace order")
  }

  @Test func aRepeatedInitializerShowsItsRunsAndTheirEffects() throws {
    let finding = try #require(try Self.findings("side-effect-in-init").first { $0.rule == "repeated-init" })
    #expect(finding.trail.first?.kind == .initializer)
    #expect(finding.trail.first?.what == "FeedModel")
    #expect(finding.trail.contains { $0.kind == .effect && $0.note == "network" && $0.what == "GET /feed" })
    #expect(finding.trail.count == 6, "the first few events, not all")
  }

  @Test(arguments: [
    "hot-property", "model-recreated", "side-effect-in-body", "side-effect-in-init", "whole-model-read",
    "write-during-body",
  ])
  func everyRulesFindingHasATrail(sample: String) throws {
    for finding in try Self.findings(sample) where finding.rule == sample {
      #expect(!finding.trail.isEmpty, "\(finding.rule)")
    }
  }
}
