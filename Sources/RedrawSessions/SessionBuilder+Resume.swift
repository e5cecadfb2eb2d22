import RedrawReading

/// Sessions that continue after another session's lines.
///
/// A recording that runs the sessions of tests inside a whole-process recording (see
/// `Trace.record` and the `RedrawTesting` trait) writes each nested session as one block of
/// lines where it ends, in the middle of the process's session. The process's session
/// carries a `session` id on its `meta` line and, after a block, a `meta` line with the same
/// id continues it: its clock, its open spans and its views go on as if the block were not
/// there. A session with an id is therefore parked, not finished, when another begins.
extension SessionBuilder {
  /// Handles a `meta` line: continues the parked session it names, or starts a new one.
  mutating func beginSession(_ event: borrowing TraceEvent, line: Int, strings: borrowing StringTable) {
    let id = event.session
    if progress.inSession, progress.hasMeta, let id, id == progress.sessionID {
      log.eventCounts.add(.meta)  // the same session again: nothing to switch
      noteSwiftUIBuild(event, strings: strings)
      return
    }
    leaveSession(strings: strings)
    if let id, let resumed = parked.removeValue(forKey: id) {
      resume(resumed)
      log.eventCounts.add(.meta)
      noteSwiftUIBuild(event, strings: strings)
      return
    }
    var session = Session(source: source, line: line)
    session.scenario = event.scenario.map { strings[$0] }
    session.app = event.app.map { strings[$0] }
    session.swiftUI = event.swiftUI.build
    log.eventCounts.add(.meta)
    progress.current = session
    progress.inSession = true
    progress.hasMeta = true
    progress.sessionID = id
  }

  /// A continuing `meta` line's `swiftUI` replaces the session's: a harness declared its
  /// build after the session's first line (`mixed` and other values leave it unknown).
  private mutating func noteSwiftUIBuild(_ event: borrowing TraceEvent, strings: borrowing StringTable) {
    guard event.swiftUI.present else { return }
    progress.current!.swiftUI = event.swiftUI.build
  }

  /// Parks the session in progress when it has an id; otherwise finishes it.
  private mutating func leaveSession(strings: borrowing StringTable) {
    guard progress.inSession, let id = progress.sessionID else {
      finishSession(strings: strings)
      return
    }
    var left = self
    left.sessions = []
    left.parked = [:]
    var parked = self.parked
    parked[id] = left
    self = SessionBuilder(source: source, sessions: sessions, parked: parked, collecting: type(of: collectors))
  }

  /// Makes `resumed` the session in progress, keeping the sessions finished and parked.
  private mutating func resume(_ resumed: SessionBuilder) {
    let finished = sessions
    let parked = self.parked
    self = resumed
    sessions = finished
    self.parked = parked
  }

  /// Finishes every parked session, at the end of the input, and orders all sessions by
  /// the line of their first `meta`.
  mutating func finishParkedSessions(strings: borrowing StringTable, threads: Int = 1) {
    let waiting = parked.values.sorted { ($0.progress.current?.line ?? 0) < ($1.progress.current?.line ?? 0) }
    parked = [:]
    for session in waiting {
      resume(session)
      finishSession(strings: strings, namingThreads: threads)
    }
    // A session that was continued finished after the sessions nested in it; lines are
    // unique within a file.
    sessions.sort { $0.line < $1.line }
  }
}
