// The recorder's clock: what a recording thread reads for each event, and how the writer
// turns it into nanoseconds (see MonotonicClock.swift).
//
// On x86-64 Linux whose kernel keeps time by the time-stamp counter (its clocksource is
// `tsc`: invariant, and checked synchronized across cores at boot), a record holds the
// counter itself, read with one `rdtsc`; the writer converts it, with a rate it measures
// against `CLOCK_MONOTONIC` from the recorder's start to each drain. Everywhere else a
// record holds nanoseconds: Linux's `CLOCK_MONOTONIC` (vDSO), or on Apple platforms
// `CLOCK_UPTIME_RAW` (whose `CLOCK_MONOTONIC` only ticks in microseconds), and the
// conversion is the identity.

#ifndef REDRAW_CLOCK_H
#define REDRAW_CLOCK_H

#include <stdint.h>
#include <time.h>

#include "RedrawSwitches.h"

// REDRAW_CLOCK_HAS_COUNTER, whether this build can read the counter: RedrawSwitches.h.

/// How many bits of `redraw_clock_scale` are below the point.
#define REDRAW_CLOCK_SCALE_SHIFT 48

/// `redraw_switches_storage.clock_counter` is 1 when `redraw_clock_now` reads the counter;
/// set once, by MonotonicClock.choose() (MonotonicClock+Counter.swift).

/// Nanoseconds a tick, in fixed point with REDRAW_CLOCK_SCALE_SHIFT bits of fraction.
extern uint64_t redraw_clock_scale_storage;

/// Nanoseconds on the system's monotonic clock. C: inlined into the C recording path.
static inline uint64_t redraw_clock_system_now(void) {
#if defined(__APPLE__)
  return clock_gettime_nsec_np(CLOCK_UPTIME_RAW);
#else
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
#endif
}

/// The counter, read after every earlier instruction has completed (`lfence`, as the kernel's
/// own clock reads it): an event that follows another thread's, through a value it loaded,
/// is never stamped before it. 0 where the build cannot read it. C: `rdtsc` is an intrinsic
/// Swift lacks.
static inline __attribute__((always_inline)) uint64_t redraw_clock_counter(void) {
#if REDRAW_CLOCK_HAS_COUNTER
  __builtin_ia32_lfence();
  return __builtin_ia32_rdtsc();
#else
  return 0;
#endif
}

/// `redraw_clock_system_now`, out of line, so that `redraw_clock_now`'s counter path stays a
/// load, a branch and `rdtsc` where it is inlined. C: `redraw_clock_now`'s other branch.
uint64_t redraw_clock_system_now_out_of_line(void);

/// The clock a record holds: the counter's ticks, or nanoseconds. C: `rdtsc` and an atomic load.
static inline __attribute__((always_inline)) uint64_t redraw_clock_now(void) {
#if REDRAW_CLOCK_HAS_COUNTER
  if (__builtin_expect(__atomic_load_n(&redraw_switches_storage.clock_counter, __ATOMIC_RELAXED) != 0, 1)) {
    return redraw_clock_counter();
  }
  return redraw_clock_system_now_out_of_line();
#else
  return redraw_clock_system_now();
#endif
}

/// The current scale (MonotonicClock+Counter.swift). C: an atomic load.
static inline uint64_t redraw_clock_scale(void) {
  return __atomic_load_n(&redraw_clock_scale_storage, __ATOMIC_RELAXED);
}

/// Sets the scale. C: an atomic store.
static inline void redraw_clock_set_scale(uint64_t scale) {
  __atomic_store_n(&redraw_clock_scale_storage, scale, __ATOMIC_RELAXED);
}

/// Whether the clock reads the counter. C: an atomic load, acquiring (the first reading was
/// taken before the counter was chosen).
static inline int redraw_clock_uses_counter(void) {
  return __atomic_load_n(&redraw_switches_storage.clock_counter, __ATOMIC_ACQUIRE);
}

/// Makes `redraw_clock_now` read the counter. C: an atomic exchange on the switches.
static inline void redraw_clock_use_counter(void) { redraw_switches_use_counter(&redraw_switches_storage); }

#endif
