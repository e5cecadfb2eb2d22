import RedrawPlatform

/// Recordings scoped to a piece of code, for tests.
///
/// Swift Testing runs tests in parallel in one process. A scoped session records only the
/// events of its scope: the task that runs it (and the tasks it creates), the calling
/// thread, and the threads that ``TraceScope/join(_:)`` it. Scoped sessions run at the same
/// time without mixing, and inside a whole-process recording (`REDRAW_TRACE`,
/// ``start(_:scenario:app:flushInterval:onFailure:)``) they neither end nor hide it: each is
/// written to its file, as a session of its own, when it ends. Events outside every scope
/// go to the process's session.
extension Trace {
  /// Runs `body` while holding the process-wide recording lock.
  ///
  /// Tests that start and stop the process's recording themselves wrap their bodies in
  /// this, so they do not interleave with each other. Nesting it on one thread runs the
  /// inner body at once. Scoped sessions do not take it. For tests only: behind
  /// `@_spi(Testing) import RedrawTrace`.
  @_spi(Testing)
  public static func exclusively<R>(_ body: () throws -> R) rethrows -> R {
    if ThreadContext.holdsRecordingLock { return try body() }
    return try recordingLock.withLock {
      ThreadContext.holdsRecordingLock = true
      defer { ThreadContext.holdsRecordingLock = false }
      return try body()
    }
  }

  /// Records the events of `body`, from this thread and the threads that join its scope,
  /// into memory, and returns the recording.
  ///
  /// ```swift
  /// let recording = Trace.record(scenario: "type in search") { _ in
  ///   model.query = "swift"
  /// }
  /// recording.lines   // the meta line, then one line per event
  /// ```
  ///
  /// While the process records to a destination, the session is also written there when
  /// `body` returns. A `record` inside another is a session of its own: its events are not
  /// in the outer one's recording.
  ///
  /// - Parameters:
  ///   - scenario: The session's scenario.
  ///   - app: The session's app.
  ///   - reproducible: Logical time (1 µs per event), and `tid`, `obj` and view nodes
  ///     numbered from 1 in order of appearance, with no `startedAt`: the same scripted run
  ///     records the same bytes, so recordings can be compared with committed files.
  ///   - body: The code to record; its argument lets other threads join the scope.
  public static func record(
    scenario: String? = nil, app: String? = nil, reproducible: Bool = false, _ body: (TraceScope) throws -> Void
  ) rethrows -> TraceRecording {
    let scope = TraceScope(id: Int32(truncatingIfNeeded: nextScope.fetchAdd(1)))
    Recorder.shared.beginScope(scope.id, scenario: scenario, app: app, reproducible: reproducible)
    do {
      try scope.join { try body(scope) }
    } catch {
      Recorder.shared.endScope(scope.id, keepingBytes: false)
      throw error
    }
    return TraceRecording(bytes: Recorder.shared.endScope(scope.id, keepingBytes: true))
  }

  /// Runs `body` with its events in a session of their own, when the process records to a
  /// destination; otherwise just runs it.
  ///
  /// The session follows `body`'s task across suspension points and into the tasks it
  /// creates with `Task { }` (not detached tasks, nor other threads, which can
  /// ``TraceScope/join(_:)`` it). It is written to the destination as one block when
  /// `body` returns. The `RedrawTesting` trait runs each test this way.
  ///
  /// - Parameters:
  ///   - scenario: The session's scenario, for example the test's name.
  ///   - app: The session's app.
  ///   - isolation: The caller's actor, on which `body` runs.
  ///   - body: The code whose events make the session.
  public static func withSession<R>(
    scenario: String? = nil, app: String? = nil, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    guard isRecordingToDestination else { return try await body() }
    let id = Int32(truncatingIfNeeded: nextScope.fetchAdd(1))
    Recorder.shared.beginScope(id, scenario: scenario, app: app, reproducible: false)
    defer { Recorder.shared.endScope(id, keepingBytes: false) }
    return try await RecordingScope.$current.withValue(id, operation: body)
  }

  /// Whether the process records to a destination (`REDRAW_TRACE` or ``start(_:scenario:app:flushInterval:onFailure:)``),
  /// as opposed to only scoped sessions in memory. For tests only: behind
  /// `@_spi(Testing) import RedrawTrace`.
  @_spi(Testing)
  public static var isRecordingToDestination: Bool {
    _ = RecordingSwitch.isOn  // honours REDRAW_TRACE on first use
    return Recorder.shared.onWriter { $0.sink != nil }
  }

  private static let recordingLock = Locked<Void>(())
  private static let nextScope = AtomicInt(1)
}

/// The threads whose events a scoped recording keeps.
public struct TraceScope: Sendable {
  let id: Int32

  /// Runs `body` on the calling thread as part of the scope.
  public func join<R>(_ body: () throws -> R) rethrows -> R {
    try RecordingScope.$current.withValue(id, operation: body)
  }
}

/// A finished recording held in memory.
public struct TraceRecording: Sendable {
  /// The JSON lines, each ending in `\n`.
  public let bytes: [UInt8]

  /// A recording of `bytes`: JSON lines, each ending in `\n`.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The recording as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The lines, without their line ends.
  public var lines: [String] { text.split(separator: "\n").map(String.init) }
}
