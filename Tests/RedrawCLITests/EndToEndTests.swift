import Foundation
import RedrawCLI
import RedrawTestSupport
import Testing

/// Runs the built `redraw` executable as a user would.
@Suite("The redraw executable, end to end")
struct EndToEndTests {
  /// The `redraw` built next to the test bundle.
  static var executable: URL? { builtExecutable("redraw") }

  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Run {
    let process = Process()
    let executable = Self.executable
    try #require(executable != nil, "redraw is built next to the tests")
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    if let input { standardInput.fileHandleForWriting.write(input) }
    try standardInput.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readAll()
    let errorData = error.fileHandleForReading.readAll()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }

  @Test func analyzesASampleAsTheReadmeShows() throws {
    let result = try run(["analyze", "SampleTraces/rules/side-effect-in-init.jsonl"])
    #expect(result.status == 1)
    #expect(result.output.contains("error   side-effect-in-init  view FeedView · model FeedModel  ×9"))
    #expect(result.error.isEmpty)
  }

  @Test func writesJSONThatParses() throws {
    let result = try run(["analyze", "SampleTraces/rules/over-broad-invalidation.jsonl", "--format", "json"])
    #expect(result.status == 0)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let summary = try #require(report["summary"] as? [String: Any])
    #expect(summary["bodyEvaluations"] as? Int == 13)
    #expect(summary["overBroadEvaluations"] as? Int == 5)
    let findings = try #require(report["findings"] as? [[String: Any]])
    #expect(findings.first?["rule"] as? String == "over-broad-invalidation")
    #expect(findings.first?["count"] as? Int == 5)
  }

  @Test func readsStandardInput() throws {
    let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("SampleTraces/rules/model-recreated.jsonl"))
    let result = try run(["analyze", "-", "--format", "json"], input: data)
    #expect(result.status == 1)
    #expect(result.output.contains("\"file\": \"<stdin>\""))
  }

  @Test func exitCodesForBadInputAndUsage() throws {
    #expect(try run(["analyze", "no-such-file.jsonl"]).status == 2)
    #expect(try run(["analyze", "--bogus"]).status == 64)
    #expect(try run(["--version"]).output.contains(RedrawVersion.current))
  }
}
