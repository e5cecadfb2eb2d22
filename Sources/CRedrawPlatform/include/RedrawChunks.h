// Per-thread chunks of trace records: the layout a recording thread writes without a lock,
// and its path to its chunk through a thread-local. The pool of chunks, the registry of
// threads and the writer's reading are Swift (RecordChunks.swift), which reaches the fields
// that are shared between threads through the atomic accessors below.
//
// Each recording thread owns a chain of chunks. It writes fixed 32-byte slots into the last
// one and publishes how many it wrote with a release store of the chunk's `count`; when the
// chunk is full it links a fresh one as `next` (after a final store of `count`) and goes on
// there. The writer reads each thread's chain from its own cursor: the slots up to `count`
// (an acquire load), and, once `next` is set, the rest of the chunk and then the next one.
// One producer and one consumer per chain, so no lock is taken on the recording path.
//
// Why C: a thread-local (Swift has none), and atomics on fields (the Synchronization module
// is above the macOS 14 floor). Each function below says which it needs.

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
/// C: a thread-local, which Swift lacks.
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
/// C: a thread-local and an atomic store.
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
/// C: a thread-local and an atomic store.
static inline void redraw_commit(uint32_t slots) {
  redraw_thread *thread = redraw_current_thread_storage;
  thread->used += slots;
  __atomic_store_n(&thread->current->count, thread->used, __ATOMIC_RELEASE);
}

// MARK: - The thread-local, for RecordChunks.swift

/// The calling thread's state (thread-local).
/// C: a thread-local, which Swift lacks.
static inline redraw_thread *redraw_current_thread(void) { return redraw_current_thread_storage; }

/// Sets the calling thread's state (thread-local).
/// C: a thread-local, which Swift lacks.
static inline void redraw_set_current_thread(redraw_thread *thread) { redraw_current_thread_storage = thread; }

// MARK: - Fields by their own address, for RecordChunks.swift
//
// The recording thread owns `current` and `used`, the writer `reading` and `read`. C: in Swift,
// `pointee.field` is an access to the whole structure, which ThreadSanitizer reports as racing
// with the other side's fields (and a key path's `pointer(to:)` gives none for these).

/// The thread's chunk (the recording thread's).
static inline redraw_chunk **redraw_thread_current(redraw_thread *thread) { return &thread->current; }

/// Slots used in it (the recording thread's).
static inline uint32_t *redraw_thread_used(redraw_thread *thread) { return &thread->used; }

/// The chunk the writer reads (the writer's).
static inline redraw_chunk **redraw_thread_reading(redraw_thread *thread) { return &thread->reading; }

/// Slots of it the writer read (the writer's).
static inline uint32_t *redraw_thread_read(redraw_thread *thread) { return &thread->read; }

/// The thread's trace `tid`, set before the thread is registered.
static inline int32_t redraw_thread_tid(const redraw_thread *thread) { return thread->tid; }

/// A chunk's capacity, set before the chunk is handed out.
static inline uint32_t redraw_chunk_capacity(const redraw_chunk *chunk) { return chunk->capacity; }

// MARK: - Atomic fields, for RecordChunks.swift

/// The chunk's slots. C: a flexible array member, which Swift does not import.
static inline redraw_slot *redraw_chunk_slots(redraw_chunk *chunk) { return chunk->slots; }

/// The slots published in `chunk` (C: an atomic load, acquiring).
static inline uint32_t redraw_chunk_count(const redraw_chunk *chunk) {
  return __atomic_load_n(&chunk->count, __ATOMIC_ACQUIRE);
}

/// The chunk after `chunk`, NULL while its thread writes it (C: an atomic load, acquiring).
static inline redraw_chunk *redraw_chunk_next(const redraw_chunk *chunk) {
  return __atomic_load_n(&chunk->next, __ATOMIC_ACQUIRE);
}

/// Hands `chunk` over to the writer with `next` after it (C: an atomic store, releasing).
static inline void redraw_chunk_link(redraw_chunk *chunk, redraw_chunk *next) {
  __atomic_store_n(&chunk->next, next, __ATOMIC_RELEASE);
}

/// Empties a chunk taken from the pool (C: atomic stores, as its later loads are).
static inline void redraw_chunk_reset(redraw_chunk *chunk) {
  __atomic_store_n(&chunk->count, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&chunk->next, (redraw_chunk *)0, __ATOMIC_RELAXED);
}

/// Counts a record `thread` dropped (C: atomic, as the writer takes the count).
static inline void redraw_thread_count_dropped(redraw_thread *thread) {
  __atomic_fetch_add(&thread->dropped, 1, __ATOMIC_RELAXED);
}

/// Takes the count of records `thread` dropped since the last call (C: atomic).
static inline int64_t redraw_thread_take_dropped(redraw_thread *thread) {
  return __atomic_exchange_n(&thread->dropped, 0, __ATOMIC_RELAXED);
}

/// Whether `thread` dropped records the writer has not taken (C: atomic).
static inline int redraw_thread_has_dropped(redraw_thread *thread) {
  return __atomic_load_n(&thread->dropped, __ATOMIC_RELAXED) != 0;
}

/// Marks `thread` ended, at its exit (C: an atomic store, releasing).
static inline void redraw_thread_close(redraw_thread *thread) { __atomic_store_n(&thread->closed, 1, __ATOMIC_RELEASE); }

/// Whether `thread` has ended (C: an atomic load, acquiring).
static inline int redraw_thread_is_closed(redraw_thread *thread) {
  return __atomic_load_n(&thread->closed, __ATOMIC_ACQUIRE);
}

#endif
