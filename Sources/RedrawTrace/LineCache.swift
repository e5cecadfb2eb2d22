import CRedrawPlatform

/// The ends of a session's recent `read` and `write` lines, after their time:
/// `,"tid":1,"obj":17,"type":"Cart","prop":"items"}\n`, by what they say (`RedrawLines.h`).
///
/// A view reads the same properties of the same objects on every evaluation, so nearly every
/// access line after the first of its kind is its opening, its time and a copy of bytes
/// formatted once: the writer's hot loop (`redraw_format_cached_accesses`) formats no integer
/// but the time and looks up no name. A direct-mapped table in C, freed with its session.
final class LineCache: @unchecked Sendable {
  let table: OpaquePointer

  init() {
    table = redraw_line_cache_create()
  }

  deinit { redraw_line_cache_destroy(table) }
}

extension SessionState {
  /// Appends a `read` or `write` line the hot loop could not: its opening and time, then its
  /// end, formatted and cached. The caller made room for the line.
  mutating func appendAccess(
    write: Bool, same: Bool, clock: UInt64, object: UInt64, namesWord: UInt64, thread: Int32,
    kindAndFlags: UInt64, names: NameMirror
  ) {
    Recorder.writeOpening(&self, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, clock)
    let start = buffer.count
    let type = TraceName(rawValue: Int32(truncatingIfNeeded: namesWord))
    let property = TraceName(rawValue: Int32(truncatingIfNeeded: namesWord >> 32))
    Recorder.writeAccessEnd(&self, thread, object, type, property, site: nil, same: same, names: names)
    // A reproducible session's times are logical: only the general path writes them.
    guard !reproducible, let end = UnsafeBufferPointer(rebasing: buffer.bytes[start...]).baseAddress else { return }
    redraw_line_cache_store(
      lineCache.table, object, namesWord, redraw_line_key(thread, kindAndFlags), end, UInt32(buffer.count - start))
  }

  /// Formats the run of `read` and `write` records at `records` whose line ends are cached,
  /// for a session that is not reproducible; returns how many slots it formatted.
  mutating func appendCachedAccesses(
    _ records: UnsafePointer<redraw_slot>, count: Int, scope: Int32, thread: Int32, limit: UInt64
  ) -> Int {
    var output = redraw_line_output(
      base: buffer.base, count: Int64(buffer.count), capacity: Int64(buffer.capacity), start: start,
      scale: redraw_clock_scale(), last_time: lastTime)
    let done = redraw_format_cached_accesses(
      &output, lineCache.table, records, UInt32(truncatingIfNeeded: count), scope, thread, limit)
    buffer.setCount(Int(output.count))
    lastTime = output.last_time
    return Int(done)
  }
}
