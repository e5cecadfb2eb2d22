import CRedrawPlatform
import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The chunks recording threads write their records into, and the threads that write them
/// (the layout and the recording thread's inline path are `RedrawChunks.h`).
///
/// Memory is bounded: chunks come from a pool of at most the configured number
/// (``configure(limit:slotsPerChunk:)``); a thread that finds none drops its records and
/// counts them, and the writer reports the count. A
/// thread's chain and its state are freed by the writer once the thread has ended (a
/// thread-specific destructor marks it) and everything it wrote is read. One lock guards the
/// pool and the registry: it is taken once per chunk, never per record.
final class RecordChunks: @unchecked Sendable {
  /// The process's chunks, whose filled ones the recorder's writer drains.
  static let shared = RecordChunks { Recorder.shared.scheduleDrain() }

  private struct Pool {
    /// Free chunks of the standard size, linked through `next`.
    var free: UnsafeMutablePointer<redraw_chunk>?
    /// Chunks allocated (in use and free), and the most there may be.
    var allocated: Int64 = 0
    var limit: Int64 = 64
    var standardSlots: UInt32 = 2_048
    /// The threads that recorded and whose state is not freed yet.
    var threads: [UnsafeMutablePointer<redraw_thread>] = []
  }

  private let pool = Locked(Pool())
  /// Records dropped outside a thread's count: by threads that found no chunk for their first
  /// record, and records too large for a header to describe.
  private let unattachedDropped = AtomicInt(0)
  /// Marks a thread's state ended at the thread's exit.
  private let exitKey: pthread_key_t
  /// Called after a thread linked a new chunk (a full one waits for the writer), on that
  /// thread; it must not record. A `let`: a closure kept in a generic container and read
  /// through an `inout` gains a reabstraction thunk at each read (seen: each chunk's call
  /// went through all the thunks before it, the recorder 5× slower).
  private let chunkFilled: @Sendable () -> Void

  private init(whenFilled: @escaping @Sendable () -> Void) {
    chunkFilled = whenFilled
    var key = pthread_key_t()
    // At the thread's exit its state is the writer's to free once read. A record made
    // later on this thread (by another thread-specific destructor) attaches a new state.
    pthread_key_create(&key) { state in RecordChunks.threadExited(state) }
    exitKey = key
  }

  private static func threadExited(_ state: UnsafeMutableRawPointer?) {
    guard let thread = state?.assumingMemoryBound(to: redraw_thread.self) else { return }
    if redraw_current_thread() == thread { redraw_set_current_thread(nil) }
    redraw_thread_close(thread)
  }

  /// Sets the pool's limit in chunks and the slots of a standard chunk.
  func configure(limit: Int64, slotsPerChunk: UInt32) {
    pool.withLock { pool in
      pool.limit = limit
      guard slotsPerChunk != pool.standardSlots else { return }
      // Free chunks of the old size go; chunks in use come back and are freed by size.
      while let chunk = pool.free {
        pool.free = chunk.pointee.next
        Self.deallocate(chunk)
        pool.allocated -= 1
      }
      pool.standardSlots = slotsPerChunk
    }
  }

  /// Chunks allocated now (in use and free).
  var allocated: Int64 { pool.withLock { $0.allocated } }

  // MARK: - The pool

  /// A chunk of at least `slots` slots, empty, or nil when the pool is exhausted (unless
  /// `pastLimit`).
  private func take(_ slots: UInt32, pastLimit: Bool) -> UnsafeMutablePointer<redraw_chunk>? {
    let chunk = pool.withLock { pool -> UnsafeMutablePointer<redraw_chunk>? in
      let capacity = max(slots, pool.standardSlots)
      if capacity == pool.standardSlots, let chunk = pool.free {
        pool.free = chunk.pointee.next
        return chunk
      }
      guard pool.allocated < pool.limit || pastLimit else { return nil }
      pool.allocated += 1
      return Self.allocate(capacity)
    }
    if let chunk { redraw_chunk_reset(chunk) }
    return chunk
  }

  /// Keeps an emptied chunk for reuse, or frees it: a chunk of another size, and any chunk
  /// while more are allocated than the limit (a scoped session's, allocated past it), so the
  /// pool shrinks back to its bound.
  private static func giveBack(_ chunk: UnsafeMutablePointer<redraw_chunk>, to pool: inout Pool) {
    if redraw_chunk_capacity(chunk) == pool.standardSlots && pool.allocated <= pool.limit {
      chunk.pointee.next = pool.free
      pool.free = chunk
    } else {
      deallocate(chunk)
      pool.allocated -= 1
    }
  }

