import CRedrawPlatform
import RedrawPlatform

import class Foundation.Thread

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Per-thread facts the recorder needs without taking a lock: the small `tid`
/// written on every event, and the stack of view nodes that own initializers
/// run on this thread (see ``Trace/withOwner(_:_:)``).
///
/// The thread id is a C thread-local, so reading it is one load on Linux (on Apple
/// platforms, a call through the variable's descriptor); the rest are thread-specific
/// pointers.
enum ThreadContext {
  /// The trace `tid` of the calling thread: 1 for the main thread, 2, 3, … for
  /// others in the order they first record.
  ///
  /// - Complexity: O(1); one thread-local load after the first call on a thread.
  @inline(__always)
  static var currentID: Int32 {
    let id = redraw_thread_id()
    return id != 0 ? id : assignID()
  }

  /// Whether this thread's run loop has the observer that ends marker spans (see
  /// ``MarkerRunLoop``).
  static var observesRunLoop: Bool {
    get { pthread_getspecific(runLoopKey) != nil }
    set { pthread_setspecific(runLoopKey, newValue ? UnsafeRawPointer(bitPattern: 1) : nil) }
  }

  /// Whether this thread holds the lock of ``Trace/exclusively(_:)``.
  static var holdsRecordingLock: Bool {
    get { pthread_getspecific(lockKey) != nil }
    set { pthread_setspecific(lockKey, newValue ? UnsafeRawPointer(bitPattern: 1) : nil) }
  }

  /// The collector of ``ModelObservation/collectAccesses(_:)`` on this thread.
  static var readCollector: AnyObject? {
    get { pthread_getspecific(collectorKey).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() } }
    set {
      if let old = pthread_getspecific(collectorKey) { Unmanaged<AnyObject>.fromOpaque(old).release() }
      pthread_setspecific(collectorKey, newValue.map { Unmanaged.passRetained($0).toOpaque() })
    }
  }

  /// The work app code started on this thread (``AppEffects``), made on first use.
  static var effects: EffectRegistry {
    if let pointer = pthread_getspecific(effectsKey) {
      return Unmanaged<EffectRegistry>.fromOpaque(pointer).takeUnretainedValue()
    }
    let registry = EffectRegistry()
    pthread_setspecific(effectsKey, Unmanaged.passRetained(registry).toOpaque())
    return registry
  }

  /// The innermost owner set with ``Trace/withOwner(_:_:)`` on this thread.
  static var currentOwner: Int? { ownerStack?.nodes.last }

  /// Runs `body` with `node` as this thread's innermost owner.
  static func withOwner<R>(_ node: Int, _ body: () throws -> R) rethrows -> R {
    let stack = ownerStack ?? makeOwnerStack()
    stack.nodes.append(node)
    defer { stack.nodes.removeLast() }
    return try body()
  }

  // MARK: - Storage

  private static let nextID = AtomicInt(2)

  private static let lockKey: pthread_key_t = makeKey(destructor: nil)
  private static let runLoopKey: pthread_key_t = makeKey(destructor: nil)
  private static let collectorKey: pthread_key_t = makeKey { pointer in
    #if canImport(Darwin)
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    #else
      if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
    #endif
  }

  private static let effectsKey: pthread_key_t = makeKey { pointer in
    #if canImport(Darwin)
      Unmanaged<EffectRegistry>.fromOpaque(pointer).release()
    #else
      if let pointer { Unmanaged<EffectRegistry>.fromOpaque(pointer).release() }
    #endif
  }

  private static let ownerKey: pthread_key_t = makeKey { pointer in
    #if canImport(Darwin)
      Unmanaged<OwnerStack>.fromOpaque(pointer).release()
    #else
      if let pointer { Unmanaged<OwnerStack>.fromOpaque(pointer).release() }
    #endif
  }

  private final class OwnerStack {
    var nodes: [Int] = []
  }

  private static var ownerStack: OwnerStack? {
    guard let pointer = pthread_getspecific(ownerKey) else { return nil }
    return Unmanaged<OwnerStack>.fromOpaque(pointer).takeUnretainedValue()
  }

  private static func makeOwnerStack() -> OwnerStack {
    let stack = OwnerStack()
    pthread_setspecific(ownerKey, Unmanaged.passRetained(stack).toOpaque())
    return stack
  }

  @inline(never)
  private static func assignID() -> Int32 {
    let id = isMainThread ? 1 : Int32(truncatingIfNeeded: nextID.fetchAdd(1))
    redraw_set_thread_id(id)
    return id
  }

  private static var isMainThread: Bool { Thread.isMainThread }

  #if canImport(Darwin)
    private typealias Destructor = @convention(c) (UnsafeMutableRawPointer) -> Void
  #else
    private typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
  #endif

  private static func makeKey(destructor: Destructor?) -> pthread_key_t {
    var key = pthread_key_t()
    pthread_key_create(&key, destructor)
    return key
  }
}
