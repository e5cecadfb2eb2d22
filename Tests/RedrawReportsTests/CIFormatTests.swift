import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReports

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("SARIF, JUnit, Markdown and GitHub outputs")
struct CIFormatTests {
  static let context = ReportContext(toolVersion: "0.0.0-test")

  static func schemaValidator() throws -> SchemaValidator {
    let url = repositoryRoot.appendingPathComponent("Tests/RedrawReportsTests/Schemas/sarif-schema-2.1.0.json")
    return SchemaValidator(root: try JSONValue.parse(String(contentsOf: url, encoding: .utf8)))
  }

  @Test(arguments: [SampleNames.all, ["clean"], ["model-recreated"]])
  func sarifValidatesAgainstTheOfficialSchema(samples: [String]) throws {
    let sarif = SARIFReport.render(try GoldenTests.analysis(samples), context: Self.context)
    let violations = try Self.schemaValidator().violations(of: JSONValue.parse(sarif))
    #expect(violations.isEmpty, "\(violations.prefix(10))")
  }

  @Test func theValidatorCatchesABrokenDocument() throws {
    let broken = #"{"version":"2.1.0","runs":[{"tool":{"driver":{}},"results":[{"level":"loud","message":{}}]}]}"#
    let violations = try Self.schemaValidator().violations(of: JSONValue.parse(broken))
    #expect(violations.contains { $0.contains("missing required \"name\"") })
    #expect(violations.contains { $0.contains("level") })
  }

  @Test func everySARIFResultHasALocationAndAStableFingerprint() throws {
    let analysis = try GoldenTests.analysis(SampleNames.all)
    let first = try JSONValue.parse(SARIFReport.render(analysis, context: Self.context))
    guard case .array(let runs)? = first["runs"], case .array(let results)? = runs.first?["results"] else {
      Issue.record("no results")
      return
    }
    #expect(results.count == analysis.findings.count)
    for result in results {
      guard case .array(let locations)? = result["locations"] else {
        Issue.record("result without locations")
        continue
      }
      #expect(!locations.isEmpty)
      #expect(result["partialFingerprints"]?["redrawSubject/v1"] != nil)
    }
    // Sites become the location; without one, the trace and its line.
    let sited = try #require(results.first { $0["ruleId"] == .string("side-effect-in-init") })
    #expect(
      sited["locations"]
        == .array([
          .object([
            (
              "physicalLocation",
              .object([
                ("artifactLocation", .object([("uri", .string("FeedView.swift"))])),
                ("region", .object([("startLine", .number(9))])),
              ])
            )
          ])
        ]))
    // The fingerprint does not depend on counts or times.
    var changed = analysis
    changed.findings = changed.findings.map { finding in
      var copy = finding
      copy.count += 100
      copy.evidence.time += 5
      return copy
    }
    #expect(SARIFReport.render(changed, context: Self.context).contains(Fingerprint.of(analysis.findings[0].subject)))
  }

  @Test func junitParsesAndNamesAreUnique() throws {
    let xml = JUnitReport.render(try GoldenTests.analysis(SampleNames.all), context: Self.context)
    let document = try XMLDocument(data: Data(xml.utf8))
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    let names = cases.map {
      "\($0.attribute(forName: "classname")?.stringValue ?? "")/\($0.attribute(forName: "name")?.stringValue ?? "")"
    }
    #expect(Set(names).count == names.count, "test case names are unique")
    let failures = try document.nodes(forXPath: "//failure")
    #expect(failures.count == 5, "the five error findings fail at the default level")
    #expect(root.attribute(forName: "failures")?.stringValue == "5")
    #expect(root.attribute(forName: "tests")?.stringValue == String(cases.count))
  }

  @Test func junitFailsFromTheFailLevel() throws {
    let analysis = try GoldenTests.analysis(SampleNames.all)
    let all = JUnitReport.render(analysis, context: ReportContext(toolVersion: "t", failOn: .info))
    let none = JUnitReport.render(analysis, context: ReportContext(toolVersion: "t", failOn: nil))
    #expect(all.components(separatedBy: "<failure ").count - 1 == analysis.findings.count)
    #expect(!none.contains("<failure "))
  }

  @Test func markdownStaysUnderOneMebibyteWhateverTheInput() {
    var session = Session(source: "big.jsonl", line: 1)
    session.scenario = "big"
    var file = FileReading(file: "big.jsonl")
    file.sessions = [session]
    let long = String(repeating: "|<b>long</b> ", count: 2_000)
    let findings = (0..<50_000).map { index in
      Finding(
        rule: "over-broad-invalidation", severity: .warning, message: long, fix: "fix", view: "View\(index)",
        count: index, source: "big.jsonl", evidence: Evidence(line: index, time: 0))
    }
    let markdown = MarkdownReport.render(Analysis(files: [file], findings: findings), context: Self.context)
    #expect(markdown.utf8.count < 1 << 20)
    #expect(markdown.contains("more findings"))
    #expect(!markdown.contains("<b>"))
  }

  @Test func githubCommandsEscapeDataAndProperties() throws {
    #expect(GitHubReport.escapedData("50% done\nnext\r") == "50%25 done%0Anext%0D")
    #expect(GitHubReport.escapedProperty("a:b,c%") == "a%3Ab%2Cc%25")
    let output = GitHubReport.render(
      try GoldenTests.analysis(["side-effect-in-init", "hot-property"]), context: Self.context)
    let lines = output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("::error file=FeedView.swift,line=9,title=redraw side-effect-in-init::") == true)
    #expect(lines.contains { $0.hasPrefix("::notice file=SampleTraces/rules/hot-property.jsonl,line=") })
    #expect(lines.allSatisfy { $0.hasPrefix("::") })
  }
}

