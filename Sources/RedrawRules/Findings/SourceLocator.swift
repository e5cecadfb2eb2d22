import RedrawSessions

/// Names the files of findings' locations relative to a source root, so that code scanning,
/// pull-request annotations and test dashboards can attach findings to the code.
///
/// - An absolute path under the root loses the root: `/work/app/Sources/App/Feed.swift`
///   under `/work/app` is `Sources/App/Feed.swift`.
/// - Any other path (absolute elsewhere, recorded on another machine; `Sources/App/Feed.swift`
///   from a reproducible recording; a `#fileID` such as `App/Feed.swift`; a bare
///   `Feed.swift`) is looked for among the root's files by its longest trailing part that
///   names one: the whole path, then without its first folder, and so on to the file's name.
///   Where a part names several files, the folder before it picks one if it is in exactly
///   one of their paths: `App/Feed.swift` finds `Sources/App/Views/Feed.swift` among several
///   `Feed.swift`.
/// - A path that names no file, or several, stays as recorded and is marked
///   `CodeLocation/Resolution/notFound`: reports say so rather than invent a path.
///
/// The locator is pure: the caller lists the root's files (see `fileNames(in:)` for the
/// names worth listing), so tests need no file system.
public struct SourceLocator: Sendable {
  /// The source root: an absolute path, without a trailing separator.
  public let root: String
  /// Files under the root, relative to it with `/` separators, by file name.
  private let filesByName: [String: [String]]

  /// A locator for `root` whose files are `files`, relative to it.
  public init(root: String, files: [String]) {
    var root = root
    while root.count > 1, root.hasSuffix("/") { root.removeLast() }
    self.root = root
    var byName: [String: [String]] = [:]
    for file in files { byName[CodeLocation.lastComponent(of: file), default: []].append(file) }
    filesByName = byName
  }

  // MARK: - Findings

  /// The analysis with every finding's location named relative to the root where it can be.
  ///
  /// The analysis is taken, not copied: a copy's findings would be copied whole at the first
  /// location changed.
  public func locate(_ analysis: consuming Analysis) -> Analysis {
    var located = consume analysis
    var memo: [String: CodeLocation] = [:]
    for index in located.findings.indices {
      guard let location = located.findings[index].location, location.resolution == .recorded else { continue }
      var found: CodeLocation
      if let known = memo[location.file] {
        found = known
      } else {
        found = locate(location)
        memo[location.file] = found
      }
      found.line = location.line
      found.column = location.column
      located.findings[index].location = found
    }
    return located
  }

  /// The file names whose files the root must list for `analysis`: those of locations not
  /// already under the root by their path.
  ///
  /// - Complexity: O(*n*) in the findings; each distinct path is looked at once.
  public func fileNames(in analysis: Analysis) -> Set<String> {
    var names: Set<String> = []
    // Findings share few paths: each is taken apart once.
    var seen: Set<String> = []
    for finding in analysis.findings {
      guard let location = finding.location, location.resolution == .recorded, seen.insert(location.file).inserted,
        relativeToRoot(location.file) == nil
      else { continue }
      names.insert(location.fileName)
    }
    return names
  }

  // MARK: - One location

  /// `location` with its file relative to the root, or marked not found.
  public func locate(_ location: CodeLocation) -> CodeLocation {
    var located = location
    if let relative = relativeToRoot(location.file) ?? search(location.file) {
      located.file = relative
      located.resolution = .sourceRoot
    } else {
      located.resolution = .notFound
    }
    return located
  }

  /// An absolute `path` under the root, relative to it.
  func relativeToRoot(_ path: String) -> String? {
    let prefix = root == "/" ? "/" : root + "/"
    guard path.hasPrefix(prefix) else { return nil }
    let components = Self.components(of: String(path.dropFirst(prefix.count)))
    guard !components.isEmpty, !components.contains("..") else { return nil }
    return components.joined(separator: "/")
  }

  /// The one file under the root that the longest trailing part of `path` names.
  func search(_ path: String) -> String? {
    let components = Self.components(of: path)
    guard let name = components.last, let candidates = filesByName[name] else { return nil }
    for length in stride(from: components.count, through: 1, by: -1) {
      let tail = components[(components.count - length)...].joined(separator: "/")
      let matching = candidates.filter { $0 == tail || $0.hasSuffix("/" + tail) }
      if matching.count == 1 { return matching[0] }
      guard matching.count > 1 else { continue }
      // Several: the folder before the tail, when one of them alone has it.
      guard length < components.count else { return nil }
      let folder = components[components.count - length - 1]
      let inFolder = matching.filter { Self.components(of: $0).dropLast(length).contains(folder) }
      return inFolder.count == 1 ? inFolder[0] : nil
    }
    return nil
  }

  /// A path's components, `/` or `\` separated, without empty ones and `.`.
  static func components(of path: String) -> [String] {
    path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).map(String.init).filter { $0 != "." }
  }
}
