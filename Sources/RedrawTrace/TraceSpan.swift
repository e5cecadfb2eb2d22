/// An open `body` or `init` span, closed with ``Trace/end(_:object:)``.
///
/// A span started while recording is off is ``none``; ending it does nothing.
public struct TraceSpan: Sendable, Hashable {
  /// The span id written to the trace; 0 for ``none``.
  public let id: Int64

  @usableFromInline
  init(id: Int64) { self.id = id }

  /// The span of a call made while recording was off.
  public static let none = TraceSpan(id: 0)
}
