// The process-wide cache of `@Observable` property names, read on every recorded access of
// such a property (PropertyNameCache.swift writes it; ModelTracking+Observable.swift reads it).
//
// A table is `mask + 1` slots (a power of two) after one word holding `mask`; a slot is three
// words: the key (a property name's or key path's address; 0 marks an empty slot), the type
// (its metadata's address) and the value (the interned names, as a record's names word). A
// slot never changes once its key is stored, with release ordering, after the other two; a
// fuller table replaces the published one and the old one is kept, so a reader takes no lock
// and a slot it found stays valid for the life of the process.

#ifndef REDRAW_NAME_CACHE_H
#define REDRAW_NAME_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "RedrawSwitches.h"

/// The published table; at first an empty one of one slot, so a lookup needs no test for none.
extern REDRAW_HOT_GLOBAL int64_t *redraw_name_table_storage;

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t *redraw_name_table(void) {
  return __atomic_load_n(&redraw_name_table_storage, __ATOMIC_ACQUIRE);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_publish_name_table(int64_t *table) {
  __atomic_store_n(&redraw_name_table_storage, table, __ATOMIC_RELEASE);
}

/// Where the chain of `type` and `key` begins in a table of `mask + 1` slots: the upper half
/// of a product of both addresses, whose every bit depends on their low bits.
/// C: inlined into the recording path, which is C (`redraw_record_simple_access`).
static inline uint64_t redraw_name_slot(uint64_t type, uint64_t key, uint64_t mask) {
  return ((type ^ key) * 0x27D4EB2DULL) >> 32 & mask;
}

/// The first slot of the chain of `type` and `key` in `table`.
/// C: inlined into the recording path, which is C (`redraw_record_simple_access`).
static inline __attribute__((always_inline)) const int64_t *redraw_name_first_slot(
  const int64_t *table, uint64_t type, uint64_t key) {
  return table + 1 + redraw_name_slot(type, key, (uint64_t)table[0]) * 3;
}

/// Whether `slot` holds `type` and `key`.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline __attribute__((always_inline)) int redraw_name_slot_holds(
  const int64_t *slot, uint64_t type, uint64_t key) {
  return __atomic_load_n(slot, __ATOMIC_ACQUIRE) == (int64_t)key
    && __atomic_load_n(slot + 1, __ATOMIC_RELAXED) == (int64_t)type;
}

/// The slot of `type` and `key` in `table`, or NULL. A key of 0 is never found (an empty
/// slot's type is 0, which no type's address is).
///
/// - Complexity: O(1) with the table at most half full: a probe or two.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline __attribute__((always_inline)) const int64_t *redraw_name_find_in(
  const int64_t *table, uint64_t type, uint64_t key) {
  const uint64_t mask = (uint64_t)table[0];
  uint64_t index = redraw_name_slot(type, key, mask);
  for (;;) {
    const int64_t *slot = table + 1 + index * 3;
    const int64_t stored = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (stored == 0) return NULL;
    if (stored == (int64_t)key && __atomic_load_n(slot + 1, __ATOMIC_RELAXED) == (int64_t)type) return slot;
    index = (index + 1) & mask;
  }
}

/// The slot of `type` and `key` in the published table, or NULL.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline __attribute__((always_inline)) const int64_t *redraw_name_find(uint64_t type, uint64_t key) {
  return redraw_name_find_in(redraw_name_table(), type, key);
}

/// The value a found slot holds.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline int64_t redraw_name_slot_value(const int64_t *slot) {
  return __atomic_load_n(slot + 2, __ATOMIC_RELAXED);
}

#endif
