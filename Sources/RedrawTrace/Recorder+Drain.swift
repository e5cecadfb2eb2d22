import CRedrawPlatform
import RedrawPlatform

/// The writer's side: every thread's records, read in time order and turned into lines in
/// their sessions.
extension Recorder {
  /// Schedules a drain on the writer, once however many threads ask: a thread filled a
  /// chunk. Runs on the recording thread, which it does not hold up.
  func scheduleDrain() {
    guard drainScheduled.exchange(1) == 0 else { return }
    writer.async { [self] in
      drainScheduled.store(0)
      withSessions { drain(&$0) }
    }
  }

  /// Reads the records every thread published so far, merges them by their clocks and
  /// formats each into its session; counts the records threads dropped. On the writer queue.
  ///
  /// Each thread's records are in the order it made them; across threads, the record with
  /// the earliest clock goes first. A record published after a drain passed its time
  /// (its thread was preempted between the clock and the commit) comes in the next one,
  /// its time raised to the line before it (``SessionState/timestamp(at:)``), as a record
  /// that waited for a lock used to.
  ///
  /// - Complexity: O(records × threads recording at once), usually one or two.
  func drain(_ state: inout State) {
    MonotonicClock.calibrate()
    names.withLock { $0.copyNew(into: &state.names) }
    var cursors: [Cursor] = []
    for thread in RecordChunks.shared.threads {
      let dropped = redraw_thread_take_dropped(thread)
      if dropped > 0 { state.drop(Int(dropped)) }
      if let cursor = Cursor(thread: thread) { cursors.append(cursor) }
    }
    let unattached = RecordChunks.shared.takeUnattachedDropped()
    if unattached > 0 { state.drop(unattached) }
    // Records made from here on wait for the next drain: a thread that never stops
    // recording cannot keep the writer here.
    let cutoff = MonotonicClock.now()
    while !cursors.isEmpty {
      // The thread whose next record is earliest; its records go in a row up to the next
      // earliest of another thread's.
      var next = 0
      var limit = cutoff
      if cursors.count > 1 {
        for index in 1..<cursors.count where cursors[index].clock < cursors[next].clock { next = index }
        for index in cursors.indices where index != next { limit = min(limit, cursors[index].clock) }
      }
      guard cursors[next].clock <= cutoff else { break }
      var record = cursors[next].record
      var left = Int(cursors[next].left)
      let thread = cursors[next].tid
      var taken = 0
      repeat {
        // Lines whose ends are cached (LineCache); then the record it stopped at, here.
        if state.sink != nil, state.dropped == 0, state.header.isWritten, !state.main.reproducible {
          let formatted = state.main.appendCachedAccesses(
            record, count: left, scope: state.mainScope, thread: thread, limit: limit)
          record += formatted
          left -= formatted
          taken += formatted
          if left == 0 || record.pointee.words.0 > limit { break }
        }
        let slots = process(record, thread: thread, &state)
        record += slots
        left -= slots
        taken += slots
      } while left > 0 && record.pointee.words.0 <= limit
      if !cursors[next].consume(taken) { cursors.remove(at: next) }
    }
    if state.dropped > 0, state.sink != nil, state.header.isWritten { writeLostLine(&state) }
    RecordChunks.shared.reap()
  }

  /// Room the hot path needs for an access line: its keys, three integers, and two names of
  /// up to ``LineCache/longestEnd`` bytes together, and the hot loop's slack.
  static let accessLineBound = 96 + LineCache.longestEnd + LineCache.slack

  /// A thread's records the writer reads now.
  struct Cursor {
    let thread: UnsafeMutablePointer<redraw_thread>
    let tid: Int32
    /// The next record, and the slots readable from it in its chunk.
    var record: UnsafePointer<redraw_slot>
    var left: UInt32 = 0

    /// The cursor at the thread's first readable record; nil when it has none now.
    init?(thread: UnsafeMutablePointer<redraw_thread>) {
      guard let slots = RecordChunks.shared.readable(thread), let start = slots.baseAddress else { return nil }
      self.thread = thread
      tid = redraw_thread_tid(thread)
      record = start
      left = UInt32(truncatingIfNeeded: slots.count)
    }

    /// The next record's clock.
    var clock: UInt64 { record.pointee.words.0 }

    /// Finds the thread's next readable slots. - Returns: Whether there are any.
    mutating func refill() -> Bool {
      guard let slots = RecordChunks.shared.readable(thread), let start = slots.baseAddress else { return false }
      record = start
      left = UInt32(truncatingIfNeeded: slots.count)
      return true
    }

    /// Marks the record read. - Returns: Whether another record is readable.
    mutating func consume(_ slots: Int) -> Bool {
      redraw_thread_read(thread).pointee += UInt32(truncatingIfNeeded: slots)
      let taken = UInt32(truncatingIfNeeded: slots)
      if taken < left {
        left -= taken
        record += slots
        return true
      }
      return refill()
    }
  }