@Suite("Baseline files")
struct BaselineFileTests {
  @Test func aWrittenBaselineReadsBackAsTheSameSubjectsAndCounts() throws {
    let findings = try GoldenTests.analysis(SampleNames.all).findings
    let text = BaselineFile.render(findings + findings, toolVersion: "t")
    let read = try Baseline.accepted(in: text)
    #expect(Set(read.keys) == Set(findings.map(\.subject)))
    #expect(read == Baseline.counts(of: findings))
    #expect(text.contains("\"count\""))
  }

  /// A budget overrun of 7 against 6, accepted; the view then grows to 9 and shrinks back.
  @Test(arguments: [(7, true), (6, true), (9, false)])
  func aBaselineAcceptsACountUpToTheOneItKept(count: Int, accepted: Bool) {
    let written = Self.overrun(7)
    let suppressions = Suppressions(baseline: Baseline.counts(of: [written]))
    let filtered = suppressions.apply(to: Analysis(files: [], findings: [Self.overrun(count)]))
    #expect(filtered.baselineFindings == (accepted ? 1 : 0))
    #expect(filtered.findings.count == (accepted ? 0 : 1))
    if !accepted {
      #expect(filtered.findings.first?.message.hasSuffix("The baseline accepts 7; this run has 9.") == true)
    }
  }

  /// Entries written before counts were kept accept any count; those written before budget
  /// findings had a metric name it as their property, and still match.
  @Test func anEntryWithoutACountAcceptsAny() throws {
    let text = """
      {"version":1,"findings":[{"rule":"budget","view":"SyncBadge","property":"bodyEvaluations"}]}
      """
    let suppressions = Suppressions(baseline: try Baseline.accepted(in: text))
    #expect(suppressions.apply(to: Analysis(files: [], findings: [Self.overrun(900)])).findings.isEmpty)
  }

  @Test func aBudgetsMetricIsWrittenAndReadAsItsOwnKey() throws {
    let text = BaselineFile.render([Self.overrun(7)], toolVersion: "t")
    #expect(text.contains(#""metric": "bodyEvaluations""#) && !text.contains("\"property\""), "\(text)")
    let suppressions = Suppressions(baseline: try Baseline.accepted(in: text))
    #expect(suppressions.apply(to: Analysis(files: [], findings: [Self.overrun(7)])).findings.isEmpty)
  }

  @Test func anUnknownMetricIsAnErrorNamingTheKnownOnes() {
    #expect {
      try Baseline.accepted(in: #"{"version":1,"findings":[{"rule":"budget","metric":"frames"}]}"#)
    } throws: { error in
      "\(error)".contains("findings[0]: expected \"metric\" to be one of bodyEvaluations")
    }
  }

  @Test func aCountThatIsNoWholeNumberIsAnError() {
    #expect(throws: BaselineError.self) {
      try Baseline.accepted(in: #"{"version":1,"findings":[{"rule":"budget","count":-1}]}"#)
    }
  }

  static func overrun(_ count: Int) -> Finding {
    Finding(
      rule: "budget", severity: .error, message: "SyncBadge had \(count) body evaluations, over its budget of 6.",
      fix: "", view: "SyncBadge", metric: .bodyEvaluations, count: count, source: "t.jsonl",
      evidence: Evidence(line: 1, time: 0))
  }
}
