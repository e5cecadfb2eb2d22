// The process-wide switches a recorded access reads, in one structure: code that reads
// several finds them all from one address (a C global is reached through one address load
// each), and none needs lazy initialization (a constant initial value).

#ifndef REDRAW_SWITCHES_H
#define REDRAW_SWITCHES_H

#include <stdint.h>

typedef struct redraw_switches {
  /// How many access collections run on any thread (see ModelObservation.swift).
  int64_t access_collectors;
  /// Scoped sessions in progress (see Recorder+Scopes.swift).
  int64_t active_scopes;
  /// Whether recording is on (see RecordingSwitch.swift): 0 unconfigured, 1 off, 2 on.
  uint8_t recording_state;
  /// Whether an access may have work beyond Observation's (see `redraw_access_work`).
  uint8_t access_work;
  /// 1 when the clock reads the time-stamp counter (see RedrawClock.h).
  uint8_t clock_counter;
} redraw_switches;

extern redraw_switches redraw_switches_storage;

#endif
