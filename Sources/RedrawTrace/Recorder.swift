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
/// A recording thread takes no lock: it writes a compact record (``RecordKind``, a
/// 32-byte slot and, for events with strings, a few more) into a chunk of its own
/// (``RecordChunks``) and publishes it with one release store. The writer, a serial queue,
/// reads every thread's records, merges them in time order, turns them into JSON lines in
/// their sessions (`Recorder+Drain.swift`, `Recorder+Format.swift`) and writes the
/// destination's lines to it. It does so every flush interval (100 ms by default), when a
/// thread fills a chunk, and at once for ``flush()``, ``stop()`` and the end of a scoped
/// session; so a process killed without `atexit` (`SIGKILL`, a crash, a CI timeout) loses at
/// most the events of its last interval.
///
/// Memory is bounded: the chunks come from a pool of ``chunkLimit`` chunks of ``chunkSlots``
/// slots (4 MiB); a thread that finds none drops its records and counts them, and a `lost`
/// line says how many before recording resumes. A scoped session (a test's,
/// ``Trace/record(scenario:app:reproducible:_:)``'s) is kept whole in memory until it ends.
///
/// The sessions' state lives on the writer queue, so nothing but the queue guards it: the
/// entry points that change it (start, stop, scopes, flush) run there with `sync`.
@usableFromInline
final class Recorder: Sendable {
  /// The recorder; created on first use, when it also honours `REDRAW_TRACE`. The clock is
  /// chosen first: the recorder's sessions read it.
  @usableFromInline static let shared: Recorder = {
    MonotonicClock.choose()
    return Recorder()
  }()

  /// Slots of a chunk: 64 KiB.
  static let chunkSlots: UInt32 = 2_048
  /// Chunks in use at most, over all threads.
  static let chunkLimit: Int64 = 64
  /// Bytes of the destination's buffer, written to it when full.
  static let bufferCapacity = 512 * 1024
  /// How long records wait at most before they are written.
  static let defaultFlushInterval = Duration.milliseconds(100)

  let writer = DispatchQueue(label: "dev.redraw.trace.writer")
  /// The sessions, touched on ``writer`` only.
  let sessions = WriterConfined(State())
  /// Interned names: the recording threads intern, the writer mirrors them.
  let names = SpinLock(NameTable())
  /// 1 while a drain is scheduled for a filled chunk.
  let drainScheduled = AtomicInt(0)

  private init() {
    RecordChunks.shared.configure(limit: Self.chunkLimit, slotsPerChunk: Self.chunkSlots)
    // The switch stays "unconfigured" until the environment was read: a thread that checks
    // it meanwhile waits for this initializer instead of taking "off" for the answer and
    // losing its event (seen with tests starting in parallel under REDRAW_TRACE).
    if !startFromEnvironment({ getenv($0).map { String(cString: $0) } }) {
      RecordingSwitch.set(false)
    }
  }

  /// Runs `body` with the sessions on the writer queue, and waits for it; then tells the
  /// failure handler of a destination that failed meanwhile.
  func onWriter<R>(_ body: (inout State) -> R) -> R {
    writer.sync {
      let result = sessions.with(body)
      reportFailures()
      return result
    }
  }

  /// Runs `body` with the sessions, on the writer queue (the timer, a drain a full chunk
  /// asked for); then tells the failure handler of a destination that failed meanwhile.
  func withSessions(_ body: (inout State) -> Void) {
    sessions.with(body)
    reportFailures()
  }

