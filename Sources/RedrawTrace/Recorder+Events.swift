/// Formatting of each event kind, by hand, into the current buffer.
///
/// Each method takes the lock once, stamps the time inside it (so lines are in time
/// order), reserves an upper bound for the line and appends the bytes. Room for the
/// fixed parts: keys and punctuation take under 64 bytes, each integer at most 20.
extension Recorder {
  /// Runs `body` under the lock while a session records, with the calling thread's id.
  @inline(__always)
  private func withSession<R>(_ body: (inout State, Int32) -> R?) -> R? {
    let tid = ThreadContext.currentID
    return state.withLock { state in
      guard state.sink != nil else { return nil }
      if _slowPath(state.scope != 0), ThreadContext.currentScope != state.scope { return nil }
      return body(&state, tid)
    }
  }

  /// Appends `{"e":KIND,"t":T,"tid":N` where `opening` is `{"e":"KIND","t":`.
  @inline(__always)
  private func writePrefix(_ state: inout State, _ opening: StaticString, tid: Int32) {
    state.buffer.append(opening)
    state.buffer.append(decimal: state.timestamp())
    state.buffer.append(#","tid":"#)
    state.buffer.append(decimal: Int64(state.threadNumber(tid)))
  }

  @inline(__always)
  private func writeObject(_ state: inout State, _ object: UInt64) {
    state.buffer.append(#","obj":"#)
    state.buffer.append(decimal: Int64(truncatingIfNeeded: state.objectNumber(object)))
  }

  @inline(__always)
  private func writeInteger(_ state: inout State, _ key: StaticString, _ value: Int64) {
    state.buffer.append(key)
    state.buffer.append(decimal: value)
  }

  @inline(__always)
  private func writeName(_ state: inout State, _ key: StaticString, _ name: TraceName) {
    state.buffer.append(key)
    state.names.write(name, to: &state.buffer)
  }

  private func writeString(_ state: inout State, _ key: StaticString, _ value: String) {
    state.buffer.append(key)
    state.buffer.append(quoted: value)
  }

  /// Appends `,"site":"PATH:LINE"` from a `#filePath` and `#line` (see ``CallSite``).
  private func writeSite(_ state: inout State, _ site: CallSite) {
    state.buffer.append(#","site":""#)
    let file = site.path(reproducible: state.reproducible)
    state.buffer.append(escaped: file)
    state.buffer.append(UInt8(ascii: ":"))
    state.buffer.append(decimal: Int64(site.line))
    state.buffer.append(UInt8(ascii: "\""))
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
    _ = withSession { state, tid in
      let bound = 128 + state.names.quotedLength(type) + state.names.quotedLength(property)
      guard reserve(&state, bound) else { return () }
      writePrefix(&state, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, tid: tid)
      writeObject(&state, object)
      writeName(&state, #","type":"#, type)
      writeName(&state, #","prop":"#, property)
      state.buffer.append("}\n")
      return ()
    }
  }

  /// Records a `read` or `write` with names given as strings (the explicit API).
  func recordAccess(write: Bool, object: UInt64, type: String, property: String, site: CallSite?) {
    _ = withSession { state, tid in
      let bound =
        192 + JSONEscaping.worstCaseLength(type) + JSONEscaping.worstCaseLength(property)
        + (site?.worstCaseLength ?? 0)
      guard reserve(&state, bound) else { return () }
      writePrefix(&state, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, tid: tid)
      writeObject(&state, object)
      writeString(&state, #","type":"#, type)
      writeString(&state, #","prop":"#, property)
      if let site { writeSite(&state, site) }
      state.buffer.append("}\n")
      return ()
    }
  }

  // MARK: - Spans

  /// Opens a `body` span; with `marker`, first closes this thread's open marker span.
  func beginBody(
    view: TraceName, node: Int, parent: Int?, cause: BodyCause?, marker: Bool, site: CallSite? = nil
  ) -> TraceSpan {
    let id =
      withSession { state, tid -> Int64? in
        if marker, let open = state.openMarkers.removeValue(forKey: tid) {
          writeEnd(&state, tid: tid, span: open, object: nil)
        }
        var bound = 192 + state.names.quotedLength(view) + (site?.worstCaseLength ?? 0)
        if case .write(_, let type, let property) = cause {
          bound += 64 + JSONEscaping.worstCaseLength(type) + JSONEscaping.worstCaseLength(property)
        }
        guard reserve(&state, bound) else { return nil }
        let span = state.nextSpan
        state.nextSpan += 1
        writePrefix(&state, #"{"e":"body","t":"#, tid: tid)
        writeInteger(&state, #","id":"#, span)
        writeName(&state, #","view":"#, view)
        writeInteger(&state, #","node":"#, Int64(node))
        if let parent { writeInteger(&state, #","parent":"#, Int64(parent)) }
        if let cause {
          state.buffer.append(#","cause":"#)
          state.buffer.append(cause.quotedName)
          if case .write(let object, let type, let property) = cause {
            writeObject(&state, object)
            writeString(&state, #","type":"#, type)
            writeString(&state, #","prop":"#, property)
          }
        }
        if let site { writeSite(&state, site) }
        state.buffer.append("}\n")
        if marker { state.openMarkers[tid] = span }
        return span
      } ?? 0
    return TraceSpan(id: id)
  }

  /// Opens an `action` span, closing this thread's open marker span first: an event
  /// handler never runs inside a body.
  func beginAction(name: String) -> TraceSpan {
    let id =
      withSession { state, tid -> Int64? in
        if let open = state.openMarkers.removeValue(forKey: tid) {
          writeEnd(&state, tid: tid, span: open, object: nil)
        }
        guard reserve(&state, 128 + JSONEscaping.worstCaseLength(name)) else { return nil }
        let span = state.nextSpan
        state.nextSpan += 1
        writePrefix(&state, #"{"e":"action","t":"#, tid: tid)
        writeInteger(&state, #","id":"#, span)
        writeString(&state, #","name":"#, name)
        state.buffer.append("}\n")
        return span
      } ?? 0
    return TraceSpan(id: id)
  }

  /// Closes this thread's open marker span, if any.
  func endMarker() {
    _ = withSession { state, tid in
      guard let open = state.openMarkers.removeValue(forKey: tid) else { return () }
      writeEnd(&state, tid: tid, span: open, object: nil)
      return ()
    }
  }

  /// Opens an `init` span.
  func beginInit(type: TraceName, site: CallSite?, owner: Int?) -> TraceSpan {
    let id =
      withSession { state, tid -> Int64? in
        let bound = 160 + state.names.quotedLength(type) + (site?.worstCaseLength ?? 0)
        guard reserve(&state, bound) else { return nil }
        let span = state.nextSpan
        state.nextSpan += 1
        writePrefix(&state, #"{"e":"init","t":"#, tid: tid)
        writeInteger(&state, #","id":"#, span)
        writeName(&state, #","type":"#, type)
        if let site { writeSite(&state, site) }
        if let owner { writeInteger(&state, #","owner":"#, Int64(owner)) }
        state.buffer.append("}\n")
        return span
      } ?? 0
    return TraceSpan(id: id)
  }

  /// Closes a span opened in this session.
  func end(_ span: TraceSpan, object: UInt64?) {
    guard span.id != 0 else { return }
    _ = withSession { state, tid in
      if state.openMarkers[tid] == span.id { state.openMarkers[tid] = nil }
      writeEnd(&state, tid: tid, span: span.id, object: object)
      return ()
    }
  }

  func writeEnd(_ state: inout State, tid: Int32, span: Int64, object: UInt64?) {
    guard reserve(&state, 128) else { return }
    writePrefix(&state, #"{"e":"end","t":"#, tid: tid)
    writeInteger(&state, #","id":"#, span)
    if let object { writeObject(&state, object) }
    state.buffer.append("}\n")
  }

  // MARK: - Other events

  func recordEffect(_ kind: EffectKind, detail: String?, site: CallSite?) {
    _ = withSession { state, tid in
      let bound = 128 + JSONEscaping.worstCaseLength(detail ?? "") + (site?.worstCaseLength ?? 0)
      guard reserve(&state, bound) else { return () }
      writePrefix(&state, #"{"e":"effect","t":"#, tid: tid)
      state.buffer.append(#","kind":"#)
      state.buffer.append(kind.quotedName)
      if let detail { writeString(&state, #","detail":"#, detail) }
      if let site { writeSite(&state, site) }
      state.buffer.append("}\n")
      return ()
    }
  }

  func recordSubscription(object: UInt64, type: String, wrapper: ObjectSubscription) {
    _ = withSession { state, tid in
      guard reserve(&state, 160 + JSONEscaping.worstCaseLength(type)) else { return () }
      writePrefix(&state, #"{"e":"observe","t":"#, tid: tid)
      writeObject(&state, object)
      writeString(&state, #","type":"#, type)
      writeString(&state, #","detail":"#, wrapper.rawValue)
      state.buffer.append("}\n")
      return ()
    }
  }

  func recordDeinit(object: UInt64, type: TraceName) {
    _ = withSession { state, tid in
      guard reserve(&state, 128 + state.names.quotedLength(type)) else { return () }
      writePrefix(&state, #"{"e":"deinit","t":"#, tid: tid)
      writeObject(&state, object)
      writeName(&state, #","type":"#, type)
      state.buffer.append("}\n")
      return ()
    }
  }

  func recordMark(_ name: String) {
    _ = withSession { state, tid in
      guard reserve(&state, 96 + JSONEscaping.worstCaseLength(name)) else { return () }
      writePrefix(&state, #"{"e":"mark","t":"#, tid: tid)
      writeString(&state, #","name":"#, name)
      state.buffer.append("}\n")
      return ()
    }
  }
}
