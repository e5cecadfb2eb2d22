import CRedrawPlatform
import Dispatch
import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process-wide recorder behind ``Trace``.
///
/// Events are formatted by hand into a buffer under one uncontended lock, so the
/// order of lines in the file is the order of their timestamps. A full buffer goes
/// to a serial writer queue and is replaced from a small pool; when the pool is
/// exhausted because the destination cannot keep up, events are dropped and
/// counted, and a `lost` line says how many before recording resumes. The destination's
/// memory stays bounded at ``bufferCapacity`` × ``maximumBuffers``; a scoped session (a
/// test's, ``Trace/record(scenario:app:reproducible:_:)``'s) is kept whole in memory until
/// it ends.
///
/// A timer on the writer queue also hands over a buffer that has waited a whole flush
/// interval (100 ms by default), so a process killed without `atexit` (`SIGKILL`, a
/// crash, a CI timeout) loses at most the events of its last interval. The recording
/// path does no extra work for it.
@usableFromInline
final class Recorder: Sendable {
  /// The recorder; created on first use, when it also honours `REDRAW_TRACE`.
  @usableFromInline static let shared = Recorder()

  /// Bytes per buffer.
  static let bufferCapacity = 512 * 1024
  /// Buffers in use at most, written or being written.
  static let maximumBuffers = 8
  /// How long formatted events wait at most before they are handed to the destination.
  static let defaultFlushInterval = Duration.milliseconds(100)

  let state = SpinLock(State())
  let writer = DispatchQueue(label: "dev.redraw.trace.writer")

  private init() {
    // The switch stays "unconfigured" until the environment was read: a thread that checks
    // it meanwhile waits for this initializer instead of taking "off" for the answer and
    // losing its event (seen with tests starting in parallel under REDRAW_TRACE).
    if !startFromEnvironment({ getenv($0).map { String(cString: $0) } }) {
      RecordingSwitch.set(false)
    }
  }

  /// Starts recording when `REDRAW_TRACE` names a destination; `REDRAW_SCENARIO` names
  /// the session. A destination that cannot be opened is reported on standard error.
  ///
  /// The child process of a Swift Testing exit test (`#expect(processExitsWith:)`) inherits
  /// the environment, and Swift Testing marks it with `SWT_EXIT_TEST_ID`: it does not record,
  /// since opening the file anew would truncate the trace its parent is writing. (The variable
  /// is Swift Testing's own, listed in its Documentation/EnvironmentVariables.md.)
  ///
  /// - Returns: Whether recording started.
  @discardableResult
  func startFromEnvironment(_ variable: (String) -> String?) -> Bool {
    guard let value = variable("REDRAW_TRACE"), let destination = TraceDestination(environmentValue: value),
      variable("SWT_EXIT_TEST_ID") == nil
    else {
      return false
    }
    var mode = RecordingMode()
    if let text = variable("REDRAW_FLUSH_MS") {
      if let milliseconds = Int(text), milliseconds >= 0 {
        mode.flushInterval = milliseconds == 0 ? nil : .milliseconds(milliseconds)
      } else {
        // A typo must not cost the recording: say so, and keep the default.
        Self.reportToStandardError(
          "redraw: REDRAW_FLUSH_MS must be a whole number of milliseconds (0 for none), not '\(text)'; "
            + "recording with the default of 100 ms")
      }
    }
    do {
      try start(destination, scenario: variable("REDRAW_SCENARIO"), app: nil, onFailure: nil, mode: mode)
      return true
    } catch {
      Self.reportToStandardError("redraw: REDRAW_TRACE is set but recording could not start: \(error)")
      return false
    }
  }

  // MARK: - State

