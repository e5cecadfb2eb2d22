#include "RedrawLines.h"

#include "RedrawClock.h"

#include <stdlib.h>
#include <string.h>

#define ENTRIES 512
#define ARENA (64 * 1024)
/// Bytes an end's copy may read and write past it (see copy_with_slack).
#define SLACK 64

/// Times are written as their digits above the low six, kept from the line before, and six
/// more: consecutive lines are microseconds apart, so the leading digits rarely change.
#define LOW_DIGITS 6
#define LOW_LIMIT 1000000ULL
#define NO_HIGH (1ULL << 63)

/// The leading digits of the last time written: `count` of `digits`, and their value times
/// LOW_LIMIT in `base` (at first NO_HIGH, which no time is within LOW_LIMIT of); and what a
/// `read` (1) and a `write` (2) line begins with while they stay the same: its opening and
/// those digits, at most 17 + 14 bytes, copied as 32.
typedef struct leading_digits {
  /// By kind, 64 bytes apart and on cache lines of their own (see `redraw_line_cache`): its
  /// bytes, which a 32-byte load reads from one cache line, and their count, from one index.
  struct {
    uint8_t bytes[32];
    uint32_t count;
    uint8_t padding[28];
  } prefixes[3];
  uint64_t base;
  uint32_t count;
  uint8_t digits[16];
} leading_digits;

_Static_assert(sizeof(((leading_digits *)0)->prefixes[0]) == 64, "a prefix to a cache line");

/// The openings of a `read` (1) and a `write` (2) line: 16 and 17 bytes.
static const uint8_t openings[3][32] = {"", "{\"e\":\"read\",\"t\":", "{\"e\":\"write\",\"t\":"};

/// Makes the prefixes of the current leading digits.
static void make_prefixes(leading_digits *leading) {
  for (int kind = 1; kind <= 2; kind++) {
    const uint32_t opening = 15 + (uint32_t)kind;
    memcpy(leading->prefixes[kind].bytes, openings[kind], opening);
    memcpy(leading->prefixes[kind].bytes + opening, leading->digits, leading->count);
    leading->prefixes[kind].count = opening + leading->count;
  }
}

struct redraw_line_cache {
  redraw_line_entry entries[ENTRIES];
  /// 64-byte aligned: after entries that fill cache lines, in an allocation aligned to 64.
  leading_digits leading;
  uint32_t used;
  uint8_t arena[ARENA + SLACK];
};

_Static_assert(sizeof(redraw_line_entry) * ENTRIES % 64 == 0, "the prefixes start a cache line");

redraw_line_cache *redraw_line_cache_create(void) {
  void *memory = NULL;
  if (posix_memalign(&memory, 64, sizeof(redraw_line_cache)) != 0) return NULL;
  redraw_line_cache *cache = memset(memory, 0, sizeof(redraw_line_cache));
  cache->leading.base = NO_HIGH;
  make_prefixes(&cache->leading);
  return cache;
}

void redraw_line_cache_destroy(redraw_line_cache *cache) { free(cache); }

_Static_assert(ENTRIES == 1 << 9, "slot_of keeps the top 9 bits of a product");

/// The entry of a line: the top bits of products with a 64-bit constant, each of which
/// depends on the low bits that small numbers such as object ids and interned names differ
/// in. The key is added after the first product, not combined with the object id's bits: a
/// read and a write (1 and 2 in the key) of objects 1 and 2 would otherwise share an entry.
/// (An object id and a type can still cancel, rarely: that costs a line the general path.)
static inline uint32_t slot_of(uint64_t object, uint64_t names, uint64_t key) {
  const uint64_t what = (object ^ (names << 7 | names >> 57)) * 0x9E3779B97F4A7C15ULL;
  return (uint32_t)(((what + key) * 0x9E3779B97F4A7C15ULL) >> 55);
}

void redraw_line_cache_store(
  redraw_line_cache *cache, uint64_t object, uint64_t names, uint64_t key, const uint8_t *bytes, uint32_t count) {
  if (count > REDRAW_LINE_END_MAX) return;
  const uint32_t size = (uint32_t)sizeof(uint32_t) + count;
  if (cache->used + size > ARENA) {
    memset(cache->entries, 0, sizeof(cache->entries));
    cache->used = 0;
  }
  uint8_t *const place = cache->arena + cache->used;
  memcpy(place, &count, sizeof(uint32_t));
  memcpy(place + sizeof(uint32_t), bytes, count);
  redraw_line_entry *entry = &cache->entries[slot_of(object, names, key)];
  entry->object = object;
  entry->names = names;
  entry->key = key;
  entry->bytes = place + sizeof(uint32_t);
  cache->used += size;
}

