import Foundation
import Testing

/// Golden files: expected outputs kept next to their tests and compared whole.
///
/// After an intended change, re-record with `REDRAW_RECORD_GOLDEN=1 swift test`, review the
/// diff and run the tests again. A recording run writes each golden file whose content
/// changed and fails the test that wrote it, saying so: a run that re-records can never pass
/// by comparing an output with itself. A golden file that did not change is left alone and
/// its test passes, so the other failures of a recording run stand out.
public enum Golden {
  /// The environment variable that turns comparing into recording.
  public static let recordVariable = "REDRAW_RECORD_GOLDEN"

  /// Whether this run records golden files instead of comparing with them.
  public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] != nil }

  /// Expects `actual` to be the content of the golden file at `url`; when recording and it
  /// differs, writes it there and records an issue naming the file.
  ///
  /// A difference is reported by its first differing line, not by both outputs whole.
  public static func check(
    _ actual: String, file url: URL, recording: Bool = isRecording, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let expected = try? String(contentsOf: url, encoding: .utf8)
    guard actual != expected else { return }
    if recording {
      try Data(actual.utf8).write(to: url)
      let message =
        "re-recorded \(url.lastPathComponent); review the diff and run the tests without \(recordVariable)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return
    }
    guard let expected else {
      Issue.record(
        "no golden file \(url.lastPathComponent): record it with \(recordVariable)=1 swift test",
        sourceLocation: sourceLocation)
      return
    }
    Issue.record(
      Comment(
        rawValue: "\(url.lastPathComponent) differs, \(firstDifference(actual, expected)); re-record with "
          + "\(recordVariable)=1 swift test and review the diff"),
      sourceLocation: sourceLocation)
  }

  /// Where two texts first differ: the line, and that line in each.
  static func firstDifference(_ actual: String, _ expected: String) -> String {
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(actualLines.count, expectedLines.count)
    let line = (0..<common).first { actualLines[$0] != expectedLines[$0] } ?? common
    func text(_ lines: [Substring]) -> String {
      guard line < lines.count else { return "(no line: the text ends before it)" }
      return String(lines[line].prefix(200))
    }
    return "first at line \(line + 1):\n  got:      \(text(actualLines))\n  expected: \(text(expectedLines))"
  }
}
