import Foundation
import RedrawTestSupport
import Testing

@Suite("Golden files fail loudly when they differ, and a recording run fails where it wrote")
struct GoldenCheckTests {
  let scratch = ScratchDirectory()

  func golden(_ text: String) throws -> URL {
    URL(fileURLWithPath: try scratch.file("report.golden", containing: text))
  }

  @Test func theSameOutputPasses() throws {
    try Golden.check("line 1\nline 2\n", file: try golden("line 1\nline 2\n"), recording: false)
  }

  @Test func aDifferenceNamesItsFirstDifferingLine() throws {
    let url = try golden("line 1\nline 2\n")
    try withKnownIssue {
      try Golden.check("line 1\nline two\n", file: url, recording: false)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("line 2") && $0.rawValue.contains("line two") }
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == "line 1\nline 2\n", "comparing never writes")
  }

  @Test func recordingWritesAChangedFileAndFailsTheTest() throws {
    let url = try golden("old\n")
    try withKnownIssue {
      try Golden.check("new\n", file: url, recording: true)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("re-recorded report.golden") }
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == "new\n")
  }

  @Test func recordingLeavesAnUnchangedFileAndPasses() throws {
    try Golden.check("same\n", file: try golden("same\n"), recording: true)
  }

  @Test func aMissingGoldenFileSaysHowToRecordIt() throws {
    try withKnownIssue {
      try Golden.check("new\n", file: URL(fileURLWithPath: scratch.path("absent.golden")), recording: false)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("REDRAW_RECORD_GOLDEN=1") }
    }
  }
}
