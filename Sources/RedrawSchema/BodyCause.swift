/// Why a view body is being evaluated, when the caller knows (the `cause` of a `body` event).
///
/// Traces from real apps usually carry no cause; the analyzer infers one. A harness
/// that drives the invalidation itself knows it exactly.
public enum BodyCause: Sendable, Hashable {
  /// The first evaluation of the node.
  case initial
  /// A write to an observed property invalidated the node.
  case write(object: UInt64, type: String, property: String)
  /// The parent was re-evaluated and re-created this node's struct.
  case parent
  /// The node's own view state (`@State`) changed.
  case state
  /// The caller does not know.
  case unknown

  /// The cause as the trace spells it, without the write's object.
  public var kind: Kind {
    switch self {
    case .initial: .initial
    case .write: .write
    case .parent: .parent
    case .state: .state
    case .unknown: .unknown
    }
  }

  /// The `cause` values of a `body` event: the cases without their payload.
  public enum Kind: UInt8, Sendable, CaseIterable {
    case initial, write, parent, state, unknown

    /// The value as the trace spells it.
    public var name: String { "\(self)" }

    /// The JSON string literal of the value, quotes included.
    package var quotedName: StaticString {
      switch self {
      case .initial: "\"initial\""
      case .write: "\"write\""
      case .parent: "\"parent\""
      case .state: "\"state\""
      case .unknown: "\"unknown\""
      }
    }

    /// The value spelled by `bytes`, or nil.
    @inlinable @inline(__always) package static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> Kind? {
      switch bytes.count {
      case 5 where matches(bytes, "write"): .write
      case 6 where matches(bytes, "parent"): .parent
      case 5 where matches(bytes, "state"): .state
      case 7 where matches(bytes, "initial"): .initial
      case 7 where matches(bytes, "unknown"): .unknown
      default: nil
      }
    }
  }
}
