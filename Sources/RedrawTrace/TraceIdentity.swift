import CRedrawPlatform
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
///
/// Sendable: the type name is only read and stored atomically.
public final class TraceIdentity: @unchecked Sendable {
  /// The object id, and the owner's interned type name for the `deinit` event (-1 until its
  /// first record, read and stored atomically): where the recording path in C reads them
  /// (`redraw_record_simple_access`, `redraw_record_named_access`).
  let state: UnsafeMutablePointer<redraw_identity>

  /// A new identity, with the next id of the process-wide counter.
  public init() {
    state = .allocate(capacity: 1)
    state.initialize(
      to: redraw_identity(object: UInt64(bitPattern: TraceIdentity.nextID.fetchAdd(1)), type_name: -1))
  }

  deinit {
    let name = redraw_atomic_load_relaxed(&state.pointee.type_name)
    let object = objectID
    state.deallocate()
    guard name >= 0, RecordingSwitch.isOn else { return }
    Recorder.shared.recordDeinit(object: object, type: TraceName(rawValue: Int32(truncatingIfNeeded: name)))
  }

  /// The object id written as `obj`.
  public var objectID: UInt64 { state.pointee.object }

  /// Remembers the owner's type name for the `deinit` event.
  @inline(__always)
  func noteType(_ name: TraceName) {
    if redraw_atomic_load_relaxed(&state.pointee.type_name) < 0 {
      redraw_atomic_store_relaxed(&state.pointee.type_name, Int64(name.rawValue))
    }
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
