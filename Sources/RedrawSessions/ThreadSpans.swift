/// Threads and the spans open on each: a part of the session builder's state.
struct ThreadSpans {
  /// Threads, by order of appearance, and the index of the last one used.
  var threadIDs: [Int64] = []
  var threads: [ThreadState] = []
  /// The highest span id pushed in the session (see ``push(_:on:)``).
  var highestSpan = Int64.min
  var lastThread = 0
  /// The last time seen on `lastThread` (the other threads' are in `threads`).
  var lastThreadTime: Int64 = .min

  /// The index of `thread` in `threads`, added on first sight.
  ///
  /// - Complexity: O(1) for the thread of the previous event, else O(threads).
  @inline(__always)
  mutating func index(of thread: Int64) -> Int {
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
  mutating func innermost(on thread: Int64) -> OpenSpan? { threads[index(of: thread)].spans.last }

  /// Opens `span` on `thread`, its reads starting at the thread's open reads.
  ///
  /// - Returns: False when a span with the same id was open (it is pushed all the same).
  mutating func push(_ span: OpenSpan, on thread: Int64) -> Bool {
    // Recorders number spans upwards: an id above every one pushed so far cannot be open,
    // and only a lower one is looked for among the open spans of every thread.
    var unique = true
    if span.id > highestSpan {
      highestSpan = span.id
    } else if threads.contains(where: { $0.spans.contains { $0.id == span.id } }) {
      unique = false
    }
    let index = index(of: thread)
    var span = span
    span.readsStart = Int32(threads[index].openReads.count)
    threads[index].spans.append(span)
    return unique
  }
}

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