  // MARK: - Routing

  /// The record at `record`, its names copied into the writer's mirror first when it names
  /// one interned since the pass began (the pass copies them once, at its start, and a
  /// thread may intern a name and publish its record while the pass runs).
  @inline(__always)
  private func decode(_ record: UnsafePointer<redraw_slot>, _ header: RecordHeader, _ state: inout State)
    -> DecodedRecord
  {
    let decoded = DecodedRecord(record, header)
    if _slowPath(!state.names.holds(name: decoded.highestName)) { names.withLock { $0.copyNew(into: &state.names) } }
    return decoded
  }

  /// Formats one record into its session: its scope's, or the destination's. - Returns:
  /// The slots it takes.
  @inline(__always)
  func process(_ record: UnsafePointer<redraw_slot>, thread: Int32, _ state: inout State) -> Int {
    let words = record.pointee.words
    // The hot path: a `read` or `write` of interned names for the destination's session.
    let kindAndFlags = words.3 & 0xFFFF
    if kindAndFlags & 0xFF <= UInt64(RecordKind.write.rawValue), words.3 >> 16 & 0xFFFF == 0,
      Int32(truncatingIfNeeded: words.3 >> 32) == state.mainScope, state.sink != nil, state.dropped == 0,
      state.header.isWritten, words.0 >= state.main.start, state.main.buffer.remaining >= Self.accessLineBound
    {
      if _slowPath(!state.names.holds(words.2)) { names.withLock { $0.copyNew(into: &state.names) } }
      if state.names.holds(words.2) {
        state.main.appendAccess(
          write: kindAndFlags & 0xFF == UInt64(RecordKind.write.rawValue),
          same: kindAndFlags >> 8 & UInt64(AccessFlags.same) != 0, clock: words.0, object: words.1,
          namesWord: words.2, thread: thread, kindAndFlags: kindAndFlags, names: state.names)
        return 1
      }
    }
    let header = RecordHeader(record)
    let scope = header.scope
    if scope != 0, scope != state.mainScope {
      // A scope that ended (or never began) takes nothing more.
      guard let position = state.scopes.index(forKey: scope) else { return 1 + header.payloadSlots }
      if header.kind == .newSession {
        restartScope(&state.scopes.values[position], record, header)
      } else if header.kind == .declareBuild {
        declareBuild(SwiftUIBuildField(code: Int(header.first)), in: &state.scopes.values[position])
      } else {
        let decoded = decode(record, header, &state)
        state.scopes.values[position].makeRoom(for: decoded.bound(names: state.names))
        Self.format(
          decoded, clock: header.clock, thread: thread, into: &state.scopes.values[position], names: state.names)
      }
      return 1 + header.payloadSlots
    }
    guard state.sink != nil, state.mainScope == 0 || scope == state.mainScope,
      header.clock >= state.main.start
    else { return 1 + header.payloadSlots }
    switch header.kind {
    case .newSession:
      closeOpenMarkers(&state)
      let (scenario, app) = Self.sessionNames(record, header)
      beginMainSession(&state, scenario: scenario, app: app, start: header.clock)
    case .declareBuild:
      declareMainBuild(&state, SwiftUIBuildField(code: Int(header.first)))
    default:
      if _slowPath(!state.header.isWritten) { writeHeader(&state) }
      if _slowPath(state.dropped > 0) { writeLostLine(&state) }
      let decoded = decode(record, header, &state)
      guard makeRoom(&state, decoded.bound(names: state.names)) else { break }
      Self.format(decoded, clock: header.clock, thread: thread, into: &state.main, names: state.names)
    }
    return 1 + header.payloadSlots
  }

  /// A scoped session's `newSession`: its open markers end, and a new `meta` line begins
  /// the next session in the same block.
  private func restartScope(_ session: inout SessionState, _ record: UnsafePointer<redraw_slot>, _ header: RecordHeader)
  {
    closeOpenMarkers(of: &session)
    let (scenario, app) = Self.sessionNames(record, header)
    let startedAt = session.reproducible ? nil : MonotonicClock.iso8601Now()
    session = SessionState(buffer: session.buffer, reproducible: session.reproducible, start: header.clock)
    let meta = MetaLine.Fields(
      scenario: scenario, app: app, startedAt: startedAt, swiftUI: SwiftUIBuildField.ofThisCompiler)
    session.makeRoom(for: MetaLine.worstCaseLength(meta))
    session.writeMetaLine(meta)
  }

  /// The scenario and app of a `newSession` record (``Recorder/newSession(scenario:app:)``).
  private static func sessionNames(_ record: UnsafePointer<redraw_slot>, _ header: RecordHeader) -> (String?, String?) {
    var payload = PayloadReader(after: record)
    let scenario = header.has(1) ? String(decoding: payload.string(), as: UTF8.self) : nil
    let app = header.has(2) ? String(decoding: payload.string(), as: UTF8.self) : nil
    return (scenario, app)
  }
}
