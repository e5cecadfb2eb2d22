// The process-wide switches a recorded access reads, in one structure: code that reads
// several finds them all from one address (a C global is reached through one address load
// each), and none needs lazy initialization (a constant initial value).

#ifndef REDRAW_SWITCHES_H
#define REDRAW_SWITCHES_H

#include <stdint.h>

/// A global the recording path reads on every access, declared hidden: the code of the image
/// that defines it reaches it at a fixed offset from the instruction, without the load of its
/// address from the global offset table. Redraw's C is linked statically into the image that
/// records (an app, a test bundle, `redraw`), which then has one copy; two shared libraries
/// that each linked it would each have their own, as on Apple platforms, whose images do not
/// share a symbol they both define.
#if defined(__ELF__)
#define REDRAW_HOT_GLOBAL __attribute__((visibility("hidden")))
#else
#define REDRAW_HOT_GLOBAL
#endif

#if defined(__linux__) && defined(__x86_64__)
/// Whether this build can read the time-stamp counter (see RedrawClock.h).
#define REDRAW_CLOCK_HAS_COUNTER 1
#else
#define REDRAW_CLOCK_HAS_COUNTER 0
#endif

typedef struct redraw_switches {
  /// What keeps a recorded access off its simple path (`redraw_record_simple_access`): each
  /// access collection running, and one each for recording not on, scoped sessions, a
  /// property's name being resolved and, where a build can read the time-stamp counter, the
  /// counter not in use. 0 opens the path, so it tests one word instead of each switch.
  /// Changed only with what it counts (below).
  int64_t simple_path_blockers;
  /// How many access collections run on any thread (see ModelObservation.swift).
  int64_t access_collectors;
  /// Scoped sessions in progress (see Recorder+Scopes.swift).
  int64_t active_scopes;
  /// The `tid` of the thread resolving a property's name now, 0 for none (see
  /// ObservablePropertyNames.swift).
  int64_t resolving_thread;
  /// Whether recording is on (see RecordingSwitch.swift): 0 unconfigured, 1 off, 2 on.
  uint8_t recording_state;
  /// Whether an access may have work beyond Observation's (see `redraw_access_work`).
  uint8_t access_work;
  /// 1 when the clock reads the time-stamp counter (see RedrawClock.h).
  uint8_t clock_counter;
} redraw_switches;

extern REDRAW_HOT_GLOBAL redraw_switches redraw_switches_storage;

/// The switches' values when a process starts: recording not configured and, where a build can
/// read it, the counter not in use yet; so two blockers of the simple path, or one.
#define REDRAW_SWITCHES_INITIAL {.simple_path_blockers = 1 + REDRAW_CLOCK_HAS_COUNTER, .access_work = 1}

/// C: the initial value of the process's switches, a macro Swift cannot import (for tests).
static inline redraw_switches redraw_switches_initial(void) {
  const redraw_switches switches = REDRAW_SWITCHES_INITIAL;
  return switches;
}

// MARK: - Changing switches
//
// Each function changes one switch of `switches` (the process's are
// `redraw_switches_storage`; tests use values of their own) and counts the change in
// `simple_path_blockers`, atomically. A collection counts itself, so collections that begin
// and end at once on many threads keep the count, and a thread that began one sees the path
// closed. Every other switch is changed by one thread at a time, which counts a change from
// the value it replaces: recording and scoped sessions on the recorder's writer queue (and
// once in its initializer, before the recorder can be used), the resolving thread under the
// name resolver's lock, the counter once when the recorder starts.

/// Counts a switch's change: `was` and `is` tell whether it kept accesses off the simple path
/// before and after.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_switches_count_blocker(redraw_switches *switches, int was, int is) {
  if (was != is) __atomic_fetch_add(&switches->simple_path_blockers, is - was, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_switches_set_recording_state(redraw_switches *switches, uint8_t state) {
  // Recording on (2) or not configured (0) is work; off (1) is not.
  if (state == 1) {
    __atomic_fetch_and(&switches->access_work, (uint8_t)~1u, __ATOMIC_RELEASE);
  } else {
    __atomic_fetch_or(&switches->access_work, (uint8_t)1u, __ATOMIC_RELEASE);
  }
  const uint8_t before = __atomic_exchange_n(&switches->recording_state, state, __ATOMIC_RELEASE);
  redraw_switches_count_blocker(switches, before != 2, state != 2);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_switches_add_access_collectors(redraw_switches *switches, int64_t delta) {
  if (delta > 0) __atomic_fetch_or(&switches->access_work, (uint8_t)2u, __ATOMIC_RELEASE);
  __atomic_fetch_add(&switches->access_collectors, delta, __ATOMIC_RELAXED);
  __atomic_fetch_add(&switches->simple_path_blockers, delta, __ATOMIC_RELAXED);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_switches_set_active_scopes(redraw_switches *switches, int64_t count) {
  const int64_t before = __atomic_exchange_n(&switches->active_scopes, count, __ATOMIC_RELAXED);
  redraw_switches_count_blocker(switches, before != 0, count != 0);
}

/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_switches_set_resolving_thread(redraw_switches *switches, int64_t thread) {
  const int64_t before = __atomic_exchange_n(&switches->resolving_thread, thread, __ATOMIC_RELAXED);
  redraw_switches_count_blocker(switches, before != 0, thread != 0);
}

/// Records that the clock reads the time-stamp counter from now on (once; later calls do
/// nothing), with release ordering: what the caller wrote before is visible to a thread that
/// sees the counter in use.
/// C: an atomic access (the Synchronization module is above the macOS 14 floor).
static inline void redraw_switches_use_counter(redraw_switches *switches) {
  if (__atomic_exchange_n(&switches->clock_counter, 1, __ATOMIC_RELEASE) == 0 && REDRAW_CLOCK_HAS_COUNTER) {
    redraw_switches_count_blocker(switches, 1, 0);
  }
}

#endif
