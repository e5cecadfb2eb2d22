import CRedrawPlatform

/// A 64-bit integer that threads read and change without a lock.
///
/// The Synchronization module's `Atomic` is above the package's floor (macOS 15, iOS 18),
/// so the operations are C's `__atomic` builtins (see `CRedrawPlatform.h`) on storage of
/// the instance's own. It is non-copyable, so the storage has one owner and is freed once.
///
/// Public and inlinable, not package: Swift serializes no `package` function body for other
/// modules (without package cross-module optimization), so each operation would be a call
/// from the recorder, on every event. `RedrawPlatform` is no product; apps do not import it.
///
/// - Complexity: every operation is one atomic instruction.
public struct AtomicInt: ~Copyable, @unchecked Sendable {
  @usableFromInline let storage: UnsafeMutablePointer<Int64>

  /// An integer on storage of its own, whose value is `initial`.
  public init(_ initial: Int64) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: initial)
  }

  deinit { storage.deallocate() }

  /// The value, with acquire ordering: what the thread that stored it wrote before is visible.
  @inlinable @inline(__always)
  public func load() -> Int64 { redraw_atomic_load(storage) }

  /// The value, with no ordering against other memory.
  @inlinable @inline(__always)
  public func loadRelaxed() -> Int64 { redraw_atomic_load_relaxed(storage) }

  /// Stores `value` with release ordering.
  @inlinable @inline(__always)
  public func store(_ value: Int64) { redraw_atomic_store(storage, value) }

  /// Stores `value` with no ordering against other memory.
  @inlinable @inline(__always)
  public func storeRelaxed(_ value: Int64) { redraw_atomic_store_relaxed(storage, value) }

  /// Adds `delta` (wrapping) and returns the value before.
  @inlinable @inline(__always)
  @discardableResult
  public func fetchAdd(_ delta: Int64) -> Int64 { redraw_atomic_fetch_add(storage, delta) }

  /// Stores `value` and returns the value before, with acquire and release ordering.
  @inlinable @inline(__always)
  public func exchange(_ value: Int64) -> Int64 { redraw_atomic_exchange(storage, value) }
}
