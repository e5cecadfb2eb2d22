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

  /// The JSON string literal of the cause, quotes included.
  var quotedName: StaticString {
    switch self {
    case .initial: "\"initial\""
    case .write: "\"write\""
    case .parent: "\"parent\""
    case .state: "\"state\""
    case .unknown: "\"unknown\""
    }
  }
}
