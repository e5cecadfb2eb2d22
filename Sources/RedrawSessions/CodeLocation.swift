import RedrawReading

/// Where in the app's sources a finding points: a file and a line (and a column, when
/// known), from a `site` the trace recorded.
///
/// The file starts as the trace recorded it: an absolute `#filePath`, a path inside the
/// package, a `#fileID` or a bare file name (see docs/trace-format.md). `SourceLocator`
/// then names it relative to a source root, for the reports that CI attaches to code.
public struct CodeLocation: Sendable, Hashable {
  /// How ``file`` relates to the source root.
  public enum Resolution: String, Sendable, Hashable {
    /// As the trace recorded it, not looked up: no source root was given.
    case recorded
    /// Relative to the source root, where the file is.
    case sourceRoot
    /// As the trace recorded it: looked for under the source root and not found there, or
    /// found more than once.
    case notFound
  }

  /// The file: as recorded, or relative to the source root (see ``resolution``).
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, when the trace recorded one (RedrawTrace records none).
  public var column: Int?
  /// How ``file`` relates to the source root: as recorded, found under it, or not found.
  public var resolution: Resolution

  /// Line `line` (and column `column`, when known) of `file`, as recorded unless `resolution` says otherwise.
  public init(file: String, line: Int, column: Int? = nil, resolution: Resolution = .recorded) {
    self.file = file
    self.line = line
    self.column = column
    self.resolution = resolution
  }

  /// The location of a recorded `site`, `PATH:LINE`; nil without a site, or for one that
  /// does not end in `:LINE` with a positive line.
  public init?(site: String?) {
    guard let site, let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]),
      line > 0, colon > site.startIndex
    else { return nil }
    self.init(file: String(site[..<colon]), line: line)
  }

  /// The file's name, without its folders.
  public var fileName: String { Self.lastComponent(of: file) }

  /// `FeedView.swift:12`: how messages, finding subjects and baselines name a site, the same
  /// whatever path the trace recorded.
  public var shortSite: String { "\(fileName):\(line)" }

  /// `site` without the folders of its path: `FeedView.swift:12` for
  /// `/Users/me/App/Sources/App/FeedView.swift:12`; any other text as it is.
  public static func shortSite(_ site: String) -> String { lastComponent(of: site) }

  /// The last component of a path, `/` or `\` separated.
  package static func lastComponent(of path: String) -> String {
    // By UTF-8 byte: a separator is one byte and never part of another character.
    guard let separator = path.utf8.lastIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else {
      return path
    }
    return String(path[path.utf8.index(after: separator)...])
  }
}
