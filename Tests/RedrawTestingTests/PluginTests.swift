import Foundation
import RedrawTestSupport
import Testing

/// `swift package redraw …` in a user's package that depends on Redraw by path
/// (Tests/Fixtures/WholeSuite): Redraw's own `redraw`, run with the package as its working
/// directory and source root, its exit status reported by SwiftPM, and a report written into
/// the package with the permission SwiftPM asks for.
@Suite(.serialized) struct PluginTests {
  /// The fixture, with traces copied from SampleTraces into its `traces` folder.
  static let package = Result { () throws -> FixturePackage in
    let package = try FixturePackage.prepare("WholeSuite")
    let traces = package.directory.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    for (sample, name) in [("rules/side-effect-in-init", "feed"), ("rules/clean", "clean")] {
      let target = traces.appendingPathComponent("\(name).jsonl")
      try? FileManager.default.removeItem(at: target)
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("SampleTraces/\(sample).jsonl"), to: target)
    }
    return package
  }

  /// `swift package ARGUMENTS` in the fixture.
  func swiftPackage(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try Self.package.get().swift(["package"] + arguments)
  }

  @Test func rulesListsEveryRule() throws {
    let run = try swiftPackage(["redraw", "rules"])
    #expect(run.status == 0, "\(run.output)")
    for id in ["over-broad-invalidation", "side-effect-in-init", "budget"] {
      #expect(run.output.contains(id), "the rules list names \(id)")
    }
  }

  @Test func aCleanTraceSucceeds() throws {
    let run = try swiftPackage(["redraw", "analyze", "traces/clean.jsonl"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("No findings"), "\(run.output)")
  }

  /// redraw exits 1 for findings at or above `--fail-on`; the plugin ends with that status,
  /// which SwiftPM names and fails with.
  @Test func findingsEndTheCommandWithRedrawsExitCodeOne() throws {
    let run = try swiftPackage(["redraw", "analyze", "traces/feed.jsonl"])
    #expect(run.status == 1)
    #expect(run.output.contains("side-effect-in-init"), "\(run.output)")
    #expect(run.output.contains("Plugin ended with exit code 1"), "\(run.output)")
  }

  @Test func aMissingTraceIsRedrawsInputError() throws {
    let run = try swiftPackage(["redraw", "analyze", "traces/missing.jsonl"])
    #expect(run.status != 0)
    #expect(run.output.contains("Plugin ended with exit code 2"), "\(run.output)")
    #expect(run.output.contains("traces/missing.jsonl"), "\(run.output)")
  }

  /// Writing into the package, with the permission: the report is there, and its findings
  /// are named from the package's directory, the source root the plugin passes.
  @Test func aReportWrittenIntoThePackageWithThePermission() throws {
    let package = try Self.package.get()
    let report = package.directory.appendingPathComponent("reports/redraw.sarif")
    try? FileManager.default.removeItem(at: report)
    try FileManager.default.createDirectory(
      at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
    let run = try swiftPackage([
      "--allow-writing-to-package-directory", "redraw", "analyze", "traces/feed.jsonl", "--format", "sarif", "-o",
      "reports/redraw.sarif",
    ])
    #expect(run.status == 1, "findings still fail the command: \(run.output)")
    let sarif = try String(contentsOf: report, encoding: .utf8)
    #expect(sarif.contains("\"version\":\"2.1.0\"") || sarif.contains("\"version\": \"2.1.0\""))
    #expect(sarif.contains("side-effect-in-init"))
    #expect(sarif.contains(package.directory.standardizedFileURL.path), "the source root is the package's directory")
  }

  /// SwiftPM reads its permission flags before the plugin's name only: after `redraw`, the
  /// plugin says where the flag goes instead of handing redraw an option it does not know.
  @Test func aSwiftPMFlagAfterRedrawSaysWhereItGoes() throws {
    let run = try swiftPackage([
      "redraw", "--allow-writing-to-package-directory", "analyze", "traces/clean.jsonl", "-o", "r.txt",
    ])
    #expect(run.status != 0)
    #expect(
      run.output.contains(
        "--allow-writing-to-package-directory is an option of `swift package`, not of redraw: put it before `redraw`"),
      "\(run.output)")
  }

  /// SwiftPM prints what a plugin writes to standard error on its standard output; the
  /// plugin hands redraw's notes to SwiftPM as diagnostics, so the report is alone there.
  @Test func standardOutputIsTheReportAlone() throws {
    // The sample was recorded elsewhere: redraw notes that its source file is not here.
    let run = try Self.package.get().swiftSeparatingErrors([
      "package", "redraw", "analyze", "traces/feed.jsonl", "--format", "json", "--fail-on", "never",
    ])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.hasPrefix("{"), "\(run.output.prefix(300))")
    #expect(!run.output.contains("redraw: note:"))
    #expect(run.errors.contains("redraw: note:"), "the note is on standard error: \(run.errors)")
  }

  /// `help` is a subcommand, not a trace; without arguments redraw prints its overview and
  /// exits 64, as it does on its own.
  @Test func helpAndNoArgumentsPrintRedrawsOverview() throws {
    for arguments in [["redraw", "help"], ["redraw", "--help"], ["redraw", "help", "analyze"]] {
      let run = try swiftPackage(arguments)
      #expect(run.status == 0, "\(arguments): \(run.output)")
      #expect(run.output.contains("USAGE:"), "\(arguments): \(run.output)")
    }
    let bare = try swiftPackage(["redraw"])
    #expect(bare.output.contains("SUBCOMMANDS:") && bare.output.contains("exit code 64"), "\(bare.output)")
  }

  @Test func theSubcommandsRun() throws {
    for arguments in [["stats", "traces/feed.jsonl"], ["validate", "traces/feed.jsonl"], ["explain", "budget"]] {
      let run = try swiftPackage(["redraw"] + arguments)
      #expect(run.status == 0, "redraw \(arguments.joined(separator: " ")): \(run.output)")
    }
    let plan = try swiftPackage(["redraw", "plan", "traces/feed.jsonl"])
    #expect(plan.status == 0, "\(plan.output)")
    let diff = try swiftPackage(["redraw", "diff", "traces/feed.jsonl", "traces/feed.jsonl"])
    #expect(diff.status == 0, "\(diff.output)")
  }
}
