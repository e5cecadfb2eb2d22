import CRedrawPlatform

extension LineCache {
  /// The most a cached line takes: the longer opening, twenty digits, and the longest end
  /// with the slack its copy writes past it.
  static let longestLine = 17 + 20 + longestEnd + slack

  /// A session's buffer and clock, as the hot loop reads and advances them.
  struct Output {
    var buffer: EventBuffer
    /// The session's start on the recorder's clock and the clock's scale
    /// (``MonotonicClock/nanoseconds(in:scale:)``).
    let start: UInt64
    let scale: UInt64
    /// The time of the session's last line, in nanoseconds: no line's time is earlier.
    var lastTime: Int64
  }

  /// Formats the records from `records` on while they are one-slot `read` or `write`
  /// records of `scope`, made no later than `limit`, whose line ends are cached, and for
  /// which the buffer has room; returns how many it formatted (0: the first needs the
  /// general path).
  ///
  /// Lines go in runs of as many as fit, however long each is, so no line checks the room.
  ///
  /// - Complexity: O(records formatted); a line is an entry's compare, the time's low
  ///   digits and two or three copies. Not inlined into the drain: on its own, the loop's
  ///   values stay in registers.
  @inline(never)
  func formatAccesses(
    _ records: UnsafePointer<redraw_slot>, count: Int, scope: Int32, thread: Int32, limit: UInt64,
    into output: inout Output
  ) -> Int {
    let start = output.start
    guard limit >= start else { return 0 }
    let span = limit &- start
    let scale = output.scale
    let base = UnsafeMutableRawPointer(output.buffer.base)
    var out = base + output.buffer.count
    let bufferEnd = base + output.buffer.capacity
    var last = output.lastTime
    // A read (1) or a write (2) of this scope: the shape minus `firstShape` is 0 or 1.
    let firstShape = UInt64(UInt32(bitPattern: scope)) << 32 | 1
    let threadWord = Self.key(thread: thread, kindAndFlags: 0)
    let cache = self.base
    let time = TimeDigits(laidOutAt: cache)
    var record = records
    let end = records + count
    scan: while record < end && bufferEnd - out >= Self.longestLine {
      let fit = (bufferEnd - out) / Self.longestLine
      let runEnd = end - record > fit ? record + fit : end
      while record < runEnd {
        let header = record.pointee.words.3
        // One slot (no payload), of this scope, its flags aside.
        if (header & 0xFFFF_FFFF_FFFF_00FF) &- firstShape > 1 { break scan }
        let sinceStart = record.pointee.words.0 &- start
        if _slowPath(sinceStart > span) { break scan }  // before the start or after the limit
        let object = record.pointee.words.1
        let names = record.pointee.words.2
        let key = threadWord | header & 0xFFFF
        let entry = Self.entry(Self.slot(object: object, names: names, key: key), at: cache)
        guard entry.pointee.holds(object: object, names: names, key: key) else { break scan }
        let bytes = entry.pointee.bytes.unsafelyUnwrapped
        let now = Int64(bitPattern: MonotonicClock.nanoseconds(in: sinceStart, scale: scale))
        if now > last { last = now }
        // The opening of the kind, 1 or 2, and the time's leading digits; then its low six.
        let kind = Int(truncatingIfNeeded: header & 0xFF)
        let low = UInt64(bitPattern: last) &- time.base
        if _fastPath(low < TimeDigits.lowLimit) {
          out.copyMemory(from: time.prefix(kind), byteCount: 32)
          out += time.prefixCount(kind)
          time.writeSix(low, at: out)
          out += TimeDigits.lowDigits
        } else {
          // New leading digits (and prefixes), or none in a session's first millisecond.
          let opening = TimeDigits.opening(kind)
          out.copyMemory(from: opening.utf8Start, byteCount: opening.utf8CodeUnitCount)
          out = time.write(UInt64(bitPattern: last), at: out + opening.utf8CodeUnitCount)
        }
        let length = Int(UnsafeRawPointer(bytes - 4).loadUnaligned(as: UInt32.self))
        Self.copyWithSlack(out.assumingMemoryBound(to: UInt8.self), from: bytes, count: length)
        out += length
        record += 1
      }
    }
    output.buffer.setCount(out - base)
    output.lastTime = last
    return record - records
  }
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
    guard !reproducible else { return }
    lineCache.store(
      object: object, names: namesWord, key: LineCache.key(thread: thread, kindAndFlags: kindAndFlags),
      bytes: UnsafeBufferPointer(rebasing: buffer.bytes[start...]))
  }

  /// Formats the run of `read` and `write` records at `records` whose line ends are cached,
  /// for a session that is not reproducible; returns how many slots it formatted.
  mutating func appendCachedAccesses(
    _ records: UnsafePointer<redraw_slot>, count: Int, scope: Int32, thread: Int32, limit: UInt64
  ) -> Int {
    var output = LineCache.Output(buffer: buffer, start: start, scale: redraw_clock_scale(), lastTime: lastTime)
    let done = lineCache.formatAccesses(
      records, count: count, scope: scope, thread: thread, limit: limit, into: &output)
    buffer = output.buffer
    lastTime = output.lastTime
    return done
  }
}
