import RedrawAnalysis
import Testing

@Suite("Source locations: recorded sites named relative to a source root")
struct SourceLocatorTests {
  /// A package with two targets, a test target, an Xcode-style app folder and two files of
  /// the same name.
  static let locator = SourceLocator(
    root: "/work/app/",
    files: [
      "Package.swift",
      "Sources/Feed/FeedView.swift",
      "Sources/Feed/Models/FeedModel.swift",
      "Sources/Profile/ProfileView.swift",
      "Sources/Profile/Shared.swift",
      "Sources/Feed/Shared.swift",
      "Tests/FeedTests/Helpers/Fixtures.swift",
      "Tests/FeedTests/FeedTests.swift",
      "MyApp/Views/Badge.swift",
    ])

  static let cases: [(recorded: String, expected: String?)] = [
    // Absolute under the root: the root goes, whether or not the file is listed.
    ("/work/app/Sources/Feed/FeedView.swift", "Sources/Feed/FeedView.swift"),
    ("/work/app/Sources/New/Unlisted.swift", "Sources/New/Unlisted.swift"),
    ("/work/app/./Sources//Feed/FeedView.swift", "Sources/Feed/FeedView.swift"),
    // Absolute elsewhere (another checkout, another machine): its tail under the root.
    ("/Users/me/src/app/Sources/Feed/Models/FeedModel.swift", "Sources/Feed/Models/FeedModel.swift"),
    ("/private/var/ci/app/Sources/Feed/Shared.swift", "Sources/Feed/Shared.swift"),
    // Reproducible recordings: the path inside the package.
    ("Tests/FeedTests/FeedTests.swift", "Tests/FeedTests/FeedTests.swift"),
    // #fileID, Module/File.swift: in the module's folder, or a folder inside it.
    ("Feed/FeedView.swift", "Sources/Feed/FeedView.swift"),
    ("FeedTests/Fixtures.swift", "Tests/FeedTests/Helpers/Fixtures.swift"),
    ("Profile/Shared.swift", "Sources/Profile/Shared.swift"),
    ("MyApp/Badge.swift", "MyApp/Views/Badge.swift"),
    // A bare name that one file has.
    ("ProfileView.swift", "Sources/Profile/ProfileView.swift"),
    // Ambiguous, or unknown: not found.
    ("Shared.swift", nil),
    ("Other/Shared.swift", nil),
    ("/Users/me/elsewhere/Shared.swift", nil),
    ("CounterView.swift", nil),
    ("/work/application/Sources/Feed/Gone.swift", nil),
  ]

  @Test(arguments: cases)
  func aRecordedPathIsNamedRelativeToTheRoot(recorded: String, expected: String?) {
    let located = Self.locator.locate(CodeLocation(file: recorded, line: 12))
    #expect(located.line == 12)
    if let expected {
      #expect(located.file == expected)
      #expect(located.resolution == .sourceRoot)
    } else {
      #expect(located.file == recorded, "left as recorded, not invented")
      #expect(located.resolution == .notFound)
    }
  }

  @Test(arguments: [
    ("/Users/me/App/Sources/App/FeedView.swift:12", "/Users/me/App/Sources/App/FeedView.swift", 12),
    ("App/FeedView.swift:7", "App/FeedView.swift", 7),
    ("FeedView.swift:1", "FeedView.swift", 1),
    (#"C:\src\FeedView.swift:30"#, #"C:\src\FeedView.swift"#, 30),
  ])
  func aSiteParsesAtItsLastColon(site: String, file: String, line: Int) throws {
    let location = try #require(CodeLocation(site: site))
    #expect(location.file == file)
    #expect(location.line == line)
    #expect(location.resolution == .recorded)
    #expect(location.shortSite == CodeLocation.shortSite(site))
  }

  @Test(arguments: ["FeedView.swift", "FeedView.swift:", "FeedView.swift:0", "FeedView.swift:x", ":12", ""])
  func aSiteWithoutALineIsNoLocation(site: String) {
    #expect(CodeLocation(site: site) == nil)
  }

  @Test func findingsKeepTheSameSubjectWhateverPathTheTraceRecorded() {
    func finding(_ site: String) -> Finding {
      Finding(
        rule: "repeated-init", severity: .warning, message: "", fix: "", type: "FeedModel", count: 2, site: site,
        location: CodeLocation(site: site), source: "t.jsonl", evidence: Evidence(line: 1, time: 0))
    }
    let paths = [
      "/Users/me/App/Sources/Feed/FeedView.swift:12", "Sources/Feed/FeedView.swift:12", "Feed/FeedView.swift:12",
      "FeedView.swift:12",
    ]
    let findings = paths.map(finding)
    #expect(Set(findings.map(\.subject)).count == 1, "baselines do not depend on where a trace was recorded")
    #expect(findings.allSatisfy { $0.site == "FeedView.swift:12" })
    #expect(findings.map { $0.location?.file } == paths.map { String($0.dropLast(3)) })
  }

  @Test func anAnalysisIsLocatedFindingByFinding() {
    let sites = ["/work/app/Sources/Feed/FeedView.swift:4", "Shared.swift:9", "Feed/FeedView.swift:20"]
    var findings = sites.map { site in
      Finding(
        rule: "over-broad-invalidation", severity: .warning, message: "", fix: "", view: site, count: 1,
        location: CodeLocation(site: site), source: "t.jsonl", evidence: Evidence(line: 1, time: 0))
    }
    findings.append(
      Finding(
        rule: "hot-property", severity: .info, message: "", fix: "", count: 1, source: "t.jsonl",
        evidence: Evidence(line: 3, time: 0)))
    let analysis = Analysis(files: [], findings: findings)
    #expect(Self.locator.fileNames(in: analysis) == ["Shared.swift", "FeedView.swift"])
    let located = Self.locator.locate(analysis).findings.map(\.location)
    #expect(
      located == [
        CodeLocation(file: "Sources/Feed/FeedView.swift", line: 4, resolution: .sourceRoot),
        CodeLocation(file: "Shared.swift", line: 9, resolution: .notFound),
        CodeLocation(file: "Sources/Feed/FeedView.swift", line: 20, resolution: .sourceRoot),
        nil,
      ])
  }
}
