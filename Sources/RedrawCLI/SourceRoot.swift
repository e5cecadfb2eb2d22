import Foundation

/// The source root of `redraw analyze`, the directory findings' files are named from, and
/// the listing of its files that `SourceLocator` searches.
package enum SourceRoot {
  /// Entries of the source tree visited at most while looking for files by name: a root
  /// that is a home directory must not stall the run.
  package static let maximumEntries = 500_000

  /// The source root, absolute: `option` (`--source-root`, relative to `workingDirectory`);
  /// else `GITHUB_WORKSPACE`, the checkout GitHub attaches annotations to; else the git
  /// root of the working directory (the nearest directory up from it that holds `.git`,
  /// as `git rev-parse --show-toplevel` finds it, without running git); else the working
  /// directory.
  ///
  /// - Throws: ``UsageError`` when `option` names no directory.
  package static func resolve(option: String?, environment: [String: String], workingDirectory: String)
    throws(UsageError) -> String
  {
    if let option {
      let path = absolute(option, in: workingDirectory)
      guard isDirectory(path) else {
        throw UsageError(message: "The value '\(option)' is invalid for '--source-root <dir>': no such directory")
      }
      return path
    }
    if let workspace = environment["GITHUB_WORKSPACE"], !workspace.isEmpty {
      let path = absolute(workspace, in: workingDirectory)
      if isDirectory(path) { return path }
    }
    let directory = absolute(".", in: workingDirectory)
    return gitRoot(of: directory) ?? directory
  }

  /// The nearest directory at or above `directory` that holds `.git`: a directory, or the
  /// file a worktree or submodule has instead.
  package static func gitRoot(of directory: String) -> String? {
    var url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
    while true {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) { return url.path }
      let parent = url.deletingLastPathComponent().standardizedFileURL
      guard parent.path != url.path else { return nil }
      url = parent
    }
  }

  /// The files under `root` whose names are in `names`, relative to it; hidden directories
  /// (`.git`, `.build`) and `node_modules` are not searched.
  ///
  /// - Returns: The files, and whether the whole tree was searched (false past
  ///   ``maximumEntries`` entries).
  package static func files(under root: String, named names: Set<String>) -> (files: [String], complete: Bool) {
    guard !names.isEmpty, let enumerator = FileManager.default.enumerator(atPath: root) else { return ([], true) }
    var files: [String] = []
    var visited = 0
    while let path = enumerator.nextObject() as? String {
      visited += 1
      guard visited <= maximumEntries else { return (files, false) }
      let name = path.split(separator: "/").last.map(String.init) ?? path
      if name.hasPrefix(".") || name == "node_modules" {
        enumerator.skipDescendants()
        continue
      }
      if names.contains(name) { files.append(path) }
    }
    return (files, true)
  }

  // MARK: - Paths

  /// `path` made absolute against `directory` and standardized, without a trailing `/`.
  static func absolute(_ path: String, in directory: String) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(path)
    return url.standardizedFileURL.path
  }

  private static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
  }
}
