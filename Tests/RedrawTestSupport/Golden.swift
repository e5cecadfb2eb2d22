import Foundation
import Testing

/// Golden files: expected outputs kept next to their tests and compared whole.
///
/// After an intended change, re-record with `REDRAW_RECORD_GOLDEN=1 swift test`, review the
/// diff and run the tests again. A recording run writes each golden file and fails the test
/// that wrote it, saying so: a run that re-records can never pass by comparing an output with
/// itself.
public enum Golden {
  /// The environment variable that turns comparing into recording.
  public static let recordVariable = "REDRAW_RECORD_GOLDEN"

  /// Whether this run records golden files instead of comparing with them.
  public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] != nil }

  /// Expects `actual` to be the content of the golden file at `url`; when recording, writes
  /// it there and records an issue naming the file.
  public static func check(_ actual: String, file url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if isRecording {
      let previous = try? String(contentsOf: url, encoding: .utf8)
      try Data(actual.utf8).write(to: url)
      let what = previous == actual ? "re-recorded, unchanged" : "re-recorded"
      let message = "\(what): \(url.lastPathComponent); review the diff and run the tests without \(recordVariable)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
      actual == expected,
      "\(url.lastPathComponent) differs: re-record with \(recordVariable)=1 swift test and review the diff",
      sourceLocation: sourceLocation)
  }
}
