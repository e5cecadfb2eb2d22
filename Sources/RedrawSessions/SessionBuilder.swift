import RedrawReading

/// Reconstructs sessions from a stream of events.
///
/// Feed every event of a file in order with ``add(_:line:strings:)``; a `meta` event
/// finishes the session in progress and starts the next. Spans are tracked per
/// thread; reads, writes and effects belong to the innermost open span on their
/// thread. Why each body evaluation after the first happened is decided when it
/// begins, from the writes since the node's last evaluation (see
/// `EvaluationCause.swift`).
///
/// The builder does the reconstruction every rule shares (spans, causes, read sets and
/// subscriptions, initializer groups and the objects they made, properties, actions,
/// timelines) and hands what it derives to the collectors it is given (``SessionCollector``):
/// the later stage's, which keep what their rules report. The builder knows no rule.
///
/// - Complexity: O(1) amortized per event, except a write, which visits the view
///   nodes that read the written object in their last evaluation. Memory grows with
///   the distinct nodes, objects, types, properties and sites, not with events.
package struct SessionBuilder {
  /// The file the events come from, for evidence.
  let source: String
  /// Sessions finished so far.
  package internal(set) var sessions: [Session] = []
  /// Sessions with an id that another session interrupted, by id, until a `meta` line
  /// with their id continues them or the input ends (see `SessionBuilder+Resume.swift`).
  var parked: [Int64: SessionBuilder] = [:]

  // MARK: - State of the session in progress, in parts (`SessionBuilder+Parts.swift`)

  var progress = SessionProgress()
  var nodeTable = NodeTable()
  var spans = ThreadSpans()
  var objectTable = ObjectTable()
  var propertyTable = PropertyTable()
  var initGroups = InitGroups()
  var actionTable = ActionTable()
  var updates = Updates()
  var structTally = StructTally()
  var log = SessionLog()
  /// The collectors that gather facts as the session is built, a new value of their type
  /// for each session. An existential, so that the builder's code is compiled for no
  /// particular collectors and stays specialized in its own module: a fact costs one
  /// dynamic call (docs/performance.md, "The session builder takes any collectors").
  var collectors: any SessionCollector

  /// A builder for the events of `source`, whose facts a new `Collectors` value gathers
  /// in each session.
  package init(source: String, collecting collectors: any SessionCollector.Type) {
    self.source = source
    self.collectors = collectors.init()
  }

  // MARK: - Events

  /// Adds one event, read from `line` of the source.
  package mutating func add(_ event: borrowing TraceEvent, line: Int, strings: borrowing StringTable) {
    if event.kind == .meta {
      beginSession(event, line: line, strings: strings)
      return
    }
    if !progress.inSession {
      progress.current = Session(source: source, line: line)
      progress.inSession = true
      progress.hasMeta = false
      note("events before any meta line: treated as one session without a scenario", line: line, time: event.time)
    }
    log.eventCounts.add(event.kind)
    log.unknownKeys += Int(event.unknownKeys)
    let evidence = Evidence(line: line, time: event.time)
    if event.kind != .unknown, event.kind != .lost { observeTime(event, evidence) }
    switch event.kind {
    case .body: beginBody(event, evidence)
    case .`init`: beginInit(event, evidence)
    case .end: end(event, evidence)
    case .read: read(event, evidence, strings: strings)
    case .write: write(event, evidence, strings: strings)
    case .effect: effect(event, evidence, strings: strings)
    case .`deinit`: release(event)
    case .lost:
      progress.current!.lostEvents += Int(clamping: event.count)
      note("the recorder dropped events (its destination could not keep up)", line: line, time: event.time)
    case .unknown:
      if let name = event.unknownKind { progress.current!.unknownKinds[strings[name], default: 0] += 1 }
    case .action: beginAction(event, evidence)
    case .observe: observe(event, evidence)
    case .`struct`: madeStruct(event)
    case .unmount: unmount(event, evidence)
    case .bind: bind(event, evidence)
    case .discard: collectors.stateDiscarded(view: event.view!, property: event.property!, at: evidence)
    case .mark:
      updates.beginStep()
      actionTable.updateAction = -1
    case .meta:
      break
    }
  }

  /// Finishes the last session, then those still parked; `partialLastLine` tells that the
  /// input ended mid-line. Sessions are then in the order of their `meta` lines. `threads`
  /// are free to name the finished sessions' summaries (the reader's, once it is done).
  package mutating func finish(
    strings: borrowing StringTable, partialLastLine: Bool = false, lastLine: Int = 0, threads: Int = 1
  ) {
    if partialLastLine {
      if progress.current == nil { progress.current = Session(source: source, line: lastLine) }
      progress.current!.truncation = Session.Truncation(partialLastLine: true, openSpans: 0, line: lastLine)
    }
    finishSession(strings: strings, namingThreads: threads)
    finishParkedSessions(strings: strings, threads: threads)
  }

  @inline(__always)
  private mutating func observeTime(_ event: TraceEvent, _ evidence: Evidence) {
    if log.firstTime == nil { log.firstTime = event.time }
    log.lastTime = max(log.lastTime, event.time)
    _ = spans.index(of: event.thread)
    if event.time < spans.lastThreadTime {
      note("time went backwards on a thread", line: evidence.line, time: event.time)
    }
    spans.lastThreadTime = event.time
  }

  // MARK: - Spans

  mutating func push(_ span: OpenSpan, on thread: Int64) {
    if !spans.push(span, on: thread) {
      note("a span id was used again while its span was open", line: span.start.line, time: span.start.time)
    }
  }

  private mutating func end(_ event: TraceEvent, _ evidence: Evidence) {
    let thread = spans.index(of: event.thread)
    guard let position = spans.threads[thread].spans.lastIndex(where: { $0.id == event.span }) else {
      note("end for a span that is not open on its thread", line: evidence.line, time: event.time)
      return
    }
    if position == spans.threads[thread].spans.count - 1 {
      let span = spans.threads[thread].spans.removeLast()
      close(span, on: thread, at: event.time, producing: event.object, evidence)
      return
    }
    note("spans ended out of order: inner spans closed by an outer end", line: evidence.line, time: event.time)
    let closing = Array(spans.threads[thread].spans[position...].reversed())
    spans.threads[thread].spans.removeSubrange(position...)
    for span in closing {
      close(span, on: thread, at: event.time, producing: span.id == event.span ? event.object : nil, evidence)
    }
  }

  private mutating func close(
    _ span: OpenSpan, on thread: Int, at time: Int64, producing object: Int64?, _ evidence: Evidence
  ) {
    switch span.kind {
    case .body(let node): endBody(node: node, span: span, thread: thread, at: time)
    case .`init`(let group): endInit(group: group, span: span, at: time, producing: object, on: thread, evidence)
    case .action: break
    }
  }
}

extension SessionBuilder {
  /// Records a problem with the trace, counted by message.
  @inline(__always)
  mutating func note(_ message: String, line: Int, time: Int64, allowed: Bool = false) {
    log.note(message, line: line, time: time, allowed: allowed)
  }
}
