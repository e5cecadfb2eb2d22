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
/// set once, by `redraw_clock_choose`.

/// Nanoseconds a tick, in fixed point with REDRAW_CLOCK_SCALE_SHIFT bits of fraction.
extern uint64_t redraw_clock_scale_storage;

/// Nanoseconds on the system's monotonic clock.
static inline uint64_t redraw_clock_system_now(void) {
#if defined(__APPLE__)
  return clock_gettime_nsec_np(CLOCK_UPTIME_RAW);
#else
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
#endif
}

#if REDRAW_CLOCK_HAS_COUNTER
/// The counter, read after every earlier instruction has completed (`lfence`, as the kernel's
/// own clock reads it): an event that follows another thread's, through a value it loaded,
/// is never stamped before it.
static inline __attribute__((always_inline)) uint64_t redraw_clock_counter(void) {
  __builtin_ia32_lfence();
  return __builtin_ia32_rdtsc();
}
#endif

/// `redraw_clock_system_now`, out of line: the counter's path stays a load, a branch and
/// `rdtsc` where it is inlined.
uint64_t redraw_clock_system_now_out_of_line(void);

/// The clock a record holds: the counter's ticks, or nanoseconds.
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

/// The current scale, for `redraw_clock_elapsed_ns`.
static inline uint64_t redraw_clock_scale(void) {
  return __atomic_load_n(&redraw_clock_scale_storage, __ATOMIC_RELAXED);
}

/// The nanoseconds in `elapsed` of `redraw_clock_now`'s units, at `scale`.
static inline uint64_t redraw_clock_elapsed_ns(uint64_t elapsed, uint64_t scale) {
#if REDRAW_CLOCK_HAS_COUNTER
  return (uint64_t)(((unsigned __int128)elapsed * scale) >> REDRAW_CLOCK_SCALE_SHIFT);
#else
  (void)scale;
  return elapsed;
#endif
}

/// Chooses the clock, once, before it is first read: the counter on x86-64 Linux whose
/// kernel's clocksource (`/sys/devices/system/clocksource/clocksource0/current_clocksource`)
/// is `tsc`, the system clock otherwise or when the file cannot be read.
void redraw_clock_choose(void);

/// Whether a kernel clocksource of this name (as the file spells it, with or without its
/// newline) is the time-stamp counter.
int redraw_clock_source_is_counter(const char *name);

/// Whether the clock reads the counter.
int redraw_clock_uses_counter(void);

/// Measures the counter's rate again, from the setup's reading to now, and sets the scale:
/// the writer's, before it converts a drain's records. Nothing when the clock is not the
/// counter, or when it ticked too few times since the setup to tell its rate.
void redraw_clock_calibrate(void);

/// The scale `elapsed_ns` nanoseconds over `elapsed_ticks` ticks make (0 ticks: the
/// identity's). For tests, and `redraw_clock_calibrate`.
uint64_t redraw_clock_scale_between(uint64_t elapsed_ticks, uint64_t elapsed_ns);

#endif