/// The three digits of every number below 1000, four bytes apart: a time's six low digits
/// are two loads and two stores.
#define TRIPLES_OF(h, t) \
  {h, t, '0'}, {h, t, '1'}, {h, t, '2'}, {h, t, '3'}, {h, t, '4'}, {h, t, '5'}, {h, t, '6'}, {h, t, '7'}, \
    {h, t, '8'}, {h, t, '9'}
#define HUNDRED_OF(h) \
  TRIPLES_OF(h, '0'), TRIPLES_OF(h, '1'), TRIPLES_OF(h, '2'), TRIPLES_OF(h, '3'), TRIPLES_OF(h, '4'), \
    TRIPLES_OF(h, '5'), TRIPLES_OF(h, '6'), TRIPLES_OF(h, '7'), TRIPLES_OF(h, '8'), TRIPLES_OF(h, '9')
static const uint8_t triples[1000][4] = {
  HUNDRED_OF('0'), HUNDRED_OF('1'), HUNDRED_OF('2'), HUNDRED_OF('3'), HUNDRED_OF('4'),
  HUNDRED_OF('5'), HUNDRED_OF('6'), HUNDRED_OF('7'), HUNDRED_OF('8'), HUNDRED_OF('9'),
};
#undef HUNDRED_OF
#undef TRIPLES_OF

static const char pairs[201] =
  "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

/// Copies `size` bytes, a constant, with moves the compiler lays out inline.
#if defined(__has_builtin) && __has_builtin(__builtin_memcpy_inline)
#define COPY_INLINE(out, from, size) __builtin_memcpy_inline(out, from, size)
#else
#define COPY_INLINE(out, from, size) memcpy(out, from, size)
#endif

