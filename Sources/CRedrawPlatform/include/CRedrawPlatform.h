// Atomic operations for Redraw's Swift code, without the Synchronization module
// (macOS 15 / iOS 18, above the package's floor of macOS 14 / iOS 17).
//
// Every function is `static inline` over the `__atomic` builtins that Clang and GCC
// provide on every platform Swift runs on, so a call compiles to the one instruction
// it names and ThreadSanitizer sees it as an atomic access. The functions on integers
// take their address: Swift allocates that storage and passes it.
//
// The recorder's hot path also reads here what Swift would initialize lazily (a `static
// let` costs each read a call to `swift_once` on Linux): process-wide switches with constant
// initial values, the calling thread's trace id (a C thread-local, which Swift lacks) and a
// table of powers of ten.

#ifndef CREDRAWPLATFORM_H
#define CREDRAWPLATFORM_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "RedrawChunks.h"
#include "RedrawClock.h"
#include "RedrawSwitches.h"
#include "RedrawNameCache.h"

// MARK: - 64-bit integers

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_atomic_load(const int64_t *address) {
  return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_atomic_load_relaxed(const int64_t *address) {
  return __atomic_load_n(address, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_atomic_store(int64_t *address, int64_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_atomic_store_relaxed(int64_t *address, int64_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

/// Adds `value` and returns the value before.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_atomic_fetch_add(int64_t *address, int64_t value) {
  return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
}

/// Stores `value` and returns the value before, acquiring (for taking a lock).
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_atomic_exchange(int64_t *address, int64_t value) {
  return __atomic_exchange_n(address, value, __ATOMIC_ACQ_REL);
}

// MARK: - Process-wide switches read on every recorded access (RedrawSwitches.h)

/// Whether an access to a model's property may have work beyond Observation's: bit 0 while
/// recording is on or not configured yet, bit 1 once any access collection ran (it stays
/// set). One load decides, on every access, that there is none: the accessors keep the rest
/// out of line, so they stay small enough to inline.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline uint8_t redraw_access_work(void) {
  return __atomic_load_n(&redraw_switches_storage.access_work, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline uint8_t redraw_recording_state(void) {
  return __atomic_load_n(&redraw_switches_storage.recording_state, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_set_recording_state(uint8_t state) {
  redraw_switches_set_recording_state(&redraw_switches_storage, state);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_access_collectors(void) {
  return __atomic_load_n(&redraw_switches_storage.access_collectors, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_add_access_collectors(int64_t delta) {
  redraw_switches_add_access_collectors(&redraw_switches_storage, delta);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_active_scopes(void) {
  return __atomic_load_n(&redraw_switches_storage.active_scopes, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_set_active_scopes(int64_t count) {
  redraw_switches_set_active_scopes(&redraw_switches_storage, count);
}

/// The `tid` of the thread resolving a property's name now, 0 for none.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_resolving_thread(void) {
  return __atomic_load_n(&redraw_switches_storage.resolving_thread, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_set_resolving_thread(int64_t thread) {
  redraw_switches_set_resolving_thread(&redraw_switches_storage, thread);
}

// MARK: - The simple path of a recorded access

/// What keeps the process's recorded accesses off their simple path now (RedrawSwitches.h):
/// 0 when it is open.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_simple_path_blockers(void) {
  return __atomic_load_n(&redraw_switches_storage.simple_path_blockers, __ATOMIC_RELAXED);
}

/// The clock of a record on the simple path, which is open only while the counter is in use
/// where a build can read it.
/// C: inlined into the C recording path below.
static inline __attribute__((always_inline)) uint64_t redraw_simple_path_clock(void) {
#if REDRAW_CLOCK_HAS_COUNTER
  return redraw_clock_counter();
#else
  return redraw_clock_system_now();
#endif
}

/// What a record needs of a traced instance, where the recording path reads it only once it
/// writes (TraceIdentity.swift): its object id, and its type's interned name for its `deinit`
/// event, -1 until its first record.
typedef struct redraw_identity {
  uint64_t object;
  int64_t type_name;
} redraw_identity;

/// Records a one-slot `read` or `write` (`header`: 1 or 2, flags in bits 8 to 15) of the
/// destination's session when that is all there is to do: the simple path open (recording
/// on, no access collection running, no scoped session, no name being resolved, the clock
/// the counter where a build can read it) and room in the thread's chunk. Returns 0 having
/// written nothing otherwise.
///
/// Everything on this path stays in caller-saved registers and makes no call, so the
/// out-of-line function an accessor calls saves none: its other cases go to a tail call.
/// C: a thread-local and atomics, with no call and no saved register.
static inline __attribute__((always_inline)) int redraw_record_simple_access(
  const redraw_identity *identity, uint64_t names, uint64_t header) {
  if (__builtin_expect(redraw_simple_path_blockers() != 0, 0)) return 0;
  return redraw_write_record(redraw_simple_path_clock(), identity->object, names, header);
}

/// ``redraw_record_simple_access`` for an `@Observable` property named by its type's and its
/// key's addresses (RedrawNameCache.h): 0 also when the cache does not hold its names. On
/// the first record of the instance, notes its type's name in `identity`.
/// C: a thread-local and atomics, with no call and no saved register.
static inline __attribute__((always_inline)) int redraw_record_named_access(
  uint64_t type, uint64_t key, redraw_identity *identity, uint64_t header) {
  if (__builtin_expect(redraw_simple_path_blockers() != 0, 0)) return 0;
  // The first slot of the chain, tested here, holds most keys: the loop is out of the way.
  const int64_t *table = redraw_name_table();
  const int64_t *slot = redraw_name_first_slot(table, type, key);
  if (__builtin_expect(!redraw_name_slot_holds(slot, type, key), 0)) {
    slot = redraw_name_find_in(table, type, key);
    if (slot == NULL) return 0;
  }
  const uint64_t names = (uint64_t)redraw_name_slot_value(slot);
  if (__builtin_expect(!redraw_write_record(redraw_simple_path_clock(), identity->object, names, header), 0)) {
    return 0;
  }
  // The type's name is the names word's low half.
  if (__builtin_expect(__atomic_load_n(&identity->type_name, __ATOMIC_RELAXED) < 0, 0)) {
    __atomic_store_n(&identity->type_name, (int64_t)(uint32_t)names, __ATOMIC_RELAXED);
  }
  return 1;
}

/// The one scope the destination records, 0 for none (the recorder's own tests): its
/// records are the destination's, bounded, not a scoped session's (see Recorder+Record.swift).
extern int32_t redraw_destination_scope_storage;

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int32_t redraw_destination_scope(void) {
  return __atomic_load_n(&redraw_destination_scope_storage, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_set_destination_scope(int32_t scope) {
  __atomic_store_n(&redraw_destination_scope_storage, scope, __ATOMIC_RELAXED);
}

/// 1 while the process records to a destination (see Recorder+Scopes.swift).
extern int64_t redraw_has_destination_storage;

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_has_destination(void) {
  return __atomic_load_n(&redraw_has_destination_storage, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_set_has_destination(int64_t value) {
  __atomic_store_n(&redraw_has_destination_storage, value, __ATOMIC_RELAXED);
}

/// The last span id handed out (see Recorder+Record.swift): process-wide, so a span's id is
/// known when it begins, on the recording thread; the writer numbers spans per session.
extern int64_t redraw_span_counter_storage;

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_next_span_id(void) {
  return __atomic_add_fetch(&redraw_span_counter_storage, 1, __ATOMIC_RELAXED);
}

// MARK: - The calling thread's trace id

/// The calling thread's `tid` in traces, 0 until it first records (see ThreadContext.swift).
/// A C thread-local: Swift has none, and a `pthread_key_t` in a Swift `static let` costs each
/// read a lazy-initialization check and a call to `pthread_getspecific`.
extern REDRAW_THREAD_LOCAL int32_t redraw_thread_id_storage;

/// C: a thread-local, which Swift lacks.
static inline int32_t redraw_thread_id(void) {
  return redraw_thread_id_storage;
}

/// C: a thread-local, which Swift lacks.
static inline void redraw_set_thread_id(int32_t id) {
  redraw_thread_id_storage = id;
}

#endif