  /// Everything the lock protects.
  struct State {
    /// The destination of the process's session; nil when stopped. Mirrored in
    /// ``Recorder/hasDestination``, which events outside any scope read before the lock.
    var sink: (any TraceSink)? {
      didSet { redraw_set_has_destination(sink == nil ? 0 : 1) }
    }
    /// Bumped at every start and stop, so buffers written for an old session are freed.
    var generation = 0
    /// The destination's session; its buffer is handed to the writer when full.
    var main = SessionState(buffer: EventBuffer(capacity: 0))
    /// What the destination's session must write before its next event.
    var header = Header.written
    /// The `session` id of the destination's session: 1, 2, … in each destination.
    var mainSessionID: Int64 = 0
    /// Whether any line went to this destination yet.
    var destinationUsed = false
    /// Empty buffers ready to replace a full one.
    var spare: [EventBuffer] = []
    /// Buffers of standard capacity that exist (current, spare and being written).
    var allocated = 0
    /// Events dropped since the last `lost` line.
    var dropped = 0
    /// Events dropped since the destination was set (``Trace/eventsDroppedSinceStart``).
    var droppedSinceStart = 0
    /// Called once when writing fails.
    var onFailure: (@Sendable (String) -> Void)?
    /// Interned names.
    var names = NameTable()
    /// Hands the buffer to the writer every flush interval; nil without one.
    var flushTimer: (any DispatchSourceTimer)?
    /// Scoped sessions in progress, by scope, each kept in memory until it ends.
    var scopes: [Int32: SessionState] = [:]
    /// Set for a destination that records one scope only (the recorder's own tests): other
    /// events are not recorded.
    var mainScope: Int32 = 0

    /// Whether anything records: the destination or a scope.
    var isRecording: Bool { sink != nil || !scopes.isEmpty }

    /// Counts `count` events dropped: in the next `lost` line, and since the start.
    mutating func drop(_ count: Int) {
      dropped += count
      droppedSinceStart += count
    }
  }

  /// The `meta` line the destination's session owes before its next event.
  ///
  /// It is written lazily: a whole-suite recording whose tests all record scoped sessions
  /// leaves no empty session of the process behind, and after a scoped session's block a
  /// short `meta` line continues the process's session (docs/trace-format.md).
  enum Header {
    case written
    case pending(scenario: String?, app: String?, startedAt: String)
    case resume
  }

  /// How the destination's session records.
  struct RecordingMode {
    /// When not 0, only the events of this scope are recorded (see ``TraceScope/join(_:)``).
    var scope: Int32 = 0
    /// How long formatted events wait at most before they are written; nil: only when a
    /// buffer fills, at ``Recorder/flush()``, at stop and at exit.
    var flushInterval: Duration? = Recorder.defaultFlushInterval
  }

  // MARK: - Lifecycle

  func start(
    _ destination: TraceDestination, scenario: String?, app: String?,
    onFailure: (@Sendable (String) -> Void)?, mode: RecordingMode = RecordingMode()
  ) throws(TraceStartError) {
    let sink = try destination.makeSink()
    stop()
    state.withLock { state in
      state.sink = sink
      state.generation += 1
      state.onFailure = onFailure
      // A session that failed left its buffers behind.
      state.main.buffer.deallocate()
      for spare in state.spare { spare.deallocate() }
      state.spare = []
      state.main = SessionState(buffer: EventBuffer(capacity: Self.bufferCapacity))
      state.allocated = 1
      state.dropped = 0
      state.droppedSinceStart = 0
      state.mainSessionID = 0
      state.destinationUsed = false
      state.mainScope = mode.scope
      Self.countActiveScopes(state)
      beginMainSession(&state, scenario: scenario, app: app)
      if let interval = mode.flushInterval, interval > .zero {
        state.flushTimer = startFlushTimer(every: interval, generation: state.generation)
      }
      RecordingSwitch.set(true)
    }
    Self.registerExitFlush()
  }

  /// Starts a new session (a new `meta` line) where the caller records: its scope's
  /// session, or the destination's.
  func newSession(scenario: String?, app: String?) {
    let scope = Self.activeScopes == 0 ? 0 : RecordingScope.current
    state.withLock { state in
      if scope != 0, var session = state.scopes.removeValue(forKey: scope) {
        closeOpenMarkers(of: &session)
        let startedAt = session.reproducible ? nil : MonotonicClock.iso8601Now()
        session = SessionState(buffer: session.buffer, reproducible: session.reproducible)
        let meta = MetaLine.Fields(
          scenario: scenario, app: app, startedAt: startedAt, swiftUI: SwiftUIBuildField.ofThisCompiler)
        session.makeRoom(for: MetaLine.worstCaseLength(meta))
        session.writeMetaLine(meta)
        state.scopes[scope] = session
        return
      }
      guard state.sink != nil else { return }
      closeOpenMarkers(&state)
      beginMainSession(&state, scenario: scenario, app: app)
    }
  }

