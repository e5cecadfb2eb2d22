import Foundation

/// A path for `name` in this test process's own directory, which is removed when the
/// process exits: tests leave nothing behind in the temporary directory.
func scratchPath(_ name: String) -> String {
  scratchDirectory.appendingPathComponent(name).path
}

let scratchDirectory: URL = {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("redraw-cli-tests-\(getpid())")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(at: scratchDirectory) }
  return url
}()
