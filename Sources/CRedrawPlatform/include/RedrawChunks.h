// Per-thread chunks of trace records: what a recording thread writes without a lock and the
// recorder's writer turns into JSON lines (see Recorder+Drain.swift).
//
// Each recording thread owns a chain of chunks. It writes fixed 32-byte slots into the last
// one and publishes how many it wrote with a release store of the chunk's `count`; when the
// chunk is full it links a fresh one as `next` (after a final store of `count`) and goes on
// there. The writer reads each thread's chain from its own cursor: the slots up to `count`
// (an acquire load), and, once `next` is set, the rest of the chunk and then the next one,
// handing the emptied chunk back to a pool. One producer and one consumer per chain, so no
// lock is taken on the recording path; the pool's lock is taken once per chunk.
//
// Memory is bounded: chunks come from a pool of at most `redraw_chunks_limit` chunks; a
// thread that finds none drops its records and counts them, and the writer reports the
// count. A thread's chain and its state are freed by the writer once the thread has ended
// (a thread-specific destructor marks it) and everything it wrote is read.

#ifndef REDRAW_CHUNKS_H
#define REDRAW_CHUNKS_H

#include <stdint.h>

/// One record slot: a header or payload of four words.
typedef struct redraw_slot {
  uint64_t words[4];
} redraw_slot;

/// A run of slots one thread writes: published up to `count`, followed by `next` once full.
typedef struct redraw_chunk {
  /// Slots published; final once `next` is set. Atomic.
  uint32_t count;
  uint32_t capacity;
  /// The thread's next chunk, set when this one is done. Atomic.
  struct redraw_chunk *next;
  redraw_slot slots[];
} redraw_chunk;

/// A recording thread's chain and the writer's place in it.
typedef struct redraw_thread {
  // The producer's (the thread's own):
  redraw_chunk *current;
  uint32_t used;
  /// The thread's trace `tid`.
  int32_t tid;
  // Shared, atomic:
  /// Records the thread dropped since the writer last took the count.
  int64_t dropped;
  /// 1 once the thread has ended.
  int32_t closed;
  // The writer's:
  redraw_chunk *reading;
  uint32_t read;
  /// The registry's list, under its lock.
  struct redraw_thread *next_thread;
} redraw_thread;

/// The thread-local model of the recorder's thread-locals: initial-exec on Linux, where a
/// library linked at start-up reads one with a single load (the general-dynamic default calls
/// `__tls_get_addr` on every read); the platform's own elsewhere.
#if defined(__linux__)
#define REDRAW_THREAD_LOCAL _Thread_local __attribute__((tls_model("initial-exec")))
#else
#define REDRAW_THREAD_LOCAL _Thread_local
#endif

/// The calling thread's state, NULL until it first records.
extern REDRAW_THREAD_LOCAL redraw_thread *redraw_current_thread_storage;

/// Room for `slots` slots in the calling thread's chunk, or NULL when the thread has no
/// state yet or its chunk is full (then `redraw_reserve_slowly`).
static inline redraw_slot *redraw_reserve(uint32_t slots) {
  redraw_thread *thread = redraw_current_thread_storage;
  if (__builtin_expect(thread != 0, 1) && thread->used + slots <= thread->current->capacity) {
    return &thread->current->slots[thread->used];
  }
  return 0;
}

/// Writes a one-slot record of these four words and publishes it: the hot path, one
/// thread-local read. Returns 0 when the thread has no state yet or its chunk is full (then
/// `redraw_reserve_slowly`, `redraw_commit`).
static inline int redraw_write_record(uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3) {
  redraw_thread *thread = redraw_current_thread_storage;
  if (__builtin_expect(thread == 0, 0)) return 0;
  uint32_t used = thread->used;
  redraw_chunk *chunk = thread->current;
  if (__builtin_expect(used >= chunk->capacity, 0)) return 0;
  redraw_slot *slot = &chunk->slots[used];
  slot->words[0] = w0;
  slot->words[1] = w1;
  slot->words[2] = w2;
  slot->words[3] = w3;
  thread->used = used + 1;
  __atomic_store_n(&chunk->count, used + 1, __ATOMIC_RELEASE);
  return 1;
}

/// Publishes the `slots` slots just written at the place `redraw_reserve` returned.
static inline void redraw_commit(uint32_t slots) {
  redraw_thread *thread = redraw_current_thread_storage;
  thread->used += slots;
  __atomic_store_n(&thread->current->count, thread->used, __ATOMIC_RELEASE);
}

/// Room for `slots` slots: attaches the calling thread (with trace id `tid`) on its first
/// record, moves it to a fresh chunk when its chunk is full. NULL when the pool is
/// exhausted, the record counted as dropped; with `past_limit`, a chunk is allocated
/// anyway (a record of a scoped session, which is kept whole in memory and drops nothing).
redraw_slot *redraw_reserve_slowly(uint32_t slots, int32_t tid, int past_limit);

/// Sets the pool's limit in chunks and the slots of a standard chunk; 0 keeps a value.
void redraw_chunks_configure(int64_t limit, uint32_t slots_per_chunk);

/// Sets what is called after a thread linked a new chunk (a full one waits for the
/// writer). It runs on the recording thread and must not record.
void redraw_set_chunk_filled_handler(void (*handler)(void));

// MARK: - The writer's side

/// Copies up to `capacity` registered threads into `threads`; returns how many there are.
int64_t redraw_threads_snapshot(redraw_thread **threads, int64_t capacity);

/// The slots of `thread` the writer can read now, contiguous in one chunk: their address
/// in `start`, their number returned (0: nothing now).
uint32_t redraw_thread_readable(redraw_thread *thread, const redraw_slot **start);

/// Marks `slots` slots of `thread` read; moves to its next chunk, handing the emptied one
/// back to the pool, when the chunk is done.
void redraw_thread_consume(redraw_thread *thread, uint32_t slots);

/// Takes the count of records `thread` dropped since the last call.
int64_t redraw_thread_take_dropped(redraw_thread *thread);

/// Frees the threads that ended and whose records were all read; returns how many.
int64_t redraw_threads_reap(void);

/// Counts a record dropped before any chunk was asked for it (one too large to describe).
void redraw_count_dropped(void);

/// Takes the count of records dropped by threads that could not get their first chunk, and
/// of those `redraw_count_dropped` counted.
int64_t redraw_take_unattached_dropped(void);

/// Chunks allocated now (in use and free), for tests.
int64_t redraw_chunks_allocated(void);

#endif
