import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// A notes app's library in a user's package (Tests/Fixtures/WholeSuite, its Notes and
/// NotesTests targets): its tests pass recorded by `REDRAW_TRACE` (exit tests included),
/// each case of a parameterized test is a session named with its arguments, the half-pastes
/// that docs/getting-started.md says do not compile do not, and `redraw analyze` counts
/// budgets as docs/ci.md says.
@Suite struct NotesFixtureTests {
  /// The fixture's NotesTests, run once under `REDRAW_TRACE`: the trace's path.
  static let recorded = Result { () throws -> URL in
    let package = try FixturePackage.prepare("WholeSuite")
    let trace = package.directory.deletingLastPathComponent().appendingPathComponent("notes.jsonl")
    try? FileManager.default.removeItem(at: trace)
    let run = try package.swift(
      ["test", "--skip-build", "--disable-xctest", "--filter", "NotesTests"], environment: ["REDRAW_TRACE": trace.path])
    guard run.status == 0, run.output.contains("Test run with 12 tests") else {
      throw FixtureError(command: "swift test --filter NotesTests", output: run.output)
    }
    return trace
  }

  @Test func eachCaseOfAParameterizedTestIsASessionNamedWithItsArguments() throws {
    var reader = TraceReader(lenient: false)
    let file = try reader.read(path: try Self.recorded.get().path)
    let scenarios = file.sessions.compactMap(\.scenario)
    #expect(scenarios.contains("SyncBadgeTests/syncingRedrawsTheBadge(tracking: .propertyLevel)"))
    #expect(scenarios.contains("SyncBadgeTests/syncingRedrawsTheBadge(tracking: .objectLevel)"))
    // The exit tests' child processes did not record over the trace.
    #expect(file.sessions.allSatisfy { $0.truncation == nil && $0.lostEvents == 0 })
    #expect(file.skippedLines == 0)
  }

  // MARK: - What a budget counts (docs/ci.md)

  /// The budgets and findings docs/ci.md shows under "What a budget counts", checked on the
  /// recording: the first render counts, the nodes of a view type add up, and each session
  /// is counted alone.
  @Test func budgetsCountWhatDocsCISays() throws {
    let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    let section = try #require(page.components(separatedBy: "### What a budget counts").dropFirst().first)
    let blocks = section.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    let config = try #require(blocks.first { $0.hasPrefix("json\n") }).dropFirst("json\n".count)
    let shown = try #require(blocks.first { $0.hasPrefix("\n") }).split(separator: "\n").map(String.init)
    let run = try analyze(config: String(config))
    #expect(run.status == 1)
    #expect(try run.budgetMessages() == shown.sorted())
    #expect(shown.count == 3)
  }

  /// The trace's own findings accepted (the test of an uninstrumented model, the
  /// object-level case's screen), so that only the typo is left.
  @Test func aMisspelledBudgetFailsAWarningGate() throws {
    let config = """
      {
        "ignore": [
          { "rule": "uninstrumented-model", "type": "UntrackedInbox", "reason": "HalfPasteTests records it on purpose" },
          { "rule": "over-broad-invalidation", "view": "NotesScreen", "reason": "the ObservableObject case" }
        ],
        "budgets": [ { "view": "SyncBadges", "maxBodyEvaluations": 4 } ]
      }
      """
    #expect(try analyze(config: config, arguments: []).status == 0, "a warning, below the default error gate")
    let gated = try analyze(config: config, arguments: ["--fail-on", "warning"])
    #expect(gated.status == 1)
    #expect(gated.output.contains("budget for SyncBadges matched no view; did you mean SyncBadge?"), "\(gated.output)")
  }

  // MARK: - Half-pastes that do not compile

  @Test(arguments: [
    ("UnavailableAccessAlone.swift", "'access(keyPath:)' is unavailable"),
    ("NoTracking.swift", "type 'Inbox' does not conform to protocol 'TrackedModel'"),
    (
      "PlainObservableHeld.swift", "generic struct 'ViewObservedObject' requires that 'Inbox' conform to 'TrackedModel'"
    ),
  ])
  func aHalfPasteThatDoesNotCompileSaysWhy(file: String, error: String) throws {
    let package = try FixturePackage.prepare("WholeSuite")
    let build = package.directory.appendingPathComponent(".build")
    let moduleMaps = try FileManager.default.contentsOfDirectory(atPath: build.path).map {
      build.appendingPathComponent("\($0)/debug/CRedrawPlatform.build/module.modulemap")
    }.filter { FileManager.default.fileExists(atPath: $0.path) }
    let moduleMap = try #require(moduleMaps.first, "the fixture's build has the C module's map")
    let checked = try package.run(
      "swiftc",
      [
        "-typecheck", "-I", build.appendingPathComponent("debug/Modules").path,
        "-Xcc", "-fmodule-map-file=\(moduleMap.path)",
        package.directory.appendingPathComponent("DoesNotCompile/\(file)").path,
      ])
    #expect(checked.status != 0)
    #expect(checked.output.contains("error: \(error)"), "\(checked.output)")
  }

  // MARK: - Running redraw

  struct Run {
    var status: Int32
    var output: String

    /// The messages of the JSON report's budget findings, sorted.
    func budgetMessages() throws -> [String] {
      guard case .array(let findings)? = try JSONValue.parse(output)["findings"] else { return [] }
      return findings.filter { $0["rule"] == .string("budget") }.compactMap {
        if case .string(let message)? = $0["message"] { return message }
        return nil
      }.sorted()
    }
  }

  /// `redraw analyze` on the recorded trace with `config` and `arguments`.
  private func analyze(config: String, arguments: [String] = ["--format", "json"]) throws -> Run {
    let scratch = ScratchDirectory()
    let path = scratch.url.appendingPathComponent(".redraw.json")
    try Data(config.utf8).write(to: path)
    let redraw = try #require(builtExecutable("redraw"), "redraw is built beside the tests")
    let package = try FixturePackage.prepare("WholeSuite")
    let run = try package.run(
      redraw.path, ["analyze", try Self.recorded.get().path, "--config", path.path] + arguments)
    return Run(status: run.status, output: run.output)
  }

}
