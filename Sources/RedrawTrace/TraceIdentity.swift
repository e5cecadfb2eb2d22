import RedrawPlatform

/// A stable trace object id for one instance, and its `deinit` event.
///
/// Keep one in any class whose reads and writes you record with the explicit API,
/// for example an `@Observable` model:
///
/// ```swift
/// @Observable final class Cart: TraceIdentifiable {
///   @ObservationIgnored let traceIdentity = TraceIdentity()
/// }
/// ```
///
/// The id is taken from a process-wide counter when the identity is created, so it
/// is never reused, not even after the instance is released. When the identity is
/// released with its owner, a `deinit` event is recorded, provided the owner's type
/// is known by then (it is once the instance recorded anything).
public final class TraceIdentity: Sendable {
  /// The object id written as `obj`.
  public let objectID: UInt64
  private let typeName = AtomicInt(-1)

  public init() {
    objectID = UInt64(bitPattern: TraceIdentity.nextID.fetchAdd(1))
  }

  deinit {
    let name = typeName.loadRelaxed()
    guard name >= 0, RecordingSwitch.isOn else { return }
    Recorder.shared.recordDeinit(object: objectID, type: TraceName(rawValue: Int32(truncatingIfNeeded: name)))
  }

  /// Remembers the owner's type name for the `deinit` event.
  @inline(__always)
  func noteType(_ name: TraceName) {
    if typeName.loadRelaxed() < 0 { typeName.storeRelaxed(Int64(name.rawValue)) }
  }

  private static let nextID = AtomicInt(1)
}

/// A class that carries a ``TraceIdentity``, so explicit events and ``Trace/make(_:owner:file:line:)``
/// use its stable id.
public protocol TraceIdentifiable: AnyObject {
  /// The instance's identity; store one per instance (`let traceIdentity = TraceIdentity()`).
  var traceIdentity: TraceIdentity { get }
}

extension Trace {
  /// The trace object id of `object`: its ``TraceIdentity`` when it has one, otherwise an
  /// id derived from its address (unique while it lives, but reusable after it is released,
  /// and with no `deinit` event).
  @inlinable
  public static func objectID(of object: AnyObject) -> UInt64 {
    if let identifiable = object as? any TraceIdentifiable { return identifiable.traceIdentity.objectID }
    return UInt64(UInt(bitPattern: ObjectIdentifier(object)))
  }
}
