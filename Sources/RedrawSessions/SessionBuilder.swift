import RedrawReading

/// Reconstructs sessions from a stream of events.
///
/// Feed every event of a file in order with ``add(_:line:strings:)``; a `meta` event
/// finishes the session in progress and starts the next. Spans are tracked per
/// thread; reads, writes and effects belong to the innermost open span on their
/// thread. Why each body evaluation after the first happened is decided when it
/// begins, from the writes since the node's last evaluation (see
/// `SessionBuilder+Invalidation.swift`).
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

  // MARK: - State of the session in progress

  var current: Session?
  /// Whether `current` holds a session: testing the optional itself copies the session.
  var inSession = false
  var hasMeta = false
  /// The `session` id of the session in progress, when its `meta` line gave one.
  var sessionID: Int64?
  /// View nodes, by dense index; `nodeIDs` maps a trace `node` to it.
  var nodes: [NodeState] = []
  var nodeIDs = DenseIndex()
  /// Per node, by the same index: what its children's evaluations look at.
  var parentFacts: [ParentFacts] = []
  /// Per node, by the same index: the timeline bucket of its last evaluation, counted
  /// here until an evaluation falls in another bucket, so that a run of evaluations in
  /// one bucket touches this small array only, not the node's timeline.
  var openBuckets: [NodeSummary.TimelineBucket] = []
  /// Threads, by order of appearance, and the index of the last one used.
  var threadIDs: [Int64] = []
  var threads: [ThreadState] = []
  /// The highest span id pushed in the session (see `push(_:on:)`).
  var highestSpan = Int64.min
  var lastThread = 0
  /// The last time seen on `lastThread` (the other threads' are in `threads`).
  var lastThreadTime: Int64 = .min
  /// Objects, by dense slot; `objectIDs` maps a trace `obj` to its slot.
  var objects: [ObjectState] = []
  var objectIDs = DenseIndex()
  /// The object last used outside an initializer and its slot, while its state stands:
  /// a view's reads of one model follow each other.
  var lastTouched: (object: Int64, slot: Int)?
  /// Properties read or written, by dense index; keys are ``MemberKey``s.
  var properties: [PropertyState] = []
  /// Each property's reads, by the same index: counted on every read, in an array small
  /// enough to stay in the cache while the trace streams through it.
  var propertyReads: [Int] = []
  var propertyIDs = DenseIndex()
  /// The properties named after their candidates (`<email|password>`), and which reads
  /// count as reads of a written property.
  var ambiguousNames = AmbiguousNames()
  var groups: [InitGroupState] = []
  var groupIndex: [GroupKey: Int] = [:]
  /// User actions by name, in order of their first performance.
  var actions: [ActionState] = []
  /// Writes in the session so far.
  var writeCount = 0
  /// The update in progress: writes with no body evaluation, action or mark between them
  /// are one update, as SwiftUI applies a transaction's writes in one pass
  /// (`SessionBuilder+Passes.swift`).
  var updateNumber: Int32 = 0
  /// Whether a body evaluation, an action or a mark came since the last write.
  var stepSinceWrite = true
  /// View structs made per trace node (`struct` events), by dense index in `structNodes`.
  var structNodes = DenseIndex()
  var structCounts: [Int32] = []
  /// Of them, those made by parent evaluations the migration saves, by the same index.
  var savedStructCounts: [Int32] = []
  /// Whether the session recorded a subscription (`observe`) yet: before one, it looks
  /// tracked per property, and no update is missed.
  var hasSubscriptions = false
  /// The types each node edits through bindings (writes inside its `binding` actions).
  var bindings: Set<NodeBinding> = []
  /// Evaluations each property's writes caused in each view, needed and over-broad: keys
  /// ``UpdateKey``s in `updateIDs`, counts in `updateCounts` by the same index.
  var updateIDs = DenseIndex()
  var updateCounts: [UpdateCount] = []
  /// Per node, by node index: its last entry in `updateIDs` (see `UpdateMemo`).
  var updateMemos: [UpdateMemo] = []
  var actionIndex: [StringID: Int] = [:]
  var diagnostics: [String: Session.Diagnostic] = [:]
  var diagnosticOrder: [String] = []
  /// The width of one timeline bucket, doubled as the session grows.
  var timelineWidth: Int64 = 1_000
  /// Counts objects whose state was replaced (an id used again after its `deinit`), so
  /// a node's reads of them are settled again.
  var objectResets = 0
  /// Events by kind, and unknown keys, of the session in progress.
  var eventCounts = EventCounter()
  var unknownKeys = 0
  var firstTime: Int64?
  var lastTime: Int64 = 0
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
    if !inSession {
      current = Session(source: source, line: line)
      inSession = true
      hasMeta = false
      note("events before any meta line: treated as one session without a scenario", line: line, time: event.time)
    }
    eventCounts.add(event.kind)
    unknownKeys += Int(event.unknownKeys)
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
      current!.lostEvents += Int(clamping: event.count)
      note("the recorder dropped events (its destination could not keep up)", line: line, time: event.time)
    case .unknown:
      if let name = event.unknownKind { current!.unknownKinds[strings[name], default: 0] += 1 }
    case .action: beginAction(event, evidence)
    case .observe: observe(event, evidence)
    case .`struct`: madeStruct(event)
    case .unmount: unmount(event, evidence)
    case .bind: bind(event, evidence)
    case .mark: beginStep()
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
      if current == nil { current = Session(source: source, line: lastLine) }
      current!.truncation = Session.Truncation(partialLastLine: true, openSpans: 0, line: lastLine)
    }
    finishSession(strings: strings, namingThreads: threads)
    finishParkedSessions(strings: strings, threads: threads)
  }

  /// Records a problem with the trace, counted by message.
  mutating func note(_ message: String, line: Int, time: Int64, allowed: Bool = false) {
    if diagnostics[message] == nil {
      diagnostics[message] = Session.Diagnostic(
        message: message, count: 0, first: Evidence(line: line, time: time), isAllowed: allowed)
      diagnosticOrder.append(message)
    }
    diagnostics[message]!.count += 1
  }

  @inline(__always)
  private mutating func observeTime(_ event: TraceEvent, _ evidence: Evidence) {
    if firstTime == nil { firstTime = event.time }
    lastTime = max(lastTime, event.time)
    _ = threadIndex(event.thread)
    if event.time < lastThreadTime {
      note("time went backwards on a thread", line: evidence.line, time: event.time)
    }
    lastThreadTime = event.time
  }

  // MARK: - Spans

  /// The index of `thread` in `threads`, added on first sight.
  ///
  /// - Complexity: O(1) for the thread of the previous event, else O(threads).
  @inline(__always)
  mutating func threadIndex(_ thread: Int64) -> Int {
    if lastThread < threadIDs.count, threadIDs[lastThread] == thread { return lastThread }
    return switchThread(to: thread)
  }

  /// Makes `thread` the current thread: its last time moves into `lastThreadTime`, where
  /// every event updates it without touching the array.
  private mutating func switchThread(to thread: Int64) -> Int {
    if lastThread < threads.count { threads[lastThread].lastTime = lastThreadTime }
    if let index = threadIDs.firstIndex(of: thread) {
      lastThread = index
    } else {
      threadIDs.append(thread)
      threads.append(ThreadState())
      lastThread = threads.count - 1
    }
    lastThreadTime = threads[lastThread].lastTime
    return lastThread
  }

  /// The innermost open span on `thread`.
  @inline(__always)
  mutating func innermostSpan(on thread: Int64) -> OpenSpan? { threads[threadIndex(thread)].spans.last }

  mutating func push(_ span: OpenSpan, on thread: Int64) {
    // Recorders number spans upwards: an id above every one pushed so far cannot be open,
    // and only a lower one is looked for among the open spans of every thread.
    if span.id > highestSpan {
      highestSpan = span.id
    } else if threads.contains(where: { $0.spans.contains { $0.id == span.id } }) {
      note("a span id was used again while its span was open", line: span.start.line, time: span.start.time)
    }
    let index = threadIndex(thread)
    var span = span
    span.readsStart = Int32(threads[index].openReads.count)
    threads[index].spans.append(span)
  }

  private mutating func end(_ event: TraceEvent, _ evidence: Evidence) {
    let thread = threadIndex(event.thread)
    guard let position = threads[thread].spans.lastIndex(where: { $0.id == event.span }) else {
      note("end for a span that is not open on its thread", line: evidence.line, time: event.time)
      return
    }
    if position == threads[thread].spans.count - 1 {
      let span = threads[thread].spans.removeLast()
      close(span, on: thread, at: event.time, producing: event.object, evidence)
      return
    }
    note("spans ended out of order: inner spans closed by an outer end", line: evidence.line, time: event.time)
    let closing = Array(threads[thread].spans[position...].reversed())
    threads[thread].spans.removeSubrange(position...)
    for span in closing {
      close(span, on: thread, at: event.time, producing: span.id == event.span ? event.object : nil, evidence)
    }
  }

  private mutating func close(
    _ span: OpenSpan, on thread: Int, at time: Int64, producing object: Int64?, _ evidence: Evidence
  ) {
    switch span.kind {
    case .body(let node): endBody(node: node, span: span, thread: thread, at: time)
    case .`init`(let group): endInit(group: group, span: span, at: time, producing: object, evidence)
    case .action: break
    }
  }
}

// MARK: - Internal state

/// An open `body` or `init` span.
struct OpenSpan {
  enum Kind {
    case body(node: Int)
    case `init`(group: Int)
    /// A user action, by index in the builder's actions.
    case action(Int)
  }

  var id: Int64
  var kind: Kind
  var start: Evidence
  /// Where this span's reads begin in its thread's ``ThreadState/openReads``.
  var readsStart: Int32 = 0
  /// For an action whose control edits through a binding: the trace node of the view that
  /// declares the control; -1 otherwise.
  var bindingNode: Int64 = -1
}

/// Per-thread state: the open spans, innermost last, and the last time seen.
struct ThreadState {
  var spans: [OpenSpan] = []
  /// The reads of the open body evaluations (``ReadKey``s); each span's
  /// start at its ``OpenSpan/readsStart``.
  var openReads = ReadStack()
  var lastTime: Int64 = .min
}
