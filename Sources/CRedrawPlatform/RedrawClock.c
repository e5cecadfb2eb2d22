#include "RedrawClock.h"

#include <string.h>
#if REDRAW_CLOCK_HAS_COUNTER
#include <fcntl.h>
#include <unistd.h>
#endif

uint64_t redraw_clock_scale_storage = 1ULL << REDRAW_CLOCK_SCALE_SHIFT;

uint64_t redraw_clock_system_now_out_of_line(void) { return redraw_clock_system_now(); }

uint64_t redraw_clock_scale_between(uint64_t elapsed_ticks, uint64_t elapsed_ns) {
  if (elapsed_ticks == 0) return 1ULL << REDRAW_CLOCK_SCALE_SHIFT;
#if defined(__SIZEOF_INT128__)
  return (uint64_t)(((unsigned __int128)elapsed_ns << REDRAW_CLOCK_SCALE_SHIFT) / elapsed_ticks);
#else
  return (uint64_t)((long double)elapsed_ns / (long double)elapsed_ticks * (long double)(1ULL << REDRAW_CLOCK_SCALE_SHIFT));
#endif
}

#if REDRAW_CLOCK_HAS_COUNTER
/// The reading the counter's rate is measured from: ticks and nanoseconds at one moment.
/// Written once by `use_counter`, before it publishes the counter's flag.
static uint64_t first_ticks = 0, first_ns = 0;

/// Fewer ticks than this since the first reading tell the rate less well than `use_counter` did.
#define CALIBRATION_TICKS (1ULL << 20)

/// The counter and the system clock read together: the counter's reading is the middle of
/// two around the system clock's, so neither the call's start nor its end biases it. Of
/// four tries, the one whose two counter readings are closest: a thread preempted between
/// them would put the middle far from the system clock's reading.
static void read_both(uint64_t *ticks, uint64_t *ns) {
  uint64_t narrowest = UINT64_MAX;
  for (int attempt = 0; attempt < 4; attempt++) {
    const uint64_t before = redraw_clock_counter();
    const uint64_t now = redraw_clock_system_now();
    const uint64_t after = redraw_clock_counter();
    if (after < before || after - before >= narrowest) continue;
    narrowest = after - before;
    *ticks = before + narrowest / 2;
    *ns = now;
  }
}

/// Starts using the counter: takes the first reading its rate is measured from, and a first
/// rate over ten microseconds, for the records the first drain converts.
static void use_counter(void) {
  read_both(&first_ticks, &first_ns);
  uint64_t ticks = first_ticks, ns = first_ns;
  while (ns - first_ns < 10000) read_both(&ticks, &ns);
  if (ticks <= first_ticks) return;  // a counter that does not advance: keep the system clock
  __atomic_store_n(&redraw_clock_scale_storage, redraw_clock_scale_between(ticks - first_ticks, ns - first_ns),
                   __ATOMIC_RELAXED);
  redraw_switches_use_counter(&redraw_switches_storage);
}
#endif

int redraw_clock_uses_counter(void) { return __atomic_load_n(&redraw_switches_storage.clock_counter, __ATOMIC_RELAXED); }

void redraw_clock_calibrate(void) {
#if REDRAW_CLOCK_HAS_COUNTER
  // Acquiring: the first reading was written before the flag.
  if (!__atomic_load_n(&redraw_switches_storage.clock_counter, __ATOMIC_ACQUIRE)) return;
  uint64_t ticks = 0, ns = 0;
  read_both(&ticks, &ns);
  if (ticks <= first_ticks || ticks - first_ticks < CALIBRATION_TICKS || ns <= first_ns) return;
  __atomic_store_n(&redraw_clock_scale_storage, redraw_clock_scale_between(ticks - first_ticks, ns - first_ns),
                   __ATOMIC_RELAXED);
#endif
}

int redraw_clock_source_is_counter(const char *name) {
  return strcmp(name, "tsc") == 0 || strcmp(name, "tsc\n") == 0;
}

void redraw_clock_choose(void) {
#if REDRAW_CLOCK_HAS_COUNTER
  char name[32] = {0};
  const int file = open("/sys/devices/system/clocksource/clocksource0/current_clocksource", O_RDONLY | O_CLOEXEC);
  if (file < 0) return;
  const ssize_t length = read(file, name, sizeof(name) - 1);
  close(file);
  if (length > 0 && redraw_clock_source_is_counter(name)) use_counter();
#endif
}
