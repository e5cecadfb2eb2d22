import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReading
@testable import RedrawRules
@testable import RedrawSchema
@testable import RedrawSessions

@Suite struct ParsingJobsTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  @Test(arguments: [
    (ParsingJobs.automatic(cores: 2), 1_000_000, 1),
    (.automatic(cores: 2), ParsingJobs.parallelThreshold - 1, 1),
    (.automatic(cores: 2), ParsingJobs.parallelThreshold, 2),
    (.automatic(cores: 64), 1 << 30, ParsingJobs.maximumAutomatic),
    (.automatic(cores: 1), 1 << 30, 1),
    (.fixed(3), 10, 3),
    (.fixed(0), 10, 1),
  ])
  func threadsFollowTheFileSize(jobs: ParsingJobs, size: Int, threads: Int) {
    #expect(jobs.threads(forFileOfSize: size) == threads)
  }

  @Test func pipesAndStandardInputAreReadOnOneThread() {
    #expect(ParsingJobs.automatic(cores: 8).threads(forFileOfSize: nil) == 1)
    #expect(ParsingJobs.fixed(4).threads(forFileOfSize: nil) == 1)
    #expect(ChunkedFile.regularFileSize(atPath: "-") == nil)
    #expect(ChunkedFile.regularFileSize(atPath: "/dev/null") == nil)
  }

  /// A file over the threshold, read in parallel by default, gives what one thread gives.
  @Test func aLargeFileReadByDefaultMatchesOneThread() throws {
    let sample = try String(
      contentsOf: repositoryRoot.appendingPathComponent("SampleTraces/rules/over-broad-invalidation.jsonl"),
      encoding: .utf8)
    var text = ""
    while text.utf8.count < ParsingJobs.parallelThreshold { text += sample }
    let path = try scratch.file("trace.jsonl", containing: text)
    #expect(ChunkedFile.regularFileSize(atPath: path).map { $0 >= ParsingJobs.parallelThreshold } == true)
    var automatic = TraceReader(lenient: false, parsing: .automatic(cores: 2))
    var one = TraceReader(lenient: false)
    let parallel = try automatic.read(path: path, name: "t.jsonl")
    let serial = try one.read(path: path, name: "t.jsonl")
    #expect(parallel.events == serial.events)
    let found = RuleRegistry.run(on: parallel.sessions, context: RuleContext())
    let expected = RuleRegistry.run(on: serial.sessions, context: RuleContext())
    #expect(found.map(\.message) == expected.map(\.message))
  }

  /// The rules on several threads find what one thread finds, in the same order: every
  /// rule's sample, each session a piece per rule.
  @Test(arguments: [2, 3, 8])
  func rulesOnSeveralThreadsMatchOneThread(threads: Int) throws {
    let directory = repositoryRoot.appendingPathComponent("SampleTraces/rules")
    var reader = TraceReader(lenient: false)
    let sessions = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      .filter { $0.hasSuffix(".jsonl") }
      .flatMap { name in try reader.read(path: directory.appendingPathComponent(name).path).sessions }
    let expected = RuleRegistry.run(on: sessions, context: RuleContext())
    let found = RuleRegistry.run(on: sessions, context: RuleContext(), threads: threads)
    #expect(Set(expected.map(\.rule)).count >= 8)
    #expect(found.map { "\($0.rule) \($0.message)" } == expected.map { "\($0.rule) \($0.message)" })
  }
}
