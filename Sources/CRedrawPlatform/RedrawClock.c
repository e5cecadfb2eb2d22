#include "RedrawClock.h"

uint64_t redraw_clock_scale_storage = 1ULL << REDRAW_CLOCK_SCALE_SHIFT;

// C: `redraw_clock_now`'s other branch (RedrawClock.h).
uint64_t redraw_clock_system_now_out_of_line(void) { return redraw_clock_system_now(); }
