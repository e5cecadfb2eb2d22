import RedrawPlatform

/// Recordings scoped to a piece of code, for tests.
///
/// Swift Testing runs tests in parallel, but the recorder is process-wide. A scoped
/// recording takes a process-wide lock, so scoped recordings run one at a time, and it
/// records only events from the threads in its scope (the calling thread and those that
/// ``TraceScope/join(_:)`` it), so instrumented code running in other tests at the same
/// time does not leak into it.
extension Trace {
  /// Runs `body` while holding the process-wide recording lock.
  ///
  /// Tests that start and stop recording themselves wrap their bodies in this, so they do
  /// not interleave with other tests' recordings. Nesting it on one thread, or calling
  /// ``record(scenario:app:reproducible:_:)`` inside it, runs the inner body at once.
  public static func exclusively<R>(_ body: () throws -> R) rethrows -> R {
    if ThreadContext.holdsRecordingLock { return try body() }
    return try recordingLock.withLock { _ in
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
  /// - Parameters:
  ///   - scenario: The session's scenario.
  ///   - app: The session's app.
  ///   - reproducible: Logical time (1 µs per event), and `tid` and `obj` numbered from 1
  ///     in order of appearance, with no `startedAt`: the same scripted run records the
  ///     same bytes, so recordings can be compared with committed files.
  ///   - body: The code to record; its argument lets other threads join the scope.
  public static func record(
    scenario: String? = nil, app: String? = nil, reproducible: Bool = false, _ body: (TraceScope) throws -> Void
  ) rethrows -> TraceRecording {
    try exclusively {
      let memory = MemoryTraceSink()
      let scope = TraceScope(id: Int32(truncatingIfNeeded: nextScope.fetchAdd(1)))
      do {
        try Recorder.shared.start(
          .memory(memory), scenario: scenario, app: app, onFailure: nil,
          mode: Recorder.RecordingMode(scope: scope.id, reproducible: reproducible, flushInterval: nil))
      } catch {
        // Memory cannot fail to open; record nothing rather than crash if it ever did.
        return TraceRecording(bytes: [])
      }
      defer { Recorder.shared.stop() }
      try scope.join { try body(scope) }
      Recorder.shared.stop()
      return TraceRecording(bytes: memory.bytes)
    }
  }

  private static let recordingLock = Locked<Void>(())
  private static let nextScope = AtomicInt(1)
}

/// The threads whose events a scoped recording keeps.
public struct TraceScope: Sendable {
  let id: Int32

  /// Runs `body` on the calling thread as part of the scope.
  public func join<R>(_ body: () throws -> R) rethrows -> R {
    try ThreadContext.withScope(id, body)
  }
}

/// A finished recording held in memory.
public struct TraceRecording: Sendable {
  /// The JSON lines, each ending in `\n`.
  public let bytes: [UInt8]

  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The recording as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The lines, without their line ends.
  public var lines: [String] { text.split(separator: "\n").map(String.init) }
}
