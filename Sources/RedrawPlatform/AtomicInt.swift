import CRedrawPlatform

/// A 64-bit integer that threads read and change without a lock.
///
/// The Synchronization module's `Atomic` is above the package's floor (macOS 15, iOS 18),
/// so the operations are C's `__atomic` builtins (see `CRedrawPlatform.h`) on storage of
/// the instance's own. It is non-copyable, so the storage has one owner and is freed once.
///
/// - Complexity: every operation is one atomic instruction.
package struct AtomicInt: ~Copyable, @unchecked Sendable {
  private let storage: UnsafeMutablePointer<Int64>

  package init(_ initial: Int64) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: initial)
  }

  deinit { storage.deallocate() }

  /// The value, with acquire ordering: what the thread that stored it wrote before is visible.
  @inline(__always)
  package func load() -> Int64 { redraw_atomic_load(storage) }

  /// The value, with no ordering against other memory.
  @inline(__always)
  package func loadRelaxed() -> Int64 { redraw_atomic_load_relaxed(storage) }

  /// Stores `value` with release ordering.
  @inline(__always)
  package func store(_ value: Int64) { redraw_atomic_store(storage, value) }

  /// Stores `value` with no ordering against other memory.
  @inline(__always)
  package func storeRelaxed(_ value: Int64) { redraw_atomic_store_relaxed(storage, value) }

  /// Adds `delta` (wrapping) and returns the value before.
  @inline(__always)
  @discardableResult
  package func fetchAdd(_ delta: Int64) -> Int64 { redraw_atomic_fetch_add(storage, delta) }

  /// Stores `value` and returns the value before, with acquire and release ordering.
  @inline(__always)
  package func exchange(_ value: Int64) -> Int64 { redraw_atomic_exchange(storage, value) }
}
