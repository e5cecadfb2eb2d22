import RedrawSessions

/// Where an entry of a configuration file is: the file and the entry's line and column.
///
/// Budgets and ignore entries parsed from a file carry theirs, so a finding about the entry
/// (`UnusedConfigurationCheck`) points at it: its `source` is the file and its evidence
/// the entry's line, which every report shows where it shows a trace position.
public struct ConfigurationEntry: Sendable, Hashable {
  /// The file, as the configuration was named (`.redraw.json`, or the `--config` path).
  public var file: String
  /// The 1-based line and column where the entry's object begins.
  public var line: Int
  /// The 1-based column of `line` where the entry's object begins.
  public var column: Int

  /// The entry that begins at `line` and `column` of `file`.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }
}
