import Foundation

/// A directory of one test's own for the files it writes, removed with everything in it when
/// the value is released.
///
/// Keep one in a suite's stored property (`let scratch = ScratchDirectory()`): Swift Testing
/// makes a suite's instance for each test (each case of a parameterized one), so each test
/// gets a directory and it is removed when the test ends. A test outside a suite, or a static
/// helper, makes one of its own. Each is named with a new UUID in the temporary directory, so
/// tests running in parallel, in one process or several, never share a file.
public final class ScratchDirectory: Sendable {
  /// The directory, created with the value.
  public let url: URL

  /// Creates a new, empty directory in the temporary directory.
  public init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("redraw-test-\(UUID().uuidString)")
    // A directory that cannot be made fails the first write into it, with the path.
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` in the directory (nothing is written).
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes the file `name` in the directory with `text` and returns its path.
  @discardableResult
  public func file(_ name: String, containing text: String) throws -> String {
    try file(name, containing: Data(text.utf8))
  }

  /// Writes the file `name` in the directory with `data` and returns its path.
  @discardableResult
  public func file(_ name: String, containing data: Data) throws -> String {
    let path = path(name)
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }
}