  /// Calls the handlers of the failures the sessions noted, outside the sessions: a
  /// handler may ask the recorder something.
  private func reportFailures() {
    let failures = sessions.with { state -> [(@Sendable (String) -> Void, String)] in
      defer { state.failures = [] }
      return state.failures
    }
    for (handler, message) in failures { handler(message) }
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

  /// The sessions and the destination, on the writer queue.
  struct State {
    /// The destination of the process's session; nil when stopped. Mirrored in
    /// ``Recorder/hasDestination``, which events outside any scope read.
    var sink: (any TraceSink)? {
      didSet { redraw_set_has_destination(sink == nil ? 0 : 1) }
    }
    /// Bumped at every start and stop, so a timer of an old session does nothing.
    var generation = 0
    /// The destination's session; its buffer is written to the destination when full.
    var main = SessionState(buffer: EventBuffer(capacity: 0))
    /// What the destination's session must write before its next event.
    var header = Header.written
    /// The `session` id of the destination's session: 1, 2, … in each destination.
    var mainSessionID: Int64 = 0
    /// Whether any line went to this destination yet.
    var destinationUsed = false
    /// Events dropped since the last `lost` line.
    var dropped = 0
    /// Events dropped since the destination was set (``Trace/eventsDroppedSinceStart``).
    var droppedSinceStart = 0
    /// Called once when writing fails.
    var onFailure: (@Sendable (String) -> Void)?
    /// Failures to report, with their handlers, once the sessions are let go.
    var failures: [(@Sendable (String) -> Void, String)] = []
    /// Hands the buffer to the destination every flush interval; nil without one.
    var flushTimer: (any DispatchSourceTimer)?
    /// Scoped sessions in progress, by scope, each kept in memory until it ends.
    var scopes: [Int32: SessionState] = [:]
    /// Set for a destination that records one scope only (the recorder's own tests): other
    /// events are not recorded.
    var mainScope: Int32 = 0
    /// The interned names, as the writer last copied them.
    var names = NameMirror()

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
    /// How long records wait at most before they are written; nil: only when a chunk
    /// fills, at ``Recorder/flush()``, at stop and at exit.
    var flushInterval: Duration? = Recorder.defaultFlushInterval
  }

  // MARK: - Lifecycle

  func start(
    _ destination: TraceDestination, scenario: String?, app: String?,
    onFailure: (@Sendable (String) -> Void)?, mode: RecordingMode = RecordingMode()
  ) throws(TraceStartError) {
    let sink = try destination.makeSink()
    stop()
    onWriter { state in
      // Records made before this session began are not its own.
      drain(&state)
      state.sink = sink
      state.generation += 1
      state.onFailure = onFailure
      state.main.buffer.deallocate()
      state.main = SessionState(buffer: EventBuffer(capacity: Self.bufferCapacity))
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

  /// Ends recording to the destination: reads every record, closes open marker spans,
  /// writes everything and closes it. Scoped sessions in progress go on.
  func stop() {
    let taken: (sink: any TraceSink, report: @Sendable (String) -> Void)? = onWriter { state in
      guard state.sink != nil else { return nil }
      drain(&state)
      state.flushTimer?.cancel()
      state.flushTimer = nil
      closeOpenMarkers(&state)
      // A recording of nothing still says what it was; a `lost` line needs its session's `meta`.
      if !state.destinationUsed || state.dropped > 0 { writeHeader(&state) }
      if state.dropped > 0, state.main.buffer.remaining < Self.lostLineCapacity { writeMainBuffer(&state) }
      writeLostLine(&state)
      writeMainBuffer(&state)
      guard let sink = state.sink else { return nil }  // writing may have failed
      state.sink = nil
      state.generation += 1
      state.header = .written
      state.mainScope = 0
      Self.countActiveScopes(state)
      RecordingSwitch.set(state.isRecording)
      return (sink, state.onFailure ?? { Self.reportToStandardError($0) })
    }
    guard let taken else { return }
    writer.sync { taken.sink.close() }
  }

  /// Writes every record made so far to the destination, and waits until it is written.
  func flush() {
    onWriter { state in
      guard state.sink != nil else { return }
      drain(&state)
      writeMainBuffer(&state)
    }
  }

  /// Starts the destination's next session at `start` (now, or the clock of the record that
  /// asked for it); its `meta` line waits for its first event.
  func beginMainSession(_ state: inout State, scenario: String?, app: String?, start: UInt64 = MonotonicClock.now()) {
    let buffer = state.main.buffer
    state.main = SessionState(buffer: buffer, start: start)
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
    guard makeRoom(&state, MetaLine.worstCaseLength(meta)) else { return }
    state.main.writeMetaLine(meta)
    state.header = .written
    state.destinationUsed = true
  }

  func closeOpenMarkers(_ state: inout State) {
    for (tid, span) in state.main.openMarkers.sorted(by: { $0.key < $1.key }) where makeRoom(&state, 128) {
      writeEnd(&state.main, thread: tid, clock: MonotonicClock.now(), span: span, object: nil)
    }
    state.main.openMarkers = [:]
  }

  private static let exitFlushRegistered = AtomicInt(0)

  private static func registerExitFlush() {
    guard exitFlushRegistered.exchange(1) == 0 else { return }
    atexit { Recorder.shared.stop() }
  }
}

/// A value that only one serial queue touches: the recorder's sessions on its writer.
final class WriterConfined<Value>: @unchecked Sendable {
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value; the caller is on the queue.
  func with<R>(_ body: (inout Value) -> R) -> R { body(&value) }
}