  private static func allocate(_ capacity: UInt32) -> UnsafeMutablePointer<redraw_chunk> {
    let bytes = MemoryLayout<redraw_chunk>.size + Int(capacity) * MemoryLayout<redraw_slot>.stride
    let chunk = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<redraw_chunk>.alignment)
      .bindMemory(to: redraw_chunk.self, capacity: 1)
    chunk.initialize(to: redraw_chunk())  // Swift imports no memberwise initializer: the slots are a flexible array
    chunk.pointee.capacity = capacity
    return chunk
  }

  private static func deallocate(_ chunk: UnsafeMutablePointer<redraw_chunk>) {
    UnsafeMutableRawPointer(chunk).deallocate()
  }

  // MARK: - The recording thread

  /// Room for `slots` slots: attaches the calling thread (with trace id `tid`) on its first
  /// record, moves it to a fresh chunk when its chunk is full. Nil when the pool is
  /// exhausted, the record counted as dropped; with `pastLimit`, a chunk is allocated anyway
  /// (a record of a scoped session, which is kept whole in memory and drops nothing).
  func reserveSlowly(_ slots: UInt32, tid: Int32, pastLimit: Bool) -> UnsafeMutablePointer<redraw_slot>? {
    guard let thread = redraw_current_thread() else {
      guard let thread = attach(slots, tid: tid, pastLimit: pastLimit) else {
        _ = unattachedDropped.fetchAdd(1)
        return nil
      }
      return redraw_chunk_slots(redraw_thread_current(thread).pointee)
    }
    let used = redraw_thread_used(thread)!
    let current: UnsafeMutablePointer<redraw_chunk> = redraw_thread_current(thread).pointee!
    if used.pointee + slots <= redraw_chunk_capacity(current) {
      return redraw_chunk_slots(current) + Int(used.pointee)
    }
    guard let fresh = take(slots, pastLimit: pastLimit) else {
      redraw_thread_count_dropped(thread)
      return nil
    }
    // `count` is final (each commit stored it); `next` hands the chunk over.
    redraw_chunk_link(current, fresh)
    redraw_thread_current(thread).pointee = fresh
    used.pointee = 0
    chunkFilled()
    return redraw_chunk_slots(fresh)
  }

  /// Attaches the calling thread with its first chunk, or nil when there is none.
  private func attach(_ slots: UInt32, tid: Int32, pastLimit: Bool) -> UnsafeMutablePointer<redraw_thread>? {
    guard let chunk = take(slots, pastLimit: pastLimit) else { return nil }
    let thread = UnsafeMutablePointer<redraw_thread>.allocate(capacity: 1)
    thread.initialize(
      to: redraw_thread(current: chunk, used: 0, tid: tid, dropped: 0, closed: 0, reading: chunk, read: 0))
    pthread_setspecific(exitKey, thread)
    pool.withLock { $0.threads.append(thread) }
    redraw_set_current_thread(thread)
    return thread
  }

  /// Counts a record dropped before any chunk was asked for it (one too large to describe).
  func countDropped() { _ = unattachedDropped.fetchAdd(1) }

  // MARK: - The writer

  /// The threads that recorded and are not freed yet.
  var threads: [UnsafeMutablePointer<redraw_thread>] { pool.withLock { $0.threads } }

  /// Takes the count of records dropped by threads that could not get their first chunk,
  /// and of those ``countDropped()`` counted.
  func takeUnattachedDropped() -> Int { Int(unattachedDropped.exchange(0)) }

  /// The slots of `thread` the writer can read now, contiguous in one chunk; nil when there
  /// are none now. Moves to the thread's next chunk, handing the emptied one back to the
  /// pool, when the chunk is done.
  func readable(_ thread: UnsafeMutablePointer<redraw_thread>) -> UnsafeBufferPointer<redraw_slot>? {
    while true {
      let chunk: UnsafeMutablePointer<redraw_chunk> = redraw_thread_reading(thread).pointee!
      let read = redraw_thread_read(thread).pointee
      var count = redraw_chunk_count(chunk)
      if read < count { return Self.slots(of: chunk, from: read, to: count) }
      guard let next = redraw_chunk_next(chunk) else { return nil }
      // Done: `count`, stored before `next`, is final.
      count = redraw_chunk_count(chunk)
      if read < count { return Self.slots(of: chunk, from: read, to: count) }
      redraw_thread_reading(thread).pointee = next
      redraw_thread_read(thread).pointee = 0
      pool.withLock { Self.giveBack(chunk, to: &$0) }
    }
  }

  private static func slots(
    of chunk: UnsafeMutablePointer<redraw_chunk>, from start: UInt32, to end: UInt32
  ) -> UnsafeBufferPointer<redraw_slot> {
    UnsafeBufferPointer(start: redraw_chunk_slots(chunk) + Int(start), count: Int(end - start))
  }

  /// Frees the threads that ended and whose records were all read.
  func reap() {
    pool.withLock { pool in
      var left: [UnsafeMutablePointer<redraw_thread>] = []
      for thread in pool.threads {
        let reading: UnsafeMutablePointer<redraw_chunk> = redraw_thread_reading(thread).pointee!
        let done =
          redraw_thread_is_closed(thread) != 0 && redraw_chunk_next(reading) == nil
          && redraw_thread_read(thread).pointee == redraw_chunk_count(reading) && redraw_thread_has_dropped(thread) == 0
        if done {
          Self.giveBack(reading, to: &pool)
          thread.deallocate()
        } else {
          left.append(thread)
        }
      }
      pool.threads = left
    }
  }
}
