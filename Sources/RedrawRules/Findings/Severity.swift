import RedrawSessions

/// How serious a finding is; ordered `info` < `warning` < `error`.
public enum Severity: String, Sendable, CaseIterable, Comparable, Codable {
  case info, warning, error

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }

  /// Whether `lhs` is less serious than `rhs`.
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
