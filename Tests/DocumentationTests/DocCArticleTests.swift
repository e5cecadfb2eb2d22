import Foundation
import RedrawTestSupport
import Testing

/// The DocC catalogs' articles generated from docs/ are current: `scripts/docs.sh --articles`
/// rewrites them.
@Suite struct DocCArticleTests {
  @Test func theGettingStartedArticleIsGeneratedFromTheGuide() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [repositoryRoot.appendingPathComponent("scripts/docs.sh").path, "--print-article"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let generated = String(decoding: output.fileHandleForReading.readAll(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let path = "Sources/RedrawTrace/RedrawTrace.docc/GettingStarted.md"
    let committed = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    #expect(committed == generated, "regenerate with: scripts/docs.sh --articles")
    #expect(committed.hasPrefix("# Getting Started with Redraw\n"))
    #expect(!committed.contains("](ci.md"), "links to other pages become their paths")
  }
}
