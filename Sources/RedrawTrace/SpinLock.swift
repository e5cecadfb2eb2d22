import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A lock around a value, made for a short critical section taken on every event.
///
/// Taking it is one atomic exchange and releasing it one store, where a futex-based
/// mutex needs two atomic read-modify-writes. A thread that finds it taken spins
/// briefly, then yields its time slice, so a preempted holder is not starved.
final class SpinLock<Value>: @unchecked Sendable {
  private let locked = AtomicInt(0)
  private let value: UnsafeMutablePointer<Value>

  init(_ initial: Value) {
    value = .allocate(capacity: 1)
    value.initialize(to: initial)
  }

  deinit {
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    if locked.exchange(1) != 0 { wait() }
    defer { locked.store(0) }
    return try body(&value.pointee)
  }

  @inline(never)
  private func wait() {
    var spins = 0
    while true {
      if locked.loadRelaxed() == 0, locked.exchange(1) == 0 { return }
      spins += 1
      if spins > 64 { sched_yield() }
    }
  }
}