  /// Ends recording to the destination: closes open marker spans, writes everything and
  /// closes it. Scoped sessions in progress go on.
  func stop() {
    let taken: (sink: any TraceSink, last: EventBuffer, report: @Sendable (String) -> Void)? = state.withLock {
      state in
      guard let sink = state.sink else { return nil }
      state.flushTimer?.cancel()
      state.flushTimer = nil
      closeOpenMarkers(&state)
      // A recording of nothing still says what it was; a `lost` line needs its session's `meta`.
      if !state.destinationUsed || state.dropped > 0 { writeHeader(&state) }
      // The last buffer is often full when events were being dropped: the `lost` line then
      // goes in a small buffer of its own, so no loss goes unannounced.
      if state.dropped > 0, state.main.buffer.remaining < Self.lostLineCapacity {
        let full = state.main.buffer
        state.main.buffer = EventBuffer(capacity: full.count + Self.lostLineCapacity)
        state.main.buffer.append(raw: full.bytes)
        full.deallocate()
      }
      writeLostLine(&state)
      let last = state.main.buffer
      state.main = SessionState(buffer: EventBuffer(capacity: 0))  // freed by the next start
      for spare in state.spare { spare.deallocate() }
      state.spare = []
      state.allocated = 0
      state.sink = nil
      state.generation += 1
      state.header = .written
      state.mainScope = 0
      Self.countActiveScopes(state)
      RecordingSwitch.set(state.isRecording)
      return (sink, last, state.onFailure ?? { Self.reportToStandardError($0) })
    }
    guard let taken else { return }
    writer.sync {
      if taken.last.count > 0 {
        do throws(TraceWriteError) {
          try taken.sink.write(taken.last.bytes)
        } catch {
          taken.report(Self.failureMessage(error, lostBytes: taken.last.count))
        }
      }
      taken.sink.close()
    }
    taken.last.deallocate()
  }

  /// Hands the current buffer to the writer and waits until everything is written.
  func flush() {
    state.withLock { state in
      guard state.sink != nil, state.main.buffer.count > 0 else { return }
      _ = replaceBuffer(&state)
    }
    writer.sync {}
  }

  /// Starts the destination's next session; its `meta` line waits for its first event.
  private func beginMainSession(_ state: inout State, scenario: String?, app: String?) {
    let buffer = state.main.buffer
    state.main = SessionState(buffer: buffer)
    state.mainSessionID += 1
    state.header = .pending(scenario: scenario, app: app, startedAt: MonotonicClock.iso8601Now())
  }

  /// Writes the `meta` line the destination's session owes, if any.
  func writeHeader(_ state: inout State) {
    switch state.header {
    case .written:
      return
    case .pending(let scenario, let app, let startedAt):
      writeMetaLine(&state, scenario: scenario, app: app, startedAt: startedAt)
    case .resume:
      // After a scoped session's block: only the id that continues the session.
      writeMetaLine(&state, scenario: nil, app: nil, startedAt: nil, continuing: true)
    }
  }

  /// Writes the destination session's `meta` line and marks it written. A continuing line
  /// (after a scoped session's block) carries only the session's id.
  func writeMetaLine(
    _ state: inout State, scenario: String?, app: String?, startedAt: String?, continuing: Bool = false
  ) {
    var meta = MetaLine.Fields(scenario: scenario, app: app, startedAt: startedAt, session: state.mainSessionID)
    if !continuing { meta.swiftUI = state.main.declaredBuild ?? SwiftUIBuildField.ofThisCompiler }
    guard reserve(&state, MetaLine.worstCaseLength(meta)) else { return }
    state.main.writeMetaLine(meta)
    state.header = .written
    state.destinationUsed = true
  }

  private func closeOpenMarkers(_ state: inout State) {
    for (tid, span) in state.main.openMarkers.sorted(by: { $0.key < $1.key }) where reserve(&state, 128) {
      writeEnd(&state.main, .now(for: tid), span: span, object: nil)
    }
    state.main.openMarkers = [:]
  }

  // MARK: - Buffers

