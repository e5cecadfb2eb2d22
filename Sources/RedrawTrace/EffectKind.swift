/// The kinds of side effect a trace can record, as the trace format names them.
public enum EffectKind: String, Sendable, CaseIterable {
  /// A network request.
  case network
  /// A `Task` or other asynchronous work started.
  case task
  /// An observer registered (`NotificationCenter`, KVO, a callback list).
  case observer
  /// A timer scheduled.
  case timer
  /// Persistent storage read or written (`UserDefaults`, files, a database).
  case storage
  /// An analytics event sent.
  case analytics
  /// A log line written.
  case log
  /// Anything else.
  case other

  /// The JSON string literal of the kind, quotes included.
  var quotedName: StaticString {
    switch self {
    case .network: "\"network\""
    case .task: "\"task\""
    case .observer: "\"observer\""
    case .timer: "\"timer\""
    case .storage: "\"storage\""
    case .analytics: "\"analytics\""
    case .log: "\"log\""
    case .other: "\"other\""
    }
  }
}
