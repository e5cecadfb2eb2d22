import CRedrawPlatform

/// Scoped sessions: a test's or a ``Trace/record(scenario:app:reproducible:_:)``'s events,
/// kept in memory while it runs and written to the destination as one block when it ends.
extension Recorder {
  /// Scoped sessions in progress, read without the lock by every recorded event: while it
  /// is zero, no task-local lookup is made.
  ///
  /// A C global with a constant initial value: one load. A `static let` is initialized
  /// lazily, which costs every read a call to `swift_once` on Linux.
  @inline(__always)
  static var activeScopes: Int64 { redraw_active_scopes() }

  /// Whether the process records to a destination (``State/sink``): an event outside any
  /// scope then takes the lock; otherwise, while only scoped sessions record (parallel
  /// tests), it returns before the lock instead of taking it to be dropped.
  @inline(__always)
  static var hasDestination: Bool { redraw_has_destination() != 0 }

  /// The first capacity of a scoped session's buffer, which grows as needed.
  static let scopeCapacity = 16 * 1024

  /// Begins the session of `scope`: its events are those of the tasks and threads that run
  /// with ``RecordingScope/current`` set to it.
  func beginScope(_ scope: Int32, scenario: String?, app: String?, reproducible: Bool) {
    let startedAt = reproducible ? nil : MonotonicClock.iso8601Now()
    onWriter { state in
      var session = SessionState(buffer: EventBuffer(capacity: Self.scopeCapacity), reproducible: reproducible)
      let meta = MetaLine.Fields(
        scenario: scenario, app: app, startedAt: startedAt, swiftUI: SwiftUIBuildField.ofThisCompiler)
      session.makeRoom(for: MetaLine.worstCaseLength(meta))
      session.writeMetaLine(meta)
      state.scopes[scope] = session
      Self.countActiveScopes(state)
      RecordingSwitch.set(true)
    }
  }

  /// Ends the session of `scope`: reads every record made so far, closes its open marker
  /// spans, writes it as one block into the destination when one records, and returns its
  /// bytes when `keepingBytes`.
  ///
  /// The bytes are copied out on the calling thread, and only when asked for.
  @discardableResult
  func endScope(_ scope: Int32, keepingBytes: Bool) -> [UInt8] {
    let ended: SessionState? = onWriter { state in
      drain(&state)
      guard var session = state.scopes.removeValue(forKey: scope) else { return nil }
      Self.countActiveScopes(state)
      closeOpenMarkers(of: &session)
      // A destination that records one scope only takes no other session.
      if state.sink != nil, state.mainScope == 0 { appendBlock(&state, session.buffer.bytes) }
      RecordingSwitch.set(state.isRecording)
      return session
    }
    guard let ended else { return [] }
    defer { ended.buffer.deallocate() }
    return keepingBytes ? Array(ended.buffer.bytes) : []
  }

  /// Ends the open marker spans of a scoped session.
  func closeOpenMarkers(of session: inout SessionState) {
    for (tid, span) in session.openMarkers.sorted(by: { $0.key < $1.key }) {
      session.makeRoom(for: 128)
      writeEnd(&session, thread: tid, clock: MonotonicClock.now(), span: span, object: nil)
    }
    session.openMarkers = [:]
  }

  /// Updates ``activeScopes``: the scoped sessions, and the destination's scope if it has one.
  static func countActiveScopes(_ state: borrowing State) {
    redraw_set_active_scopes(Int64(state.scopes.count + (state.mainScope != 0 ? 1 : 0)))
    redraw_set_destination_scope(state.mainScope)
  }

  /// Appends a whole session to the destination's stream. The destination's session, if it
  /// wrote its `meta` line, continues after it with a `meta` line of its id.
  private func appendBlock(_ state: inout State, _ block: UnsafeBufferPointer<UInt8>) {
    guard makeRoom(&state, block.count) else { return }
    state.main.buffer.append(raw: block)
    state.destinationUsed = true
    if state.header.isWritten { state.header = .resume }
  }
}

extension Recorder.Header {
  /// Whether the destination's session owes no `meta` line.
  var isWritten: Bool {
    if case .written = self { return true }
    return false
  }
}

/// The recording scope of the running task, or of the thread outside any task (0: none).
///
/// A task-local value, so it follows a test's `await`s and the tasks it creates with
/// `Task { }`; other threads join with ``TraceScope/join(_:)``.
enum RecordingScope {
  @TaskLocal static var current: Int32 = 0
}
