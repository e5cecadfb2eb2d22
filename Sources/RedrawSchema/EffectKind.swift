/// The kinds of side effect a trace can record, as the trace format names them (the `kind`
/// of an `effect` event).
public enum EffectKind: UInt8, Sendable, CaseIterable, Comparable {
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

  /// The kind as the trace spells it.
  public var name: String {
    switch self {
    case .network: "network"
    case .task: "task"
    case .observer: "observer"
    case .timer: "timer"
    case .storage: "storage"
    case .analytics: "analytics"
    case .log: "log"
    case .other: "other"
    }
  }

  /// The JSON string literal of the kind, quotes included.
  package var quotedName: StaticString {
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

  /// The kind spelled by `bytes`, or nil.
  @inlinable @inline(__always) package static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EffectKind? {
    switch bytes.count {
    case 3 where matches(bytes, "log"): .log
    case 4 where matches(bytes, "task"): .task
    case 5 where matches(bytes, "timer"): .timer
    case 5 where matches(bytes, "other"): .other
    case 7 where matches(bytes, "network"): .network
    case 7 where matches(bytes, "storage"): .storage
    case 8 where matches(bytes, "observer"): .observer
    case 9 where matches(bytes, "analytics"): .analytics
    default: nil
    }
  }

  /// Whether `lhs` comes before `rhs` in the order the cases are declared.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
