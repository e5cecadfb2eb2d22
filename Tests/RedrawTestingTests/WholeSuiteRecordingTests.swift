import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

/// `REDRAW_TRACE=… swift test` on a user's package (Tests/Fixtures/WholeSuite): eleven tests
/// in parallel, some with the `.redraw` trait, some with `Trace.record`, some with harness
/// views and none of those. The whole run's trace must give every view exactly the counts
/// of each test run alone, with nothing truncated, dropped or merged.
@Suite struct WholeSuiteRecordingTests {
  /// Evaluations per view type and writes per property, per session: sessions with a scenario (a test's or a
  /// `Trace.record`'s) by scenario, each case of a parameterized test a list entry; the
  /// process's own session under "".
  typealias Counts = [String: [[String: Int]]]

  @Test func aWholeRunGivesEachViewTheCountsOfItsTestsRunAlone() throws {
    let package = try FixturePackage.prepare("WholeSuite")
    let tests = try list(package)
    #expect(tests.count >= 10, "\(tests)")

    var alone: Counts = [:]
    for test in tests {
      let run = try record(package, arguments: ["--filter", NSRegularExpression.escapedPattern(for: test)])
      #expect(run.problems.isEmpty, "\(test): \(run.problems)")
      #expect(run.output.contains("Test run with 1 test in"), "\(test) ran alone")
      for (scenario, sessions) in run.counts { alone[scenario, default: []] += sessions }
    }

    // Swift Testing runs tests in parallel by default; one at a time, a test after a
    // `Trace.record` used to be missing.
    for mode in [[], ["--no-parallel"]] {
      // The whole of ShopTests (NotesFixtureTests runs NotesTests).
      let whole = try record(package, arguments: mode + ["--filter", "ShopTests"], keepingAs: "whole\(mode.joined())")
      #expect(whole.problems.isEmpty, "\(mode): \(whole.problems)")
      #expect(
        Self.normalized(whole.counts) == Self.normalized(alone), "\(mode); the trace is kept at \(whole.trace.path)")
      // Every named session is there: the trait's tests and the recordings inside tests.
      #expect(whole.counts.keys.contains("CartTests/addingItemsRedrawsOnlyTheBadge()"))
      // Each case of a parameterized test under its arguments.
      #expect(whole.counts["CartTests/everyItemCounts(items: 1)"]?.count == 1)
      #expect(whole.counts["CartTests/everyItemCounts(items: 3)"]?.count == 1)
      #expect(whole.counts.keys.contains("recorded checkout"))
      #expect(whole.counts.keys.contains("recorded search"))
      // The trait's session follows its test into `Task { }`.
      let fromTask = whole.counts["CartTests/itemsAddedFromATaskBelongToTheTest()"]?.first
      #expect(fromTask?["writes to CartModel.items"] == 2)
      // The tests without the trait share the process's session, their views unmerged.
      #expect(whole.counts[""]?.first?["QueryField"] == 4 + 3)
    }
  }

  // MARK: - Running the fixture

  private func list(_ package: FixturePackage) throws -> [String] {
    let listed = try package.swift(["test", "list", "--skip-build"])
    guard listed.status == 0 else { throw FixtureError(command: "swift test list", output: listed.output) }
    return listed.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ShopTests.") }
  }

  /// Runs the fixture's tests with `REDRAW_TRACE` and reads the trace, which stays in
  /// `.build/fixtures` under `name` when one is given (to look at after a failure).
  private func record(_ package: FixturePackage, arguments: [String], keepingAs name: String? = nil) throws -> (
    counts: Counts, problems: [String], output: String, trace: URL
  ) {
    let scratch = ScratchDirectory()
    let trace =
      name.map { package.directory.deletingLastPathComponent().appendingPathComponent("\($0).jsonl") }
      ?? scratch.url.appendingPathComponent("tests.jsonl")
    try? FileManager.default.removeItem(at: trace)
    let run = try package.swift(
      ["test", "--skip-build", "--disable-xctest"] + arguments, environment: ["REDRAW_TRACE": trace.path])
    guard run.status == 0 else { throw FixtureError(command: "swift test \(arguments)", output: run.output) }
    var reader = TraceReader(lenient: false)
    let file = try reader.read(path: trace.path, name: "tests.jsonl")
    var counts: Counts = [:]
    var problems: [String] = []
    for session in file.sessions {
      var views: [String: Int] = [:]
      for node in session.nodes { views[node.view, default: 0] += node.evaluations }
      for property in session.properties where property.writes > 0 {
        views["writes to \(property.type).\(property.property)"] = property.writes
      }
      counts[session.scenario ?? "", default: []].append(views)
      if let truncation = session.truncation { problems.append("\(session.scenario ?? ""): \(truncation)") }
      if session.lostEvents > 0 { problems.append("\(session.scenario ?? ""): \(session.lostEvents) lost") }
      // Untracked reads (a test's own checks of its models) are allowed notes, not problems.
      problems += session.diagnostics.filter { !$0.isAllowed }.map { "\(session.scenario ?? ""): \($0.message)" }
    }
    return (counts, problems, run.output, trace)
  }

  /// The process's sessions summed into one (a test run alone has its own), and each
  /// scenario's sessions in a stable order.
  private static func normalized(_ counts: Counts) -> Counts {
    func key(_ views: [String: Int]) -> String { views.sorted { $0.key < $1.key }.description }
    var normalized = counts.mapValues { $0.sorted { key($0) < key($1) } }
    if let process = counts[""] {
      normalized[""] = [process.reduce(into: [:]) { total, views in total.merge(views, uniquingKeysWith: +) }]
    }
    return normalized
  }
}
