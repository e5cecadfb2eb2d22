import Foundation
import RedrawCLI
import RedrawTestSupport
import Testing

/// A recording that never happened must not pass CI silently.
@Suite("Empty traces")
struct EmptyTraceTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  static let empties: [(name: String, text: String)] = [
    ("zero-bytes", ""),
    ("meta-only", #"{"e":"meta","format":"redraw-trace","version":1,"scenario":"never ran"}"# + "\n"),
  ]

  @Test(arguments: empties.map(\.name))
  func analyzeExitsTwoNamingTheFileUnlessAllowed(name: String) throws {
    let text = try #require(Self.empties.first { $0.name == name }).text
    let path = scratch.path("\(name)-\(UUID()).jsonl")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let strict = CapturedTerminal()
    #expect(strict.run(["analyze", path]) == .inputError)
    #expect(strict.standardError.contains("\(path): no events recorded"))
    #expect(strict.standardError.contains("--allow-empty"))
    #expect(strict.standardOutput.isEmpty)
    let allowing = CapturedTerminal()
    #expect(allowing.run(["analyze", path, "--allow-empty"]) == .success)
    #expect(allowing.standardOutput.contains("No findings."))
    #expect(allowing.standardError.contains("\(path) has no events; accepted by --allow-empty"))
  }

  @Test(arguments: empties.map(\.name))
  func validateCallsAnEmptyTraceAProblemUnlessAllowed(name: String) throws {
    let text = try #require(Self.empties.first { $0.name == name }).text
    let path = scratch.path("\(name)-\(UUID()).jsonl")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let strict = CapturedTerminal()
    #expect(strict.run(["validate", path]) == .findings)
    #expect(strict.standardOutput.contains("\(path):1: no events recorded"))
    let allowing = CapturedTerminal()
    #expect(allowing.run(["validate", path, "--allow-empty"]) == .success)
  }

  /// An empty side of a diff compared as every view fixed and passed the gate.
  @Test(arguments: empties.map(\.name), [true, false])
  func diffRejectsAnEmptySideUnlessAllowed(name: String, emptyIsAfter: Bool) throws {
    let text = try #require(Self.empties.first { $0.name == name }).text
    let path = scratch.path("\(name)-\(UUID()).jsonl")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let sides = emptyIsAfter ? [sample("clean"), path] : [path, sample("clean")]
    let strict = CapturedTerminal()
    #expect(strict.run(["diff"] + sides) == .inputError)
    #expect(strict.standardError.contains("\(path): no events recorded"))
    #expect(strict.standardOutput.isEmpty)
    let allowing = CapturedTerminal()
    #expect(allowing.run(["diff"] + sides + ["--allow-empty"]) != .inputError)
    #expect(allowing.standardError.contains("\(path) has no events; accepted by --allow-empty"))
  }

  @Test(arguments: empties.map(\.name))
  func exportRejectsAnEmptyTraceAndWritesNothingUnlessAllowed(name: String) throws {
    let text = try #require(Self.empties.first { $0.name == name }).text
    let path = scratch.path("\(name)-\(UUID()).jsonl")
    let output = scratch.path("\(name)-\(UUID()).json")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let strict = CapturedTerminal()
    #expect(strict.run(["export", "--to", "chrome", path, "-o", output]) == .inputError)
    #expect(strict.standardError.contains("\(path): no events recorded"))
    #expect(!FileManager.default.fileExists(atPath: output))
    let allowing = CapturedTerminal()
    #expect(allowing.run(["export", "--to", "chrome", path, "-o", output, "--allow-empty"]) == .success)
    #expect(FileManager.default.fileExists(atPath: output))
  }

  @Test func aTraceWithEventsIsNotEmpty() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", sample("clean")]) == .success)
    #expect(!terminal.standardError.contains("no events"))
  }
}