  /// Makes room for a line of at most `length` bytes, or counts the event as dropped.
  ///
  /// - Returns: Whether the line may be written now.
  @inline(__always)
  func reserve(_ state: inout State, _ length: Int) -> Bool {
    if state.dropped == 0, state.main.buffer.remaining >= length { return true }
    return reserveSlowly(&state, length)
  }

  private func reserveSlowly(_ state: inout State, _ length: Int) -> Bool {
    let lostLine = state.dropped > 0 ? Self.lostLineCapacity : 0
    if state.main.buffer.remaining < length + lostLine {
      guard replaceBuffer(&state, atLeast: length + lostLine) else {
        state.drop(1)
        return false
      }
    }
    writeLostLine(&state)
    return true
  }

  /// Sends the current buffer to the writer and takes an empty one.
  ///
  /// - Returns: false when every buffer is in use (the destination is behind).
  func replaceBuffer(_ state: inout State, atLeast length: Int = 0) -> Bool {
    guard let sink = state.sink else { return false }
    let next: EventBuffer
    if length > Self.bufferCapacity {
      next = EventBuffer(capacity: length)
    } else if let spare = state.spare.popLast() {
      next = spare
    } else if state.allocated < Self.maximumBuffers {
      state.allocated += 1
      next = EventBuffer(capacity: Self.bufferCapacity)
    } else {
      return false
    }
    let full = state.main.buffer
    state.main.buffer = next
    if full.count == 0 {
      recycle(&state, full, generation: state.generation)
      return true
    }
    let generation = state.generation
    writer.async { [self] in
      write(full, to: sink, generation: generation)
      self.state.withLock { recycle(&$0, full, generation: generation) }
    }
    return true
  }

  private func recycle(_ state: inout State, _ buffer: EventBuffer, generation: Int) {
    if buffer.capacity == Self.bufferCapacity, generation == state.generation {
      var empty = buffer
      empty.reset()
      state.spare.append(empty)
    } else {
      buffer.deallocate()
    }
  }

  /// Room for a `lost` line: 35 bytes of keys and punctuation, its time and count at most
  /// 20 characters each.
  static let lostLineCapacity = 80

  func writeLostLine(_ state: inout State) {
    // Until the destination's session wrote its `meta` line, the line would land in the
    // session before it: the count waits.
    guard state.dropped > 0, state.header.isWritten, state.main.buffer.remaining >= Self.lostLineCapacity else {
      return
    }
    state.main.buffer.append(#"{"e":"lost","t":"#)
    state.main.buffer.append(decimal: state.main.timestamp(at: MonotonicClock.now()))
    state.main.buffer.append(#","tid":0,"count":"#)
    state.main.buffer.append(decimal: Int64(state.dropped))
    state.main.buffer.append("}\n")
    state.dropped = 0
  }

  // MARK: - Failure

  /// Runs on the writer queue.
  private func write(_ buffer: EventBuffer, to sink: any TraceSink, generation: Int) {
    guard buffer.count > 0 else { return }
    do {
      try sink.write(buffer.bytes)
    } catch {
      failed(error, lostBytes: buffer.count, generation: generation)
    }
  }

  private func failed(_ error: TraceWriteError, lostBytes: Int, generation: Int) {
    let handler: (@Sendable (String) -> Void)? = state.withLock { state in
      guard state.generation == generation, state.sink != nil else { return nil }
      state.flushTimer?.cancel()
      state.flushTimer = nil
      state.sink = nil
      state.generation += 1
      RecordingSwitch.set(state.isRecording)
      return state.onFailure ?? { Self.reportToStandardError($0) }
    }
    handler?(Self.failureMessage(error, lostBytes: lostBytes))
  }

  private static func failureMessage(_ error: TraceWriteError, lostBytes: Int) -> String {
    "redraw: trace recording stopped: cannot write the trace: \(error) (\(lostBytes) bytes of events lost)"
  }

  static func reportToStandardError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in
      _ = try? FileDescriptorSink(descriptor: 2, closesDescriptor: false).write(bytes)
    }
  }

  private static let exitFlushRegistered = AtomicInt(0)

  private static func registerExitFlush() {
    guard exitFlushRegistered.exchange(1) == 0 else { return }
    atexit { Recorder.shared.stop() }
  }
}
