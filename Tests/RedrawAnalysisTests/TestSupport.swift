import Foundation
import RedrawAnalysis
import Testing

/// Writes `text` to a fresh temporary file and returns its path.
func temporaryTrace(_ text: String, name: String = "trace") throws -> String {
  try temporaryTrace(Data(text.utf8), name: name)
}

func temporaryTrace(_ data: Data, name: String = "trace") throws -> String {
  let url = scratchDirectory.appendingPathComponent("\(UUID().uuidString)-\(name).jsonl")
  try data.write(to: url)
  return url.path
}

/// This test process's own directory for files, removed when the process exits: tests
/// leave nothing behind in the temporary directory.
let scratchDirectory: URL = {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("redraw-analysis-tests-\(getpid())")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(at: scratchDirectory) }
  return url
}()

/// Reads `text` as one trace file and runs every rule.
func analyze(_ text: String, lenient: Bool = false, context: RuleContext = RuleContext()) throws -> Analysis {
  let path = try temporaryTrace(text)
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try Analyzer(lenient: lenient, ruleContext: context).analyze(
    bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: "trace.jsonl")
}

/// The read error for `text`, or nil when it reads.
func readError(_ text: String) -> TraceInputError? {
  do {
    _ = try analyze(text)
    return nil
  } catch let error as TraceInputError {
    return error
  } catch {
    return nil
  }
}

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A trace's meta line.
let metaLine = #"{"e":"meta","format":"redraw-trace","version":1,"scenario":"test"}"#

/// Lines joined into a trace after a meta line.
func trace(_ lines: String...) -> String {
  ([metaLine] + lines).joined(separator: "\n") + "\n"
}
