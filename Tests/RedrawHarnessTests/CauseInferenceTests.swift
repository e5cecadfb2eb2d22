import Foundation
import RedrawAnalysis
import RedrawHarness
import RedrawTestSupport
import RedrawTrace
import Testing

/// What a user reads off an analysis: the counts of the summary and every finding.
struct AnalysisDigest: Equatable, CustomStringConvertible {
  var evaluations: Int
  var overBroad: Int
  var cascaded: Int
  var withPropertyTracking: Int
  var findings: [String]

  init(_ analysis: Analysis) {
    let summary = analysis.summary
    evaluations = summary.bodyEvaluations
    overBroad = summary.overBroadEvaluations
    cascaded = summary.cascadedEvaluations
    withPropertyTracking = summary.evaluationsWithPropertyTracking
    findings = analysis.findings.map { finding in
      "\(finding.severity) \(finding.rule) \(finding.view ?? "-") \(finding.type ?? "-").\(finding.property ?? "-") "
        + "×\(finding.count)"
    }
  }

  var description: String {
    "\(evaluations) evaluations, \(overBroad) over-broad, \(cascaded) cascaded, \(withPropertyTracking) with "
      + "@Observable; \(findings)"
  }
}

/// Analyzes `recording` as recorded and without its `cause` fields (as an app records),
/// expects the same counts and findings, and returns the analysis as recorded.
func analyzeWithAndWithoutCauses(_ recording: TraceRecording, sourceLocation: SourceLocation = #_sourceLocation)
  throws -> Analysis
{
  let analysis = try recording.analyze()
  let inferred = try recording.withoutCauses.analyze()
  #expect(AnalysisDigest(inferred) == AnalysisDigest(analysis), "causes inferred", sourceLocation: sourceLocation)
  return analysis
}

@Suite("Causes inferred without the trace's cause fields")
struct CauseInferenceTests {
  static let samples: [String] = ["rules", "scenarios"].flatMap { folder in
    let directory = repositoryRoot.appendingPathComponent("SampleTraces/\(folder)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { "\(folder)/\($0)" }
  }

  @Test func everySampleIsChecked() {
    #expect(Self.samples.count >= 25)
  }

  @Test(arguments: samples)
  func everySampleGivesTheSameFindingsAndCountsWithoutCauses(sample: String) throws {
    let bytes = try Data(contentsOf: repositoryRoot.appendingPathComponent("SampleTraces/\(sample)"))
    let recording = TraceRecording(bytes: Array(bytes))
    let hadCauses = recording.text.contains(#""cause":"#)
    #expect(recording.withoutCauses.text.contains(#""cause":"#) == false)
    #expect(hadCauses == (recording.withoutCauses.bytes != recording.bytes))
    _ = try analyzeWithAndWithoutCauses(recording)
  }

  @Test func aWriteCauseLosesItsWriteToo() {
    let recording = TraceRecording(
      bytes: Array(
        (#"{"e":"body","t":5,"tid":1,"id":2,"view":"Badge","node":3,"parent":1,"cause":"write","obj":7,"#
          + #""type":"Inbox","prop":"a\"b"}"# + "\n" + #"{"e":"body","t":6,"tid":1,"id":3,"view":"B","node":4,"#
          + #""cause":"parent"}"# + "\n").utf8))
    #expect(
      recording.withoutCauses.lines == [
        #"{"e":"body","t":5,"tid":1,"id":2,"view":"Badge","node":3,"parent":1}"#,
        #"{"e":"body","t":6,"tid":1,"id":3,"view":"B","node":4}"#,
      ])
  }
}
