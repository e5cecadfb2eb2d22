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
/// counted, and a `lost` line says how many before recording resumes. Memory stays
/// bounded at ``bufferCapacity`` × ``maximumBuffers``.
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
    RecordingSwitch.set(false)
    startFromEnvironment { getenv($0).map { String(cString: $0) } }
  }

  /// Starts recording when `REDRAW_TRACE` names a destination; `REDRAW_SCENARIO` names
  /// the session. A destination that cannot be opened is reported on standard error.
  ///
  /// - Returns: Whether recording started.
  @discardableResult
  func startFromEnvironment(_ variable: (String) -> String?) -> Bool {
    guard let value = variable("REDRAW_TRACE"), let destination = TraceDestination(environmentValue: value) else {
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
    /// The destination of the current session; nil when stopped.
    var sink: (any TraceSink)?
    /// Bumped at every start and stop, so buffers written for an old session are freed.
    var generation = 0
    /// The buffer events are formatted into.
    var buffer = EventBuffer(capacity: 0)
    /// Empty buffers ready to replace a full one.
    var spare: [EventBuffer] = []
    /// Buffers of standard capacity that exist (current, spare and being written).
    var allocated = 0
    /// Monotonic time at the session's start; event times are relative to it.
    var start: UInt64 = 0
    /// The next span id of the session.
    var nextSpan: Int64 = 1
    /// The open span of a body marker, per thread.
    var openMarkers: [Int32: Int64] = [:]
    /// Events dropped since the last `lost` line.
    var dropped = 0
    /// Called once when writing fails.
    var onFailure: (@Sendable (String) -> Void)?
    /// Interned names.
    var names = NameTable()
    /// Set for a scoped recording: only threads in the scope record.
    var scope: Int32 = 0
    /// Whether times, thread and object ids are made reproducible (see ``RecordingMode``).
    var reproducible = false
    /// The logical clock of a reproducible recording.
    var step: Int64 = 0
    /// Thread and object ids as a reproducible recording renumbers them.
    var threadNumbers: [Int32: Int32] = [:]
    var objectNumbers: [UInt64: UInt64] = [:]
    /// Hands the buffer to the writer every flush interval; nil without one.
    var flushTimer: (any DispatchSourceTimer)?

    /// The time of an event: nanoseconds since the session started, or the logical clock.
    @inline(__always)
    mutating func timestamp() -> Int64 {
      if _slowPath(reproducible) {
        step += 1_000
        return step
      }
      return Int64(truncatingIfNeeded: MonotonicClock.now() &- start)
    }

    /// The `tid` written for `thread`: itself, or 1, 2, … in order of appearance when reproducible.
    @inline(__always)
    mutating func threadNumber(_ thread: Int32) -> Int32 {
      guard _slowPath(reproducible) else { return thread }
      if let number = threadNumbers[thread] { return number }
      let number = Int32(threadNumbers.count + 1)
      threadNumbers[thread] = number
      return number
    }

    /// The `obj` written for `object`: itself, or 1, 2, … in order of appearance when reproducible.
    @inline(__always)
    mutating func objectNumber(_ object: UInt64) -> UInt64 {
      guard _slowPath(reproducible) else { return object }
      if let number = objectNumbers[object] { return number }
      let number = UInt64(objectNumbers.count + 1)
      objectNumbers[object] = number
      return number
    }
  }

  /// How a session records: the whole process, or one scope; real or logical time.
  struct RecordingMode {
    var scope: Int32 = 0
    /// Logical time (1 µs a step), `tid` and `obj` numbered from 1, no `startedAt`: the
    /// same scripted run gives the same bytes.
    var reproducible = false
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
      state.buffer.deallocate()
      for spare in state.spare { spare.deallocate() }
      state.spare = []
      state.buffer = EventBuffer(capacity: Self.bufferCapacity)
      state.allocated = 1
      state.dropped = 0
      state.scope = mode.scope
      state.reproducible = mode.reproducible
      beginSession(&state, scenario: scenario, app: app)
      if let interval = mode.flushInterval, interval > .zero {
        state.flushTimer = startFlushTimer(every: interval, generation: state.generation)
      }
    }
    RecordingSwitch.set(true)
    Self.registerExitFlush()
  }

  /// Starts a new session (a new `meta` line) in the current destination.
  func newSession(scenario: String?, app: String?) {
    state.withLock { state in
      guard state.sink != nil else { return }
      closeOpenMarkers(&state)
      beginSession(&state, scenario: scenario, app: app)
    }
  }

  /// Ends recording: closes open marker spans, writes everything and closes the destination.
  func stop() {
    RecordingSwitch.set(false)
    let taken: (sink: any TraceSink, last: EventBuffer, report: @Sendable (String) -> Void)? = state.withLock {
      state in
      guard let sink = state.sink else { return nil }
      state.flushTimer?.cancel()
      state.flushTimer = nil
      closeOpenMarkers(&state)
      // The last buffer is often full when events were being dropped: the `lost` line then
      // goes in a small buffer of its own, so no loss goes unannounced.
      if state.dropped > 0, state.buffer.remaining < Self.lostLineCapacity {
        let full = state.buffer
        state.buffer = EventBuffer(capacity: full.count + Self.lostLineCapacity)
        state.buffer.append(raw: full.bytes)
        full.deallocate()
      }
      writeLostLine(&state)
      let last = state.buffer
      state.buffer = EventBuffer(capacity: 0)  // freed by the next start
      for spare in state.spare { spare.deallocate() }
      state.spare = []
      state.allocated = 0
      state.sink = nil
      state.generation += 1
      state.scope = 0
      state.reproducible = false
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
      guard state.sink != nil, state.buffer.count > 0 else { return }
      _ = replaceBuffer(&state)
    }
    writer.sync {}
  }

  private func beginSession(_ state: inout State, scenario: String?, app: String?) {
    state.start = MonotonicClock.now()
    state.nextSpan = 1
    state.openMarkers = [:]
    state.step = 0
    state.threadNumbers = [:]
    state.objectNumbers = [:]
    let startedAt = state.reproducible ? nil : MonotonicClock.iso8601Now()
    let bound =
      96 + (startedAt?.utf8.count ?? 0) + JSONEscaping.worstCaseLength(scenario ?? "")
      + JSONEscaping.worstCaseLength(app ?? "")
    guard reserve(&state, bound) else { return }
    state.buffer.append(#"{"e":"meta","format":"redraw-trace","version":1"#)
    if let app {
      state.buffer.append(#","app":"#)
      state.buffer.append(quoted: app)
    }
    if let startedAt {
      state.buffer.append(#","startedAt":"#)
      state.buffer.append(quoted: startedAt)
    }
    if let scenario {
      state.buffer.append(#","scenario":"#)
      state.buffer.append(quoted: scenario)
    }
    state.buffer.append("}\n")
  }

  private func closeOpenMarkers(_ state: inout State) {
    for (tid, span) in state.openMarkers.sorted(by: { $0.key < $1.key }) {
      writeEnd(&state, tid: tid, span: span, object: nil)
    }
    state.openMarkers = [:]
  }

  // MARK: - Buffers

  /// Makes room for a line of at most `length` bytes, or counts the event as dropped.
  ///
  /// - Returns: Whether the line may be written now.
  @inline(__always)
  func reserve(_ state: inout State, _ length: Int) -> Bool {
    if state.dropped == 0, state.buffer.remaining >= length { return true }
    return reserveSlowly(&state, length)
  }

  private func reserveSlowly(_ state: inout State, _ length: Int) -> Bool {
    let lostLine = state.dropped > 0 ? Self.lostLineCapacity : 0
    if state.buffer.remaining < length + lostLine {
      guard replaceBuffer(&state, atLeast: length + lostLine) else {
        state.dropped += 1
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
    let full = state.buffer
    state.buffer = next
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

  private func writeLostLine(_ state: inout State) {
    guard state.dropped > 0, state.buffer.remaining >= Self.lostLineCapacity else { return }
    state.buffer.append(#"{"e":"lost","t":"#)
    state.buffer.append(decimal: state.timestamp())
    state.buffer.append(#","tid":0,"count":"#)
    state.buffer.append(decimal: Int64(state.dropped))
    state.buffer.append("}\n")
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
      RecordingSwitch.set(false)
      state.flushTimer?.cancel()
      state.flushTimer = nil
      state.sink = nil
      state.generation += 1
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
