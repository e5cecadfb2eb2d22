/// Formatting of each event kind, by hand, into the buffer of its session.
///
/// Each method takes the lock once, stamps the time inside it (so lines are in time
/// order), reserves an upper bound for its lines and appends the bytes. Room for the
/// fixed parts: keys and punctuation take under 64 bytes, each integer at most 20.
extension Recorder {
  /// Runs `body` under the lock with the session the calling thread or task records into
  /// (its scope's, else the destination's), after making room for `fixed` bytes and the
  /// quoted forms of the interned `names` the line will hold.
  ///
  /// - Returns: nil when nothing records for the caller, or the event had to be dropped.
  @inline(__always)
  private func withSession<R>(
    reserving fixed: Int, names first: TraceName? = nil, _ second: TraceName? = nil,
    _ body: (inout SessionState, inout NameTable, Int32) -> R?
  ) -> R? {
    @inline(__always) func bound(_ names: inout NameTable) -> Int {
      fixed + (first.map { names.quotedLength($0) } ?? 0) + (second.map { names.quotedLength($0) } ?? 0)
    }
    let tid = ThreadContext.currentID
    var scope: Int32 = 0
    if _slowPath(Self.activeScopes.loadRelaxed() != 0) {
      scope = RecordingScope.current
      // Only scoped sessions record and this event is in none: nothing takes it.
      if scope == 0, Self.hasDestination.loadRelaxed() == 0 { return nil }
    }
    return state.withLock { state in
      if _slowPath(scope != 0), let position = state.scopes.index(forKey: scope) {
        state.scopes.values[position].makeRoom(for: bound(&state.names))
        return body(&state.scopes.values[position], &state.names, tid)
      }
      guard state.sink != nil else { return nil }
      if _slowPath(state.mainScope != 0), scope != state.mainScope { return nil }
      if _slowPath(!state.header.isWritten) { writeHeader(&state) }
      guard reserve(&state, bound(&state.names)) else { return nil }
      return body(&state.main, &state.names, tid)
    }
  }

