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

// MARK: - 64-bit integers

static inline int64_t redraw_atomic_load(const int64_t *address) {
  return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

static inline int64_t redraw_atomic_load_relaxed(const int64_t *address) {
  return __atomic_load_n(address, __ATOMIC_RELAXED);
}

static inline void redraw_atomic_store(int64_t *address, int64_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

static inline void redraw_atomic_store_relaxed(int64_t *address, int64_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

/// Adds `value` and returns the value before.
static inline int64_t redraw_atomic_fetch_add(int64_t *address, int64_t value) {
  return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
}

/// Stores `value` and returns the value before, acquiring (for taking a lock).
static inline int64_t redraw_atomic_exchange(int64_t *address, int64_t value) {
  return __atomic_exchange_n(address, value, __ATOMIC_ACQ_REL);
}

// MARK: - Process-wide switches read on every recorded access

/// Whether recording is on (see RecordingSwitch.swift): 0 unconfigured, 1 off, 2 on.
/// A C global with a constant initial value, so reading it is one load.
extern uint8_t redraw_recording_state_storage;

static inline uint8_t redraw_recording_state(void) {
  return __atomic_load_n(&redraw_recording_state_storage, __ATOMIC_RELAXED);
}

static inline void redraw_set_recording_state(uint8_t state) {
  __atomic_store_n(&redraw_recording_state_storage, state, __ATOMIC_RELEASE);
}

/// How many access collections run on any thread (see ModelObservation.swift).
extern int64_t redraw_access_collectors_storage;

static inline int64_t redraw_access_collectors(void) {
  return __atomic_load_n(&redraw_access_collectors_storage, __ATOMIC_RELAXED);
}

static inline void redraw_add_access_collectors(int64_t delta) {
  __atomic_fetch_add(&redraw_access_collectors_storage, delta, __ATOMIC_RELAXED);
}

/// Scoped sessions in progress (see Recorder+Scopes.swift), read before the lock by every
/// recorded event.
extern int64_t redraw_active_scopes_storage;

static inline int64_t redraw_active_scopes(void) {
  return __atomic_load_n(&redraw_active_scopes_storage, __ATOMIC_RELAXED);
}

static inline void redraw_set_active_scopes(int64_t count) {
  __atomic_store_n(&redraw_active_scopes_storage, count, __ATOMIC_RELAXED);
}

/// 1 while the process records to a destination (see Recorder+Scopes.swift).
extern int64_t redraw_has_destination_storage;

static inline int64_t redraw_has_destination(void) {
  return __atomic_load_n(&redraw_has_destination_storage, __ATOMIC_RELAXED);
}

static inline void redraw_set_has_destination(int64_t value) {
  __atomic_store_n(&redraw_has_destination_storage, value, __ATOMIC_RELAXED);
}

// MARK: - The calling thread's trace id

/// The calling thread's `tid` in traces, 0 until it first records (see ThreadContext.swift).
/// A C thread-local: Swift has none, and a `pthread_key_t` in a Swift `static let` costs each
/// read a lazy-initialization check and a call to `pthread_getspecific`.
extern _Thread_local int32_t redraw_thread_id_storage;

static inline int32_t redraw_thread_id(void) {
  return redraw_thread_id_storage;
}

static inline void redraw_set_thread_id(int32_t id) {
  redraw_thread_id_storage = id;
}

// MARK: - Decimal formatting

/// 10 to the power `exponent`, for 0 <= `exponent` <= 19: a constant table, so formatting an
/// integer needs no lazy initialization (see EventBuffer.swift).
static inline uint64_t redraw_power_of_ten(int exponent) {
  static const uint64_t powers[20] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
    1000000000000000000ULL, 10000000000000000000ULL,
  };
  return powers[exponent];
}

#endif
