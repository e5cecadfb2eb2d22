#include "RedrawLines.h"

#include <stdlib.h>
#include <string.h>

#define ENTRIES 512
#define ARENA (64 * 1024)
/// Bytes read past an end when it is copied 64 at a time.
#define SLACK 64

struct redraw_line_cache {
  redraw_line_entry entries[ENTRIES];
  uint32_t used;
  uint8_t arena[ARENA + SLACK];
};

redraw_line_cache *redraw_line_cache_create(void) { return calloc(1, sizeof(redraw_line_cache)); }

void redraw_line_cache_destroy(redraw_line_cache *cache) { free(cache); }

static inline uint32_t slot_of(uint64_t object, uint64_t names, uint64_t key) {
  uint64_t mixed = object ^ (names << 7 | names >> 57) ^ key;
  return (uint32_t)((mixed * 0x9E3779B97F4A7C15ULL) >> 55) & (ENTRIES - 1);
}

void redraw_line_cache_store(
  redraw_line_cache *cache, uint64_t object, uint64_t names, uint64_t key, const uint8_t *bytes, uint32_t count) {
  if (count > REDRAW_LINE_END_MAX) return;
  if (cache->used + count > ARENA) {
    memset(cache->entries, 0, sizeof(cache->entries));
    cache->used = 0;
  }
  memcpy(cache->arena + cache->used, bytes, count);
  redraw_line_entry *entry = &cache->entries[slot_of(object, names, key)];
  entry->object = object;
  entry->names = names;
  entry->key = key;
  entry->start = cache->used;
  entry->count = count;
  cache->used += count;
}

static const char pairs[201] =
  "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

/// Copies `count` bytes, at most SLACK, by copying SLACK bytes: the source and the
/// destination both have the slack. Eight word moves, no call.
static inline void copy_with_slack(uint8_t *out, const uint8_t *from) {
#if defined(__has_builtin)
#if __has_builtin(__builtin_memcpy_inline)
  __builtin_memcpy_inline(out, from, SLACK);
  return;
#endif
#endif
  for (int word = 0; word < SLACK / 8; word++) {
    uint64_t value;
    memcpy(&value, from + word * 8, 8);
    memcpy(out + word * 8, &value, 8);
  }
}

/// Writes the two digits of `pair` (below 100).
static inline void write_pair(uint8_t *out, uint32_t pair) { memcpy(out, pairs + pair * 2, 2); }

/// Writes `value` (below 10^8) as exactly eight digits: independent divisions.
static inline void write_eight(uint8_t *out, uint32_t value) {
  uint32_t high = value / 10000, low = value % 10000;
  write_pair(out, high / 100);
  write_pair(out + 2, high % 100);
  write_pair(out + 4, low / 100);
  write_pair(out + 6, low % 100);
}

/// Writes `value` (below 10^8) without leading zeros; returns the digits written.
static inline int write_short(uint8_t *out, uint32_t value) {
  if (value < 10) {
    out[0] = (uint8_t)('0' + value);
    return 1;
  }
  if (value < 100) {
    write_pair(out, value);
    return 2;
  }
  int digits = value < 1000 ? 3 : value < 10000 ? 4 : value < 100000 ? 5 : value < 1000000 ? 6 : value < 10000000 ? 7 : 8;
  uint8_t *end = out + digits;
  while (value >= 100) {
    end -= 2;
    write_pair(end, value % 100);
    value /= 100;
  }
  if (value >= 10) {
    write_pair(end - 2, value);
  } else {
    end[-1] = (uint8_t)('0' + value);
  }
  return digits;
}

/// Writes `value` in decimal at `out`; returns the digits written (at most 20). A time of
/// a second or more is its leading digits and then eight.
static inline __attribute__((always_inline)) int write_decimal(uint8_t *out, uint64_t value) {
  if (value < 100000000ULL) return write_short(out, (uint32_t)value);
  uint64_t high = value / 100000000ULL;
  uint32_t low = (uint32_t)(value % 100000000ULL);
  int digits;
  if (high < 100000000ULL) {
    digits = write_short(out, (uint32_t)high);
  } else {
    digits = write_short(out, (uint32_t)(high / 100000000ULL));
    write_eight(out + digits, (uint32_t)(high % 100000000ULL));
    digits += 8;
  }
  write_eight(out + digits, low);
  return digits + 8;
}

uint32_t redraw_format_cached_accesses(
  redraw_line_output *output, redraw_line_cache *cache, const redraw_slot *records, uint32_t count, int32_t scope,
  int32_t tid, uint64_t limit) {
  uint8_t *const base = output->base;
  uint8_t *out = base + output->count;
  // Room for a line: an opening, twenty digits, and the end or the slack, whichever is more.
  uint8_t *const limit_of_buffer = base + output->capacity;
  const uint64_t start = output->start;
  int64_t last = output->last_time;
  const uint64_t scope_word = (uint64_t)(uint32_t)scope << 32;
  const uint64_t tid_word = (uint64_t)(uint32_t)tid << 32 | (1ULL << 31);
  uint32_t done = 0;
  for (; done < count; done++) {
    const uint64_t *words = records[done].words;
    const uint64_t header = words[3];
    // One slot (no payload), a read (1) or a write (2), of this scope; its flags aside.
    const uint64_t shape = header & 0xFFFFFFFFFFFF00FFULL;
    if (shape != (scope_word | 1) && shape != (scope_word | 2)) break;
    const uint64_t clock = words[0];
    if (__builtin_expect(clock > limit || clock < start, 0)) break;
    const uint64_t key = tid_word | (header & 0xFFFF);
    const redraw_line_entry *entry = &cache->entries[slot_of(words[1], words[2], key)];
    if (entry->key != key || entry->object != words[1] || entry->names != words[2]) break;
    const uint32_t length = entry->count;
    if (__builtin_expect(out + 17 + 20 + (length > SLACK ? length : SLACK) > limit_of_buffer, 0)) break;
    int64_t time = (int64_t)(clock - start);
    if (time > last) last = time;
    if ((header & 0xFF) == 2) {
      memcpy(out, "{\"e\":\"write\",\"t\":", 17);
      out += 17;
    } else {
      memcpy(out, "{\"e\":\"read\",\"t\":", 16);
      out += 16;
    }
    out += write_decimal(out, (uint64_t)last);
    const uint8_t *end = cache->arena + entry->start;
    if (__builtin_expect(length <= SLACK, 1)) {
      copy_with_slack(out, end);  // the arena and the buffer have the slack
    } else {
      memcpy(out, end, length);
    }
    out += length;
  }
  output->count = out - base;
  output->last_time = last;
  return done;
}

int redraw_write_decimal(uint8_t *out, uint64_t value) { return write_decimal(out, value); }
