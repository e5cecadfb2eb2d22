/// Formatting of each event kind, by hand, into the buffer of its session.
///
/// Each method reads the clock, takes the lock once, reserves an upper bound for its lines
/// and appends the bytes. Room for the fixed parts: keys and punctuation take under 64
/// bytes, each integer at most 20.
extension Recorder {
  /// Runs `body` under the lock with the session the calling thread or task records into
  /// (its scope's, else the destination's), after making room for `fixed` bytes and the
  /// quoted forms of the interned `names` the line will hold.
  ///
  /// - Returns: nil when nothing records for the caller, or the event had to be dropped.
  @inline(__always)
  private func withSession<R>(
    reserving fixed: Int, names first: TraceName? = nil, _ second: TraceName? = nil,
    _ body: (inout SessionState, inout NameTable, EventStamp) -> R?
  ) -> R? {
    @inline(__always) func bound(_ names: inout NameTable) -> Int {
      fixed + (first.map { names.quotedLength($0) } ?? 0) + (second.map { names.quotedLength($0) } ?? 0)
    }
    var scope: Int32 = 0
    if _slowPath(Self.activeScopes != 0) {
      scope = RecordingScope.current
      // Only scoped sessions record and this event is in none: nothing takes it.
      if scope == 0, !Self.hasDestination { return nil }
    }
    // The clock is read before the lock, where its wait overlaps the wait for the lock's
    // exchange; the session keeps its lines in time order (``SessionState/timestamp(at:)``).
    // An event the lock then refuses (its scope just ended, recording just stopped) read it
    // for nothing: rare.
    let stamp = EventStamp(thread: ThreadContext.currentID, clock: MonotonicClock.now())
    return state.withLock { state in
      if _slowPath(scope != 0), let position = state.scopes.index(forKey: scope) {
        state.scopes.values[position].makeRoom(for: bound(&state.names))
        return body(&state.scopes.values[position], &state.names, stamp)
      }
      guard state.sink != nil else { return nil }
      if _slowPath(state.mainScope != 0), scope != state.mainScope { return nil }
      if _slowPath(!state.header.isWritten) { writeHeader(&state) }
      guard reserve(&state, bound(&state.names)) else { return nil }
      return body(&state.main, &state.names, stamp)
    }
  }