  /// Appends `{"e":KIND,"t":T,"tid":N` where `opening` is `{"e":"KIND","t":`.
  @inline(__always)
  private func writePrefix(_ session: inout SessionState, _ opening: StaticString, tid: Int32) {
    session.buffer.append(opening)
    session.buffer.append(decimal: session.timestamp())
    session.buffer.append(#","tid":"#)
    session.buffer.append(decimal: Int64(session.threadNumber(tid)))
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

  // MARK: - Reads and writes

  /// Records a `read` or `write` of an interned type and property (the `@Tracked` path).
  ///
  /// - Complexity: O(1); no allocation.
  @usableFromInline
  func recordAccess(write: Bool, object: UInt64, type: TraceName, property: TraceName) {
    recordAccess(write: write, object: object, type: type, property: property, site: nil)
  }

  /// Records a `read` or `write` of an interned type and property, with the call site when
  /// there is one (the explicit API's key-path form).
  @inline(__always)
  func recordAccess(write: Bool, object: UInt64, type: TraceName, property: TraceName, site: CallSite?) {
    _ = withSession(reserving: 128 + (site?.worstCaseLength ?? 0), names: type, property) { session, names, tid in
      writePrefix(&session, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, tid: tid)
      writeObject(&session, object)
      writeName(&session, &names, #","type":"#, type)
      writeName(&session, &names, #","prop":"#, property)
      if let site { writeSite(&session, site) }
      session.buffer.append("}\n")
      return ()
    }
  }

  /// Records a `read` or `write` with names given as strings (the explicit API).
  func recordAccess(write: Bool, object: UInt64, type: String, property: String, site: CallSite?) {
    let bound =
      192 + JSONEscaping.worstCaseLength(type) + JSONEscaping.worstCaseLength(property) + (site?.worstCaseLength ?? 0)
    _ = withSession(reserving: bound) { session, _, tid in
      writePrefix(&session, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, tid: tid)
      writeObject(&session, object)
      session.buffer.append(key: #","type":"#, quoted: type)
      session.buffer.append(key: #","prop":"#, quoted: property)
      if let site { writeSite(&session, site) }
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
      withSession(reserving: 320 + extraLength, names: view) { session, names, tid -> Int64? in
        if marker, let open = session.openMarkers.removeValue(forKey: tid) {
          writeEnd(&session, tid: tid, span: open, object: nil)
        }
        let span = session.nextSpan
        session.nextSpan += 1
        writePrefix(&session, #"{"e":"body","t":"#, tid: tid)
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
        if marker { session.openMarkers[tid] = span }
        return span
      } ?? 0
    return TraceSpan(id: id)
  }

  /// Opens an `action` span, closing this thread's open marker span first: an event
  /// handler never runs inside a body.
  func beginAction(name: String) -> TraceSpan {
    let id =
      withSession(reserving: 256 + JSONEscaping.worstCaseLength(name)) { session, _, tid -> Int64? in
        if let open = session.openMarkers.removeValue(forKey: tid) {
          writeEnd(&session, tid: tid, span: open, object: nil)
        }
        let span = session.nextSpan
        session.nextSpan += 1
        writePrefix(&session, #"{"e":"action","t":"#, tid: tid)
        session.buffer.append(key: #","id":"#, decimal: span)
        session.buffer.append(key: #","name":"#, quoted: name)
        session.buffer.append("}\n")
        return span
      } ?? 0
    return TraceSpan(id: id)
  }

  /// Closes this thread's open marker span, if any.
  func endMarker() {
    _ = withSession(reserving: 128) { session, _, tid in
      guard let open = session.openMarkers.removeValue(forKey: tid) else { return () }
      writeEnd(&session, tid: tid, span: open, object: nil)
      return ()
    }
  }

  /// Opens an `init` span.
  func beginInit(type: TraceName, site: CallSite?, owner: Int?) -> TraceSpan {
    let id =
      withSession(reserving: 160 + (site?.worstCaseLength ?? 0), names: type) {
        session, names, tid -> Int64? in
        let span = session.nextSpan
        session.nextSpan += 1
        writePrefix(&session, #"{"e":"init","t":"#, tid: tid)
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
    _ = withSession(reserving: 128) { session, _, tid in
      if session.openMarkers[tid] == span.id { session.openMarkers[tid] = nil }
      writeEnd(&session, tid: tid, span: span.id, object: object)
      return ()
    }
  }

  /// Appends an `end` line; the caller made room for 128 bytes.
  func writeEnd(_ session: inout SessionState, tid: Int32, span: Int64, object: UInt64?) {
    writePrefix(&session, #"{"e":"end","t":"#, tid: tid)
    session.buffer.append(key: #","id":"#, decimal: span)
    if let object { writeObject(&session, object) }
    session.buffer.append("}\n")
  }

  // MARK: - Other events

  func recordEffect(_ kind: EffectKind, detail: String?, site: CallSite?) {
    let bound = 128 + JSONEscaping.worstCaseLength(detail ?? "") + (site?.worstCaseLength ?? 0)
    _ = withSession(reserving: bound) { session, _, tid in
      writePrefix(&session, #"{"e":"effect","t":"#, tid: tid)
      session.buffer.append(#","kind":"#)
      session.buffer.append(kind.quotedName)
      if let detail { session.buffer.append(key: #","detail":"#, quoted: detail) }
      if let site { writeSite(&session, site) }
      session.buffer.append("}\n")
      return ()
    }
  }

  func recordSubscription(object: UInt64, type: String, wrapper: ObjectSubscription) {
    _ = withSession(reserving: 160 + JSONEscaping.worstCaseLength(type)) { session, _, tid in
      writePrefix(&session, #"{"e":"observe","t":"#, tid: tid)
      writeObject(&session, object)
      session.buffer.append(key: #","type":"#, quoted: type)
      session.buffer.append(key: #","detail":"#, quoted: wrapper.rawValue)
      session.buffer.append("}\n")
      return ()
    }
  }

  func recordDeinit(object: UInt64, type: TraceName) {
    _ = withSession(reserving: 128, names: type) { session, names, tid in
      writePrefix(&session, #"{"e":"deinit","t":"#, tid: tid)
      writeObject(&session, object)
      writeName(&session, &names, #","type":"#, type)
      session.buffer.append("}\n")
      return ()
    }
  }

  func recordMark(_ name: String) {
    _ = withSession(reserving: 96 + JSONEscaping.worstCaseLength(name)) { session, _, tid in
      writePrefix(&session, #"{"e":"mark","t":"#, tid: tid)
      session.buffer.append(key: #","name":"#, quoted: name)
      session.buffer.append("}\n")
      return ()
    }
  }
}
