import CRedrawPlatform
import Observation
import RedrawPlatform

/// A model class whose observable properties are recorded: ``Tracked`` properties, or those
/// of an `@Observable` class whose registrar is its ``ModelTracking``.
///
/// Conforming makes the class a real `Observation.Observable`: SwiftUI's `@State`,
/// `@Bindable` and `@Environment`, and `withObservationTracking`, see every `@Tracked`
/// property exactly as they see the properties of an `@Observable` class, and each
/// access is also recorded as a `read` or `write` event while a trace records.
///
/// ```swift
/// final class SearchModel: TrackedModel {
///   let tracking = ModelTracking()
///   @Tracked var query = ""
///   @Tracked var unreadCount = 0
/// }
/// ```
///
/// An `@Observable` class conforms to record its properties without `@Tracked`; see
/// `ModelTracking+Observable.swift` for the members it declares.
public protocol TrackedModel: TraceIdentifiable, Observable {
  /// The observation registrar and trace identity of the instance.
  ///
  /// Declare it as a stored `let tracking = ModelTracking()`: the instance's own, the same
  /// object for its whole life. A `@Tracked` setter uses it without retaining it, because
  /// the instance holds it.
  var tracking: ModelTracking { get }
}

extension TrackedModel {
  /// The instance's trace identity: the one its `tracking` keeps.
  public var traceIdentity: TraceIdentity { tracking.identity }
}

/// What a ``TrackedModel`` instance needs to be observed and recorded: an
/// `ObservationRegistrar` and a ``TraceIdentity``. Declared as an `@Observable` class's
/// `_$observationRegistrar`, it is that class's registrar, and records its accesses.
///
/// Sendable: the write-handler flag is only read and changed atomically.
public final class ModelTracking: @unchecked Sendable {
  // The properties every recorded access reads come before the registrar: its size is
  // known only at run time (Observation is a resilient module), so each property after it
  // lies at an offset loaded from memory.

  /// The instance's trace identity.
  public let identity = TraceIdentity()
  /// 1 while any handler is registered: the one check a write makes, an atomic load
  /// inlined into the setter (a pointer, since inlinable code can call the C atomics
  /// but not the package's `AtomicInt`).
  @usableFromInline let writeHandlersFlag: UnsafeMutablePointer<Int64>
  /// The registrar that `@Tracked` reports accesses and mutations to.
  public let registrar = ObservationRegistrar()
  /// Handlers of ``observeWrites(_:)``, by token.
  let writeHandlers = Locked<[ObjectIdentifier: @Sendable (TrackedWrite) -> Void]>([:])

  /// A new registrar and trace identity, with no write handlers.
  public init() {
    writeHandlersFlag = .allocate(capacity: 1)
    writeHandlersFlag.initialize(to: 0)
  }

  deinit { writeHandlersFlag.deallocate() }

  // MARK: - What @Tracked accessors call

  // Through methods, the registrar is used where it lies in this object: read as a property
  // from an accessor, it would be copied (and its storage retained and released) each time.

  @inlinable @inline(__always)
  func registerRead<Model: Observable, Value>(_ model: Model, _ keyPath: KeyPath<Model, Value>) {
    registrar.access(model, keyPath: keyPath)
  }

  @inlinable @inline(__always)
  func registerWillSet<Model: Observable, Value>(_ model: Model, _ keyPath: KeyPath<Model, Value>) {
    registrar.willSet(model, keyPath: keyPath)
  }

  @inlinable @inline(__always)
  func registerDidSet<Model: Observable, Value>(_ model: Model, _ keyPath: KeyPath<Model, Value>) {
    registrar.didSet(model, keyPath: keyPath)
  }

  /// Whether any handler of ``observeWrites(_:)`` is registered.
  @inlinable @inline(__always)
  var hasWriteHandlers: Bool { redraw_atomic_load(writeHandlersFlag) != 0 }
}
