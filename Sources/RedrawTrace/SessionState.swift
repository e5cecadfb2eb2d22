/// One session being written: its buffer, its clock and the ids it numbers.
///
/// The recorder has one for its destination (the process's session) and one per scoped
/// session in progress (``Trace/record(scenario:app:reproducible:_:)``,
/// ``Trace/withSession(scenario:app:isolation:_:)``); every event is formatted into the one
/// its thread or task belongs to.
struct SessionState {
  /// The bytes formatted so far and not yet handed on.
  var buffer: EventBuffer
  /// ``MonotonicClock/now()`` at the session's start; event times are nanoseconds since.
  var start: UInt64
  /// The next span id of the session.
  var nextSpan: Int64 = 1
  /// The session's ids of its open spans, by the process-wide id the recording thread gave
  /// each (``redraw_next_span_id``): spans are numbered 1, 2, … in each session.
  var spanNumbers: [Int64: Int64] = [:]
  /// The open span of a body marker, per thread, by its process-wide id.
  var openMarkers: [Int32: Int64] = [:]
  /// Logical time (1 µs a step), and `tid`, `obj` and view nodes numbered from 1 in order of
  /// appearance: the same scripted run gives the same bytes.
  var reproducible: Bool
  /// The logical clock of a reproducible recording.
  var step: Int64 = 0
  /// The time of the last line written.
  var lastTime: Int64 = 0
  /// Ids as a reproducible recording renumbers them.
  var threadNumbers: [Int32: Int32] = [:]
  var objectNumbers: [UInt64: UInt64] = [:]
  var nodeNumbers: [Int: Int] = [:]
  /// What the session's `meta` line said last, and where it starts in ``buffer`` (for a
  /// scoped session, whose lines stay in memory): the line is written again when a view
  /// harness declares the SwiftUI build it reproduces.
  var meta = MetaLine.Fields()
  var metaStart = 0
  /// The builds the session's harnesses declared, merged (``SwiftUIBuildField/merging(_:into:)``).
  var declaredBuild: SwiftUIBuildField?
  /// The ends of its recent `read` and `write` lines (``LineCache``).
  let lineCache = LineCache()

  /// A session that starts at `start`: now, or the clock of the record that began it (the
  /// events after that record, already made, belong to it).
  init(buffer: EventBuffer, reproducible: Bool = false, start: UInt64 = MonotonicClock.now()) {
    self.buffer = buffer
    self.start = start
    self.reproducible = reproducible
  }

  // MARK: - Spans

  /// The session's id for the span that begins with process-wide id `span`.
  @inline(__always)
  mutating func beginSpan(_ span: Int64) -> Int64 {
    let number = nextSpan
    nextSpan += 1
    spanNumbers[span] = number
    return number
  }

  /// The session's id for the span that ends with process-wide id `span`; one of its own
  /// for a span that did not begin in this session (an `end` the analyzer reports).
  @inline(__always)
  mutating func endSpan(_ span: Int64) -> Int64 {
    if let number = spanNumbers.removeValue(forKey: span) { return number }
    defer { nextSpan += 1 }
    return nextSpan
  }

  // MARK: - Ids and times

  /// The time of an event whose clock was read at `clock`: nanoseconds since the session
  /// started, or the logical clock.
  ///
  /// The clock is read before the recorder's lock, so a thread that waited for the lock
  /// may hold an earlier time than the line before it: it gets that line's time, and the
  /// lines stay in time order. So does an event whose clock was read before its session
  /// started (time 0).
  @inline(__always)
  mutating func timestamp(at clock: UInt64) -> Int64 {
    if _slowPath(reproducible) {
      step += 1_000
      return step
    }
    guard _fastPath(clock > start) else { return lastTime }
    let time = Int64(truncatingIfNeeded: MonotonicClock.nanoseconds(in: clock &- start))
    if _fastPath(time > lastTime) { lastTime = time }
    return lastTime
  }

  /// The `tid` written for `thread`: itself, or 1, 2, … in order of appearance when reproducible.
  @inline(__always)
  mutating func threadNumber(_ thread: Int32) -> Int32 {
    guard _slowPath(reproducible) else { return thread }
    return Self.number(thread, in: &threadNumbers)
  }

  /// The `obj` written for `object`: itself, or 1, 2, … in order of appearance when reproducible.
  @inline(__always)
  mutating func objectNumber(_ object: UInt64) -> UInt64 {
    guard _slowPath(reproducible) else { return object }
    return Self.number(object, in: &objectNumbers)
  }

  /// The `node`, `parent` or `owner` written for a view node: itself, or 1, 2, … in order
  /// of appearance when reproducible (view harnesses number nodes process-wide).
  @inline(__always)
  mutating func nodeNumber(_ node: Int) -> Int {
    guard _slowPath(reproducible) else { return node }
    return Self.number(node, in: &nodeNumbers)
  }

  private static func number<ID: FixedWidthInteger>(_ id: ID, in numbers: inout [ID: ID]) -> ID {
    if let number = numbers[id] { return number }
    let number = ID(numbers.count + 1)
    numbers[id] = number
    return number
  }

  // MARK: - The meta line

  /// Writes the session's `meta` line at the end of the buffer, remembering it; the caller
  /// made room for it.
  mutating func writeMetaLine(_ fields: MetaLine.Fields) {
    meta = fields
    metaStart = buffer.count
    MetaLine.write(fields, to: &buffer)
  }

  /// Writes the `meta` line at ``metaStart`` again with ``meta``'s fields, moving the lines
  /// after it: a scoped session's lines are all in the buffer until it ends.
  ///
  /// - Complexity: O(bytes after the line); once per harness a session declares.
  mutating func rewriteMetaLine() {
    let written = buffer.bytes
    var end = metaStart
    while end < written.count, written[end] != UInt8(ascii: "\n") { end += 1 }
    let tail = Array(written[min(end + 1, written.count)...])
    buffer.truncate(to: metaStart)
    makeRoom(for: MetaLine.worstCaseLength(meta) + tail.count)
    MetaLine.write(meta, to: &buffer)
    tail.withUnsafeBufferPointer { buffer.append(raw: $0) }
  }

  // MARK: - Growing

  /// Grows the buffer so a line of `length` bytes fits: for a session kept in memory whole.
  mutating func makeRoom(for length: Int) {
    guard buffer.remaining < length else { return }
    var grown = EventBuffer(capacity: max(buffer.capacity * 2, buffer.count + length, 16 * 1024))
    grown.append(raw: buffer.bytes)
    buffer.deallocate()
    buffer = grown
  }
}