  /// Appends `{"e":KIND,"t":T,"tid":N` where `opening` is `{"e":"KIND","t":`.
  @inline(__always)
  private func writePrefix(_ session: inout SessionState, _ opening: StaticString, _ stamp: EventStamp) {
    session.buffer.append(opening)
    session.buffer.append(decimal: session.timestamp(at: stamp.clock))
    session.buffer.append(#","tid":"#)
    session.buffer.append(decimal: Int64(session.threadNumber(stamp.thread)))
  }

  @inline(__always)
  private func writeObject(_ session: inout SessionState, _ object: UInt64) {
    session.buffer.append(#","obj":"#)
    session.buffer.append(decimal: Int64(truncatingIfNeeded: session.objectNumber(object)))
  }

  @inline(__always)
  private func writeNode(_ session: inout SessionState, _ key: StaticString, _ node: Int) {
    session.buffer.append(key)
    session.buffer.append(decimal: Int64(session.nodeNumber(node)))
  }

  @inline(__always)
  private func writeName(
    _ session: inout SessionState, _ names: inout NameTable, _ key: StaticString, _ name: TraceName
  ) {
    session.buffer.append(key)
    names.write(name, to: &session.buffer)
  }

  /// Appends `,"site":"PATH:LINE"` from a `#filePath` and `#line` (see ``CallSite``).
  private func writeSite(_ session: inout SessionState, _ site: CallSite) {
    session.buffer.append(#","site":""#)
    let file = site.path(reproducible: session.reproducible)
    session.buffer.append(escaped: file)
    session.buffer.append(UInt8(ascii: ":"))
    session.buffer.append(decimal: Int64(site.line))
    session.buffer.append(UInt8(ascii: "\""))
  }

  // MARK: - Names

  func intern(_ name: String) -> TraceName { state.withLock { $0.names.intern(name) } }

  func intern(_ type: Any.Type) -> TraceName { state.withLock { $0.names.intern(type) } }

  /// The names two interned ids stand for, in one turn of the lock.
  func strings(_ first: TraceName, _ second: TraceName) -> (String, String) {
    state.withLock { ($0.names.string(first), $0.names.string(second)) }
  }

  // MARK: - Reads and writes

  /// Records a `read` or `write` of an interned type and property (the `@Tracked` path).
  ///
  /// - Complexity: O(1); no allocation.
  @usableFromInline
  func recordAccess(write: Bool, object: UInt64, type: TraceName, property: TraceName) {
    recordAccess(write: write, object: object, type: type, property: property, site: nil)
  }

  /// Records a `write` of an interned type and property that assigned a value equal to the
  /// one before when `same` (the `@Tracked` path).
  @usableFromInline
  func recordWrite(object: UInt64, type: TraceName, property: TraceName, same: Bool) {
    recordAccess(write: true, object: object, type: type, property: property, site: nil, same: same)
  }

  /// Records a `read` or `write` of an interned type and property, with the call site when
  /// there is one (the explicit API's key-path form), and `"same":true` for a write of an
  /// equal value.
  @inline(__always)
  func recordAccess(
    write: Bool, object: UInt64, type: TraceName, property: TraceName, site: CallSite?, same: Bool = false
  ) {
    _ = withSession(reserving: 144 + (site?.worstCaseLength ?? 0), names: type, property) { session, names, stamp in
      writePrefix(&session, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, stamp)
      writeObject(&session, object)
      writeName(&session, &names, #","type":"#, type)
      writeName(&session, &names, #","prop":"#, property)
      if let site { writeSite(&session, site) }
      if same { session.buffer.append(#","same":true"#) }
      session.buffer.append("}\n")
      return ()
    }
  }

  /// Records a `read` or `write` with names given as strings (the explicit API).
  func recordAccess(write: Bool, object: UInt64, type: String, property: String, site: CallSite?, same: Bool = false) {
    let bound =
      208 + JSONEscaping.worstCaseLength(type) + JSONEscaping.worstCaseLength(property) + (site?.worstCaseLength ?? 0)
    _ = withSession(reserving: bound) { session, _, stamp in
      writePrefix(&session, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, stamp)
      writeObject(&session, object)
      session.buffer.append(key: #","type":"#, quoted: type)
      session.buffer.append(key: #","prop":"#, quoted: property)
      if let site { writeSite(&session, site) }
      if same { session.buffer.append(#","same":true"#) }
      session.buffer.append("}\n")
      return ()
    }
  }

  // MARK: - Spans

  /// Opens a `body` span; with `marker`, first closes this thread's open marker span.
  func beginBody(
    view: TraceName, node: Int, parent: Int?, cause: BodyCause?, marker: Bool, site: CallSite? = nil
  ) -> TraceSpan {
    var extraLength = site?.worstCaseLength ?? 0
    if case .write(_, let type, let property) = cause {
      extraLength += 64 + JSONEscaping.worstCaseLength(type) + JSONEscaping.worstCaseLength(property)
    }
    let id =
      withSession(reserving: 320 + extraLength, names: view) { session, names, stamp -> Int64? in
        if marker, let open = session.openMarkers.removeValue(forKey: stamp.thread) {
          writeEnd(&session, stamp, span: open, object: nil)
        }
        let span = session.nextSpan
        session.nextSpan += 1
        writePrefix(&session, #"{"e":"body","t":"#, stamp)
        session.buffer.append(key: #","id":"#, decimal: span)
        writeName(&session, &names, #","view":"#, view)
        writeNode(&session, #","node":"#, node)
        if let parent { writeNode(&session, #","parent":"#, parent) }
        if let cause {
          session.buffer.append(#","cause":"#)
          session.buffer.append(cause.quotedName)
          if case .write(let object, let type, let property) = cause {
            writeObject(&session, object)
            session.buffer.append(key: #","type":"#, quoted: type)
            session.buffer.append(key: #","prop":"#, quoted: property)
          }
        }
        if let site { writeSite(&session, site) }
        session.buffer.append("}\n")
        if marker { session.openMarkers[stamp.thread] = span }
        return span
      } ?? 0
    return TraceSpan(id: id)
  }

  /// Opens an `action` span, closing this thread's open marker span first: an event
  /// handler never runs inside a body. A view harness names the `node` of the view whose
  /// control it is, and whether the control edits through a `binding`.
  func beginAction(name: String, node: Int? = nil, binding: Bool = false) -> TraceSpan {
    let id =
      withSession(reserving: 288 + JSONEscaping.worstCaseLength(name)) { session, _, stamp -> Int64? in
        if let open = session.openMarkers.removeValue(forKey: stamp.thread) {
          writeEnd(&session, stamp, span: open, object: nil)
        }
        let span = session.nextSpan
        session.nextSpan += 1
        writePrefix(&session, #"{"e":"action","t":"#, stamp)
        session.buffer.append(key: #","id":"#, decimal: span)
        session.buffer.append(key: #","name":"#, quoted: name)
        if let node { writeNode(&session, #","node":"#, node) }
        if binding { session.buffer.append(#","binding":true"#) }
        session.buffer.append("}\n")
        return span
      } ?? 0
    return TraceSpan(id: id)
  }

  /// Records that a view struct was made for `node`, declared by `parent`'s body.
  func recordStruct(view: String, node: Int, parent: Int?) {
    _ = withSession(reserving: 160 + JSONEscaping.worstCaseLength(view)) { session, _, stamp in
      writePrefix(&session, #"{"e":"struct","t":"#, stamp)
      session.buffer.append(key: #","view":"#, quoted: view)
      writeNode(&session, #","node":"#, node)
      if let parent { writeNode(&session, #","parent":"#, parent) }
      session.buffer.append("}\n")
      return ()
    }
  }

  /// Closes this thread's open marker span, if any.
  func endMarker() {
    _ = withSession(reserving: 128) { session, _, stamp in
      guard let open = session.openMarkers.removeValue(forKey: stamp.thread) else { return () }
      writeEnd(&session, stamp, span: open, object: nil)
      return ()
    }
  }

  /// Opens an `init` span.
  func beginInit(type: TraceName, site: CallSite?, owner: Int?) -> TraceSpan {
    let id =
      withSession(reserving: 160 + (site?.worstCaseLength ?? 0), names: type) {
        session, names, stamp -> Int64? in
        let span = session.nextSpan
        session.nextSpan += 1
        writePrefix(&session, #"{"e":"init","t":"#, stamp)
        session.buffer.append(key: #","id":"#, decimal: span)
        writeName(&session, &names, #","type":"#, type)
        if let site { writeSite(&session, site) }
        if let owner { writeNode(&session, #","owner":"#, owner) }
        session.buffer.append("}\n")
        return span
      } ?? 0
    return TraceSpan(id: id)
  }

  /// Closes a span opened in this session.
  func end(_ span: TraceSpan, object: UInt64?) {
    guard span.id != 0 else { return }
    _ = withSession(reserving: 128) { session, _, stamp in
      if session.openMarkers[stamp.thread] == span.id { session.openMarkers[stamp.thread] = nil }
      writeEnd(&session, stamp, span: span.id, object: object)
      return ()
    }
  }

  /// Appends an `end` line; the caller made room for 128 bytes.
  func writeEnd(_ session: inout SessionState, _ stamp: EventStamp, span: Int64, object: UInt64?) {
    writePrefix(&session, #"{"e":"end","t":"#, stamp)
    session.buffer.append(key: #","id":"#, decimal: span)
    if let object { writeObject(&session, object) }
    session.buffer.append("}\n")
  }

  // MARK: - Other events

  func recordEffect(_ kind: EffectKind, detail: String?, site: CallSite?) {
    let bound = 128 + JSONEscaping.worstCaseLength(detail ?? "") + (site?.worstCaseLength ?? 0)
    _ = withSession(reserving: bound) { session, _, stamp in
      writePrefix(&session, #"{"e":"effect","t":"#, stamp)
      session.buffer.append(#","kind":"#)
      session.buffer.append(kind.quotedName)
      if let detail { session.buffer.append(key: #","detail":"#, quoted: detail) }
      if let site { writeSite(&session, site) }
      session.buffer.append("}\n")
      return ()
    }
  }

  func recordSubscription(object: UInt64, type: String, wrapper: ObjectSubscription) {
    _ = withSession(reserving: 160 + JSONEscaping.worstCaseLength(type)) { session, _, stamp in
      writePrefix(&session, #"{"e":"observe","t":"#, stamp)
      writeObject(&session, object)
      session.buffer.append(key: #","type":"#, quoted: type)
      session.buffer.append(key: #","detail":"#, quoted: wrapper.rawValue)
      session.buffer.append("}\n")
      return ()
    }
  }

  func recordDeinit(object: UInt64, type: TraceName) {
    _ = withSession(reserving: 128, names: type) { session, names, stamp in
      writePrefix(&session, #"{"e":"deinit","t":"#, stamp)
      writeObject(&session, object)
      writeName(&session, &names, #","type":"#, type)
      session.buffer.append("}\n")
      return ()
    }
  }

  func recordMark(_ name: String) {
    _ = withSession(reserving: 96 + JSONEscaping.worstCaseLength(name)) { session, _, stamp in
      writePrefix(&session, #"{"e":"mark","t":"#, stamp)
      session.buffer.append(key: #","name":"#, quoted: name)
      session.buffer.append("}\n")
      return ()
    }
  }
}

/// Who records an event and when: the calling thread's `tid` and the monotonic clock.
struct EventStamp {
  let thread: Int32
  let clock: UInt64

  /// The clock now, for a line the recorder writes on behalf of `thread` (an open marker
  /// span it closes, a `lost` line).
  static func now(for thread: Int32) -> EventStamp {
    EventStamp(thread: thread, clock: MonotonicClock.now())
  }
}
