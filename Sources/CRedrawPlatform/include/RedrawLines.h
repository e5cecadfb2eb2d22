// The writer's hot loop: `read` and `write` records turned into JSON lines whose ends are
// cached (see LineCache.swift). In C for the same reason as the chunks: a line costs a few
// dozen instructions here, with no bounds or exclusivity checks.

#ifndef REDRAW_LINES_H
#define REDRAW_LINES_H

#include <stdint.h>

#include "RedrawChunks.h"

/// The longest line end the cache keeps.
#define REDRAW_LINE_END_MAX 480

/// One cached line end: what the line says, and where its bytes are in the arena, after
/// their count (a `uint32_t`).
typedef struct redraw_line_entry {
  uint64_t object;
  uint64_t names;
  /// The `tid`, kind and flags; 0 for an empty entry.
  uint64_t key;
  const uint8_t *bytes;
} redraw_line_entry;

/// A direct-mapped table of line ends and the arena that holds their bytes.
typedef struct redraw_line_cache redraw_line_cache;

redraw_line_cache *redraw_line_cache_create(void);
void redraw_line_cache_destroy(redraw_line_cache *cache);

/// Keeps `count` bytes as the end of the lines of `object`, `names` and `key` (nothing for
/// an end longer than REDRAW_LINE_END_MAX).
void redraw_line_cache_store(
  redraw_line_cache *cache, uint64_t object, uint64_t names, uint64_t key, const uint8_t *bytes, uint32_t count);

/// The key of a line's thread, kind and flags (the header word's low 16 bits).
static inline uint64_t redraw_line_key(int32_t tid, uint64_t kind_and_flags) {
  return (uint64_t)(uint32_t)tid << 32 | (kind_and_flags & 0xFFFF) | (1ULL << 31);
}

/// Where lines go and how times are written: a session's buffer and clock.
typedef struct redraw_line_output {
  uint8_t *base;
  int64_t count;
  int64_t capacity;
  /// The session's start on the recorder's clock, the clock's scale
  /// (`redraw_clock_elapsed_ns`), and the time of its last line in nanoseconds.
  uint64_t start;
  uint64_t scale;
  int64_t last_time;
} redraw_line_output;

/// Formats the records from `records` on while they are one-slot `read` or `write` records of
/// `scope`, made no later than `limit`, whose line ends are cached and for which the buffer
/// has room; returns how many it formatted (0: the first needs the general path).
uint32_t redraw_format_cached_accesses(
  redraw_line_output *output, redraw_line_cache *cache, const redraw_slot *records, uint32_t count, int32_t scope,
  int32_t tid, uint64_t limit);

/// Writes `value` in decimal at `out` as the line formatter does; returns the digits
/// written (at most 20). For tests: the hot loop inlines the same code.
int redraw_write_decimal(uint8_t *out, uint64_t value);

/// Writes `time` at `out` (32 bytes of room) as the hot loop does, with and then keeping the
/// leading digits of the time `cache` wrote last; returns the digits written. For tests.
int redraw_line_cache_write_time(redraw_line_cache *cache, uint8_t *out, uint64_t time);

#endif
