import CRedrawPlatform

/// Hooks into `@Tracked` properties for tools that emulate SwiftUI's invalidation, such
/// as RedrawHarness: which models a piece of code read, and every write to a model.
///
/// With `ObservableObject`, any write to an object invalidates every view observing it;
/// with `@Observable`, only the readers of the written property. Reads and writes seen
/// here let a harness emulate the first on top of the same model code whose per-property
/// tracking comes from the Observation runtime.

/// One read of a `@Tracked` property, seen by ``ModelObservation/collectAccesses(_:)``.
package struct TrackedRead: Sendable {
  package let tracking: ModelTracking
  package let type: String
  package let property: String
}

/// One write to a `@Tracked` property, seen by a ``ModelTracking/observeWrites(_:)`` handler.
package struct TrackedWrite: Sendable {
  package let objectID: UInt64
  package let type: String
  package let property: String
}

@usableFromInline package enum ModelObservation {
  /// Runs `body` and returns, with its result, the `@Tracked` reads and writes it made on
  /// this thread.
  ///
  /// Nested collections each see the accesses of their own body.
  package static func collectAccesses<R>(_ body: () throws -> R) rethrows
    -> (result: R, reads: [TrackedRead], writes: [TrackedWrite])
  {
    let collector = ReadCollector()
    redraw_add_access_collectors(1)
    defer { redraw_add_access_collectors(-1) }
    let previous = ReadCollector.current
    ReadCollector.current = collector
    defer { ReadCollector.current = previous }
    let result = try body()
    return (result, collector.reads, collector.writes)
  }

  /// Whether a collection is running on any thread: the one check a read makes, a load
  /// of a C global counter (`redraw_access_collectors` in `CRedrawPlatform.h`).
  @inlinable @inline(__always)
  static var isCollecting: Bool { redraw_access_collectors() > 0 }

  /// Notes a read or write of a model's property for the collection running on
  /// this thread, if any. Out of line: the recording path that checks for a collection
  /// stays short.
  @inline(never)
  static func note(_ tracking: ModelTracking, type: String, property: String, write: Bool) {
    guard let collector = ReadCollector.current else { return }
    if write {
      collector.writes.append(TrackedWrite(objectID: tracking.identity.objectID, type: type, property: property))
    } else {
      collector.reads.append(TrackedRead(tracking: tracking, type: type, property: property))
    }
  }
}

/// The accesses of one ``ModelObservation/collectAccesses(_:)``, kept per thread.
final class ReadCollector {
  var reads: [TrackedRead] = []
  var writes: [TrackedWrite] = []

  /// The innermost collector of the calling thread.
  static var current: ReadCollector? {
    get { ThreadContext.readCollector as? ReadCollector }
    set { ThreadContext.readCollector = newValue }
  }
}

extension ModelTracking {
  /// Calls `handler` on every write to a `@Tracked` property of this model, on the
  /// writing thread, before observers of the property are notified.
  ///
  /// - Returns: A token; the handler stays registered until it is cancelled or released.
  package func observeWrites(_ handler: @escaping @Sendable (TrackedWrite) -> Void) -> WriteObservation {
    let token = WriteObservation(tracking: self)
    writeHandlers.withLock { $0[ObjectIdentifier(token)] = handler }
    redraw_atomic_store(writeHandlersFlag, 1)
    return token
  }

  func removeWriteHandler(_ token: ObjectIdentifier) {
    writeHandlers.withLock { handlers in
      handlers[token] = nil
      if handlers.isEmpty { redraw_atomic_store(writeHandlersFlag, 0) }
    }
  }

  /// Tells the observers of accesses of one to a `@Tracked` property of this model (see
  /// ``tellObservers(write:strings:)``), its names spelled from the recorder's table.
  @usableFromInline
  func tellObservers(_ names: TrackedNames, write: Bool) {
    tellObservers(write: write, strings: Recorder.shared.strings(names.type, names.property))
  }
}

/// A registration of ``ModelTracking/observeWrites(_:)``; cancelled when released.
package final class WriteObservation: Sendable {
  private weak let tracking: ModelTracking?

  init(tracking: ModelTracking) {
    self.tracking = tracking
  }

  /// Stops the handler.
  package func cancel() {
    tracking?.removeWriteHandler(ObjectIdentifier(self))
  }

  deinit { cancel() }
}