/// Copies `count` bytes (at most REDRAW_LINE_END_MAX) by copying SLACK bytes and then 32 at a
/// time: up to SLACK bytes past the end are read and written, and the source and the
/// destination both have the slack. An end of up to 96 bytes (a type and a property of
/// about 25 characters each) is one or two copies, no loop and no call.
static inline void copy_with_slack(uint8_t *out, const uint8_t *from, uint32_t count) {
  COPY_INLINE(out, from, SLACK);
  if (__builtin_expect(count <= SLACK, 1)) return;
  COPY_INLINE(out + SLACK, from + SLACK, 32);
  for (uint32_t offset = SLACK + 32; offset < count; offset += 32) COPY_INLINE(out + offset, from + offset, 32);
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

/// Writes `value` (below LOW_LIMIT) as exactly LOW_DIGITS digits, and one byte more after
/// them: two entries of `triples`.
static inline void write_six(uint8_t *out, uint32_t value) {
  const uint32_t high = value / 1000;
  memcpy(out, triples[high], 4);
  memcpy(out + 3, triples[value - high * 1000], 4);
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

/// Writes `time` in decimal at `out` and returns the end: the leading digits of the time
/// before, when they are this time's too, and six more. 20 digits at most; up to 21 bytes
/// written (the leading digits' 16-byte copy, and one byte past the last digit).
static inline __attribute__((always_inline)) uint8_t *write_time(uint8_t *out, uint64_t time, leading_digits *leading) {
  uint64_t low = time - leading->base;
  if (__builtin_expect(low >= LOW_LIMIT, 0)) {
    if (time < LOW_LIMIT) return out + write_short(out, (uint32_t)time);  // no leading digits
    const uint64_t high = time / LOW_LIMIT;
    leading->count = (uint32_t)write_decimal(leading->digits, high);
    leading->base = high * LOW_LIMIT;
    make_prefixes(leading);
    low = time - leading->base;
  }
  memcpy(out, leading->digits, 16);
  out += leading->count;
  write_six(out, (uint32_t)low);
  return out + LOW_DIGITS;
}

/// The most a cached line takes: the longer opening, twenty digits, and the longest end
/// with the slack its copy reads past it.
#define CACHED_LINE_MAX (17 + 20 + REDRAW_LINE_END_MAX + SLACK)

/// On x86-64 Linux with glibc, compiled twice: for x86-64-v3 where the processor has it (AVX2,
/// so a 32-byte copy is one load and one store, not two of each; BMI2's `mulx` and `rorx`),
/// and for the baseline; the loader picks one through an indirect function, which glibc
/// supports and musl (the static Linux SDK) does not. Not under a sanitizer, whose runtime is
/// not ready when the loader runs the function that picks.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define REDRAW_SANITIZED 1
#endif
#endif
#if defined(__linux__) && defined(__x86_64__) && defined(__GLIBC__) && !defined(REDRAW_SANITIZED)
#define REDRAW_WIDEST_VECTORS __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define REDRAW_WIDEST_VECTORS
#endif

REDRAW_WIDEST_VECTORS uint32_t redraw_format_cached_accesses(
  redraw_line_output *output, redraw_line_cache *cache, const redraw_slot *records, uint32_t count, int32_t scope,
  int32_t tid, uint64_t limit) {
  const uint64_t start = output->start;
  if (limit < start) return 0;
  const uint64_t span = limit - start;
  uint8_t *out = output->base + output->count;
  uint8_t *const buffer_end = output->base + output->capacity;
  int64_t last = output->last_time;
  const uint64_t scale = output->scale;
  // A read (1) or a write (2) of this scope: the shape minus `first_shape` is 0 or 1.
  const uint64_t first_shape = (uint64_t)(uint32_t)scope << 32 | 1;
  const uint64_t tid_word = (uint64_t)(uint32_t)tid << 32 | (1ULL << 31);
  const redraw_line_entry *const entries = cache->entries;
  leading_digits *const leading = &cache->leading;
  const redraw_slot *record = records;
  const redraw_slot *const end = records + count;
  // In runs of as many lines as fit, however long each is: no line checks the room.
  while (record < end && buffer_end - out >= CACHED_LINE_MAX) {
    const uint64_t fit = (uint64_t)(buffer_end - out) / CACHED_LINE_MAX;
    const redraw_slot *const run_end = (uint64_t)(end - record) > fit ? record + fit : end;
    for (; record < run_end; record++) {
      const uint64_t header = record->words[3];
      // One slot (no payload), of this scope, its flags aside.
      if ((header & 0xFFFFFFFFFFFF00FFULL) - first_shape > 1) goto done;
      const uint64_t since_start = record->words[0] - start;
      if (__builtin_expect(since_start > span, 0)) goto done;  // before the start or after the limit
      const uint64_t object = record->words[1], names = record->words[2];
      const uint64_t key = tid_word | (header & 0xFFFF);
      const redraw_line_entry *entry = &entries[slot_of(object, names, key)];
      if (entry->key != key || entry->object != object || entry->names != names) goto done;
      const int64_t time = (int64_t)redraw_clock_elapsed_ns(since_start, scale);
      if (time > last) last = time;
      // The opening of the kind, 1 or 2, and the time's leading digits; then its low six.
      const uint64_t kind = header & 0xFF;
      const uint64_t low = (uint64_t)last - leading->base;
      if (__builtin_expect(low < LOW_LIMIT, 1)) {
        COPY_INLINE(out, leading->prefixes[kind].bytes, 32);
        out += leading->prefixes[kind].count;
        write_six(out, (uint32_t)low);
        out += LOW_DIGITS;
      } else {
        // New leading digits (and prefixes), or none in a session's first millisecond.
        memcpy(out, openings[kind], 17);
        out = write_time(out + 15 + kind, (uint64_t)last, leading);
      }
      const uint8_t *const bytes = entry->bytes;
      uint32_t length;
      memcpy(&length, bytes - sizeof(uint32_t), sizeof(uint32_t));
      copy_with_slack(out, bytes, length);  // the arena and the buffer have the slack
      out += length;
    }
  }
done:
  output->count = out - output->base;
  output->last_time = last;
  return (uint32_t)(record - records);
}

int redraw_write_decimal(uint8_t *out, uint64_t value) { return write_decimal(out, value); }

int redraw_line_cache_write_time(redraw_line_cache *cache, uint8_t *out, uint64_t time) {
  return (int)(write_time(out, time, &cache->leading) - out);
}
