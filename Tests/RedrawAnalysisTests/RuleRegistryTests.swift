import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@Suite("The rule registry: ids, settings and generated files")
struct RuleRegistryTests {
  static let ids = RuleRegistry.all.map { $0.description.id }

  @Test func idsAreUniqueAndKebabCase() {
    #expect(Set(Self.ids).count == Self.ids.count)
    for id in Self.ids {
      #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id) is kebab-case")
      #expect(!id.hasPrefix("-") && !id.hasSuffix("-") && !id.contains("--"))
    }
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

  /// The rule registry and each rule's test file are what `redraw-generate` writes.
  @Test func theGeneratedFilesAreCurrent() throws {
    let generator = try #require(builtExecutable("redraw-generate"), "redraw-generate is built beside the tests")
    let process = Process()
    process.executableURL = generator
    process.arguments = ["--check"]
    process.currentDirectoryURL = repositoryRoot
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let stale = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "regenerate with `swift run redraw-generate`:\n\(stale)")
  }
}
