#if canImport(os)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Locks: the package's one platform branch for them.

/// A value guarded by the platform's mutual-exclusion lock.
///
/// The package's one platform branch for locks: `os_unfair_lock` on Apple platforms
/// (from macOS 10.12 and iOS 10, well below the package's floor) and `pthread_mutex_t`
/// elsewhere. Both are locks ThreadSanitizer understands, unlike the futex-based `Mutex`
/// of the Synchronization module (which Apple ships only from macOS 15 and iOS 18).
///
/// ```swift
/// let messages = Locked<[String]>([])
/// messages.withLock { $0.append("done") }
/// ```
///
/// Public and inlinable for the reason ``AtomicInt`` gives: the recorder takes its lock on
/// every event.
public final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let lock: UnsafeMutablePointer<PlatformLock>
  @usableFromInline var value: Value

  /// A lock guarding `initial`.
  public init(_ initial: Value) {
    lock = .allocate(capacity: 1)
    PlatformLock.initialize(lock)
    value = initial
  }

  deinit {
    PlatformLock.destroy(lock)
    lock.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable @inline(__always)
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    PlatformLock.lock(lock)
    defer { PlatformLock.unlock(lock) }
    return try body(&value)
  }
}

extension Locked where Value == Void {
  /// Runs `body` holding the lock, for a lock that guards a section of code rather than a
  /// value: nothing of the object but its lock is touched (ThreadSanitizer reported the
  /// zero-sized value's access in `withLock(_:)` as racing with another thread's).
  @inlinable @inline(__always)
  public func withLock<R>(_ body: () throws -> R) rethrows -> R {
    PlatformLock.lock(lock)
    defer { PlatformLock.unlock(lock) }
    return try body()
  }
}

extension Locked where Value: Sendable {
  /// The value, read under the lock.
  package var value: Value { withLock { $0 } }
}

// MARK: - Platform

#if canImport(os)
  /// The recorder's lock, taken for a short critical section on every event.
  ///
  /// On Apple platforms it is ``Locked`` (`os_unfair_lock`), which donates a waiting
  /// thread's priority to the holder: a spinning waiter of higher priority (the main
  /// thread) could starve a preempted holder of lower priority, which is why `OSSpinLock`
  /// was deprecated.
  public typealias SpinLock<Value> = Locked<Value>
#else
  /// The recorder's lock, taken for a short critical section on every event.
  ///
  /// Taking it is one atomic exchange and releasing it one store, where a futex-based
  /// mutex needs two atomic read-modify-writes. A thread that finds it taken spins
  /// briefly, then yields its time slice, so a preempted holder is not starved.
  public final class SpinLock<Value>: @unchecked Sendable {
    @usableFromInline let locked = AtomicInt(0)
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// A lock guarding `initial`, not taken.
    public init(_ initial: Value) {
      value = .allocate(capacity: 1)
      value.initialize(to: initial)
    }

    deinit {
      value.deinitialize(count: 1)
      value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable @inline(__always)
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
      if locked.exchange(1) != 0 { wait() }
      defer { locked.store(0) }
      return try body(&value.pointee)
    }

    @usableFromInline @inline(never)
    func wait() {
      var spins = 0
      while true {
        if locked.loadRelaxed() == 0, locked.exchange(1) == 0 { return }
        spins += 1
        if spins > 64 { sched_yield() }
      }
    }
  }
#endif

#if canImport(os)
  /// `os_unfair_lock`, from `<os/lock.h>`: `os_unfair_lock_lock(os_unfair_lock_t)`,
  /// initialized to all zeros (`OS_UNFAIR_LOCK_INIT`), nothing to destroy.
  public typealias PlatformLock = os_unfair_lock

  extension os_unfair_lock {
    fileprivate static func initialize(_ lock: UnsafeMutablePointer<os_unfair_lock>) {
      lock.initialize(to: os_unfair_lock())
    }
    fileprivate static func destroy(_ lock: UnsafeMutablePointer<os_unfair_lock>) {
      lock.deinitialize(count: 1)
    }
    @usableFromInline static func lock(_ lock: UnsafeMutablePointer<os_unfair_lock>) { os_unfair_lock_lock(lock) }
    @usableFromInline static func unlock(_ lock: UnsafeMutablePointer<os_unfair_lock>) {
      os_unfair_lock_unlock(lock)
    }
  }
#else
  /// `pthread_mutex_t` with default attributes (not recursive, no error checking).
  public typealias PlatformLock = pthread_mutex_t

  extension pthread_mutex_t {
    fileprivate static func initialize(_ lock: UnsafeMutablePointer<pthread_mutex_t>) {
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    }
    fileprivate static func destroy(_ lock: UnsafeMutablePointer<pthread_mutex_t>) {
      pthread_mutex_destroy(lock)
      lock.deinitialize(count: 1)
    }
    @usableFromInline static func lock(_ lock: UnsafeMutablePointer<pthread_mutex_t>) { pthread_mutex_lock(lock) }
    @usableFromInline static func unlock(_ lock: UnsafeMutablePointer<pthread_mutex_t>) {
      pthread_mutex_unlock(lock)
    }
  }
#endif
