// Atomic operations for Redraw's Swift code, without the Synchronization module
// (macOS 15 / iOS 18, above the package's floor of macOS 14 / iOS 17).
//
// Every function is `static inline` over the `__atomic` builtins that Clang and GCC
// provide on every platform Swift runs on, so a call compiles to the one instruction
// it names and ThreadSanitizer sees it as an atomic access. The functions work on
// plain integers: Swift allocates the storage and passes its address.

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

#endif
