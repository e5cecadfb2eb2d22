import Foundation
import RedrawAnalysis
import RedrawReports
import RedrawTestSupport
import Testing

/// The reports of the sample traces, compared whole with the files in Golden/.
///
/// Re-record after an intended change with `REDRAW_RECORD_GOLDEN=1 swift test` (the
/// recording run fails each test that wrote a file, see ``Golden``), read the diff, and run
/// the tests again.
@Suite("Reports compared with golden files")
struct GoldenTests {
  static let golden = repositoryRoot.appendingPathComponent("Tests/RedrawReportsTests/Golden")

  static func analysis(_ names: [String]) throws -> Analysis {
    try analyze(repositoryFiles: names.map { "SampleTraces/rules/\($0).jsonl" })
  }

  static let cases: [(golden: String, format: ReportFormat, samples: [String])] = [
    ("side-effect-in-init.txt", .text, ["side-effect-in-init"]),
    ("all-samples.txt", .text, SampleNames.all),
    ("clean.txt", .text, ["clean"]),
    ("over-broad-invalidation.json", .json, ["over-broad-invalidation"]),
    ("all-samples.json", .json, SampleNames.all),
    ("over-broad-invalidation.html", .html, ["over-broad-invalidation"]),
    ("side-effect-in-init.sarif", .sarif, ["side-effect-in-init"]),
    ("all-samples.junit.xml", .junit, SampleNames.all),
    ("all-samples.md", .markdown, SampleNames.all),
    ("all-samples.github.txt", .github, SampleNames.all),
    ("all-samples.xcode.txt", .xcode, SampleNames.all),
  ]

  /// Reports whose findings are located under a source root: two harness recordings, whose
  /// sites are paths inside this package, and a hand-written trace whose sites name files
  /// the package does not have.
  static let locatedCases: [(golden: String, format: ReportFormat)] = [
    ("located.sarif", .sarif), ("located.github.txt", .github), ("located.junit.xml", .junit),
    ("located.xcode.txt", .xcode),
  ]

  /// The root the located reports name, the same on every machine.
  static let sourceRoot = "/src/redraw"

  /// The analysis of the located reports, its findings named relative to ``sourceRoot``,
  /// whose files are this package's.
  static func locatedAnalysis() throws -> Analysis {
    let analysis = try analyze(repositoryFiles: [
      "SampleTraces/scenarios/profile-object-level.jsonl", "SampleTraces/scenarios/feed-effectful-init.jsonl",
      "SampleTraces/rules/side-effect-in-init.jsonl",
    ])
    return SourceLocator(root: sourceRoot, files: packageFiles()).locate(analysis)
  }

  /// The package's Swift files, relative to its root.
  static func packageFiles() -> [String] {
    ["Sources", "Tests"].flatMap { folder in
      (FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent(folder).path)?.allObjects ?? [])
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
    }
  }

  @Test(arguments: cases.map(\.golden))
  func reportMatchesGolden(name: String) throws {
    let entry = try #require(Self.cases.first { $0.golden == name })
    let report = entry.format.renderer.render(
      try Self.analysis(entry.samples), context: ReportContext(toolVersion: "0.0.0-test"))
    try Golden.check(report, file: Self.golden.appendingPathComponent(name))
  }

  @Test(arguments: locatedCases.map(\.golden))
  func locatedReportMatchesGolden(name: String) throws {
    let entry = try #require(Self.locatedCases.first { $0.golden == name })
    let context = ReportContext(toolVersion: "0.0.0-test", sourceRoot: Self.sourceRoot, workingDirectory: "/src/redraw")
    let report = entry.format.renderer.render(try Self.locatedAnalysis(), context: context)
    try Golden.check(report, file: Self.golden.appendingPathComponent(name))
  }
}

enum SampleNames {
  /// Every sample of SampleTraces/rules, by name: a new rule's sample joins the goldens.
  static let all: [String] = {
    let directory = repositoryRoot.appendingPathComponent("SampleTraces/rules").path
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) }.sorted()
  }()
}
