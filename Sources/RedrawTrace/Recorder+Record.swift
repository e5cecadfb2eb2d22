import CRedrawPlatform
import RedrawSchema

/// What a recording thread does for each event: read the clock, find the session's scope,
/// and write a record into its own chunk (``RecordKind``). No lock, no formatting: the
/// writer turns records into lines (`Recorder+Drain.swift`).
extension Recorder {
  // MARK: - Writing a record

  /// The scope the calling thread or task records into: 0 for the destination's session,
  /// nil when nothing would take the event (only scoped sessions record, and it is in none).
  @inline(__always)
  static func callersScope() -> Int32? {
    guard _slowPath(activeScopes != 0) else { return 0 }
    return scopeSlowly()
  }

  /// Room for `slots` slots in the calling thread's chunk, or nil: the pool is exhausted
  /// and the event was counted as dropped. A record of a scoped session (`scope` not 0)
  /// always finds room: the session is kept whole in memory anyway.
  @inline(__always)
  static func reserve(_ slots: Int, scope: Int32) -> UnsafeMutablePointer<redraw_slot>? {
    if let slot = redraw_reserve(UInt32(truncatingIfNeeded: slots)) { return slot }
    return reserveSlowly(slots, scope: scope)
  }

  /// Attaches the thread on its first record, or gives it a fresh chunk.
  @inline(never)
  static func reserveSlowly(_ slots: Int, scope: Int32) -> UnsafeMutablePointer<redraw_slot>? {
    let scoped = scope != 0 && scope != redraw_destination_scope()
    return RecordChunks.shared.reserveSlowly(
      UInt32(truncatingIfNeeded: slots), tid: ThreadContext.currentID, pastLimit: scoped)
  }

  /// Writes a record of `kind` with its payload (counted by `size`, written by `payload`).
  ///
  /// - Returns: Whether it was written (false: nothing records for the caller, or no room).
  @discardableResult
  static func record(
    _ kind: RecordKind, flags: UInt8 = 0, first: UInt64 = 0, second: UInt64 = 0, size: PayloadSize = PayloadSize(),
    _ payload: (inout PayloadWriter) -> Void = { _ in }
  ) -> Bool {
    guard let scope = callersScope() else { return false }
    // A header counts its payload in 16 bits (2 MiB of strings): a larger record is dropped,
    // and counted in a `lost` line, rather than misread.
    guard size.slots <= Int(UInt16.max) else {
      RecordChunks.shared.countDropped()
      return false
    }
    let clock = MonotonicClock.now()
    let slots = 1 + size.slots
    guard let header = reserve(slots, scope: scope) else { return false }
    header.pointee.words = (
      clock, first, second, RecordHeader.word(kind: kind, flags: flags, payloadSlots: size.slots, scope: scope)
    )
    var writer = PayloadWriter(after: header)
    payload(&writer)
    redraw_commit(UInt32(truncatingIfNeeded: slots))
    return true
  }

  // MARK: - Reads and writes

  /// Records a `read` or `write` of an interned type and property (the `@Tracked` and
  /// `@Observable` paths), `same` for a write of an equal value: one slot, four stores and a
  /// release store, no lock. The recorder is not touched (a `static let` costs a lazy
  /// initialization check on every read): `RecordingSwitch.isOn` made sure it exists.
  ///
  /// - Complexity: O(1); no lock, no allocation.
  ///
  /// Inlined into the accessors: a scope is looked up only while scoped sessions record, and
  /// a thread with room in its chunk writes the record in C (`redraw_write_record`).
  @inlinable @inline(__always)
  static func recordAccess(write: Bool, object: UInt64, type: TraceName, property: TraceName, same: Bool) {
    var scope: Int32 = 0
    if _slowPath(redraw_active_scopes() != 0) {
      guard let found = scopeSlowly() else { return }
      scope = found
    }
    let clock = MonotonicClock.now()
    let names = UInt64(UInt32(bitPattern: type.rawValue)) | UInt64(UInt32(bitPattern: property.rawValue)) << 32
    // The header word: the kind (1 read, 2 write), `same` (flag 1) and the scope.
    let header = (write ? 2 : 1) | (same ? 1 << 8 : 0) | UInt64(UInt32(bitPattern: scope)) << 32
    if _fastPath(redraw_write_record(clock, object, names, header) != 0) { return }
    recordAccessSlowly(clock, object, names, header, scope: scope)
  }

  /// ``callersScope()`` while scoped sessions record: the task's or thread's scope, or nil.
  ///
  /// An event outside any scope is the destination's only when the destination takes the
  /// whole process: one that records a single scope would discard it, and a record made
  /// only to be discarded could fill the pool and be counted in that session's `lost` line.
  @usableFromInline @inline(never)
  static func scopeSlowly() -> Int32? {
    let scope = RecordingScope.current
    guard scope == 0 else { return scope }
    return hasDestination && redraw_destination_scope() == 0 ? 0 : nil
  }

  /// ``recordAccess(write:object:type:property:same:)`` when the thread has no chunk yet or
  /// its chunk is full.
  @usableFromInline @inline(never)
  static func recordAccessSlowly(_ clock: UInt64, _ object: UInt64, _ names: UInt64, _ header: UInt64, scope: Int32) {
    guard let slot = reserveSlowly(1, scope: scope) else { return }
    slot.pointee.words = (clock, object, names, header)
    redraw_commit(1)
  }

  /// Records a `read` or `write` of interned names with the call site (the explicit API's
  /// key-path form): the header and one slot for the site.
  func recordAccess(
    write: Bool, object: UInt64, type: TraceName, property: TraceName, site: CallSite?, same: Bool = false
  ) {
    guard let site else {
      return Self.recordAccess(write: write, object: object, type: type, property: property, same: same)
    }
    var size = PayloadSize()
    size.addSite()
    let flags = (same ? AccessFlags.same : 0) | AccessFlags.site
    Self.record(
      write ? .write : .read, flags: flags, first: object, second: RecordHeader.word(type, property), size: size
    ) {
      $0.site(site)
    }
  }

  /// Records a `read` or `write` with names given as strings (the explicit API).
  func recordAccess(write: Bool, object: UInt64, type: String, property: String, site: CallSite?, same: Bool = false) {
    var size = PayloadSize()
    size.add(string: type)
    size.add(string: property)
    if site != nil { size.addSite() }
    var flags: UInt8 = write ? AccessFlags.write : 0
    if same { flags |= AccessFlags.same }
    if site != nil { flags |= AccessFlags.site }
    Self.record(.namedAccess, flags: flags, first: object, size: size) { payload in
      payload.string(type)
      payload.string(property)
      if let site { payload.site(site) }
    }
  }

  // MARK: - Spans

  /// A new span id, for a record that opens one.
  @inline(__always)
  private static func nextSpan() -> Int64 { redraw_next_span_id() }

  /// Opens a `body` span; with `marker`, first closes this thread's open marker span.
  func beginBody(
    view: TraceName, node: Int, parent: Int?, cause: BodyCause?, marker: Bool, site: CallSite? = nil
  ) -> TraceSpan {
    var size = PayloadSize()
    size.add(words: 1)
    var flags: UInt8 = marker ? BodyFlags.marker : 0
    if parent != nil {
      flags |= BodyFlags.parent
      size.add(words: 1)
    }
    if let cause {
      flags |= BodyFlags.cause
      size.add(words: 2)
      if case .write(_, let type, let property) = cause {
        size.add(string: type)
        size.add(string: property)
      }
    }
    if site != nil {
      flags |= BodyFlags.site
      size.addSite()
    }
    let span = Self.nextSpan()
    let recorded = Self.record(
      .body, flags: flags, first: UInt64(bitPattern: span), second: UInt64(UInt32(bitPattern: view.rawValue)),
      size: size
    ) { payload in
      payload.integer(node)
      if let parent { payload.integer(parent) }
      if let cause {
        payload.word(UInt64(cause.code))
        if case .write(let object, let type, let property) = cause {
          payload.word(object)
          payload.string(type)
          payload.string(property)
        } else {
          payload.word(0)
        }
      }
      if let site { payload.site(site) }
    }
    return TraceSpan(id: recorded ? span : 0)
  }

  /// Opens an `action` span, closing this thread's open marker span first: an event
  /// handler never runs inside a body. A view harness names the `node` of the view whose
  /// control it is, and whether the control edits through a `binding`.
  func beginAction(name: String, node: Int? = nil, binding: Bool = false) -> TraceSpan {
    var size = PayloadSize()
    size.add(string: name)
    var flags: UInt8 = binding ? ActionFlags.binding : 0
    if node != nil {
      flags |= ActionFlags.node
      size.add(words: 1)
    }
    let span = Self.nextSpan()
    let recorded = Self.record(.action, flags: flags, first: UInt64(bitPattern: span), size: size) { payload in
      payload.string(name)
      if let node { payload.integer(node) }
    }
    return TraceSpan(id: recorded ? span : 0)
  }

  /// Records that a view struct was made for `node`, declared by `parent`'s body, with the
  /// inputs of the node's struct before when `sameInputs`.
  func recordStruct(view: String, node: Int, parent: Int?, sameInputs: Bool, closureInput: Bool) {
    var fields = EventFields()
    fields.string(.view, view)
    fields.node(.node, node)
    if let parent { fields.node(.parent, parent) }
    fields.flag(.same, sameInputs)
    fields.flag(.closure, closureInput)
    record(.struct, fields)
  }

  /// Closes this thread's open marker span, if any.
  func endMarker() { Self.record(.endMarker) }

  /// Opens an `init` span.
  func beginInit(type: TraceName, site: CallSite?, owner: Int?) -> TraceSpan {
    var size = PayloadSize()
    var flags: UInt8 = 0
    if site != nil {
      flags |= InitFlags.site
      size.addSite()
    }
    if owner != nil {
      flags |= InitFlags.owner
      size.add(words: 1)
    }
    let span = Self.nextSpan()
    let recorded = Self.record(
      .`init`, flags: flags, first: UInt64(bitPattern: span), second: UInt64(UInt32(bitPattern: type.rawValue)),
      size: size
    ) { payload in
      if let site { payload.site(site) }
      if let owner { payload.integer(owner) }
    }
    return TraceSpan(id: recorded ? span : 0)
  }

  /// Closes a span.
  func end(_ span: TraceSpan, object: UInt64?) {
    guard span.id != 0 else { return }
    Self.record(.end, flags: object == nil ? 0 : 1, first: UInt64(bitPattern: span.id), second: object ?? 0)
  }

  // MARK: - Other events

  func recordEffect(_ kind: EffectKind, detail: String?, site: CallSite?) {
    var size = PayloadSize()
    var flags: UInt8 = 0
    if let detail {
      flags |= EffectFlags.detail
      size.add(string: detail)
    }
    if site != nil {
      flags |= EffectFlags.site
      size.addSite()
    }
    Self.record(.effect, flags: flags, second: UInt64(kind.code), size: size) { payload in
      if let detail { payload.string(detail) }
      if let site { payload.site(site) }
    }
  }

  func recordSubscription(object: UInt64, type: String, wrapper: ObjectSubscription, recordedProperties: Int?) {
    var fields = EventFields()
    fields.object(.obj, object)
    fields.string(.type, type)
    fields.string(.detail, wrapper.rawValue)
    if let recordedProperties { fields.integer(.count, Int64(recordedProperties)) }
    record(.observe, fields)
  }

  /// Records that the view node `node` left the tree: its identity ended.
  func recordUnmount(view: String, node: Int) {
    var fields = EventFields()
    fields.string(.view, view)
    fields.node(.node, node)
    record(.unmount, fields)
  }

  /// Records that the body being evaluated made a binding to `property` of `object` (a
  /// property nil when it could not be named).
  func recordBinding(object: UInt64, type: String, property: String?) {
    var fields = EventFields()
    fields.object(.obj, object)
    fields.string(.type, type)
    if let property { fields.string(.prop, property) }
    record(.bind, fields)
  }

  /// Records that a view's initializer assigned its state `property`, which has an inline
  /// default, when the view was first made: the value was lost.
  func recordDiscard(view: String, node: Int, property: String) {
    var fields = EventFields()
    fields.string(.view, view)
    fields.node(.node, node)
    fields.string(.prop, property)
    record(.discard, fields)
  }

  func recordDeinit(object: UInt64, type: TraceName) {
    Self.record(.deinit, first: object, second: UInt64(UInt32(bitPattern: type.rawValue)))
  }

  func recordMark(_ name: String) {
    var fields = EventFields()
    fields.string(.name, name)
    record(.mark, fields)
  }

  /// Starts a new session (a new `meta` line) where the caller records: its scope's
  /// session, or the destination's.
  func newSession(scenario: String?, app: String?) {
    var size = PayloadSize()
    var flags: UInt8 = 0
    if let scenario {
      flags |= 1
      size.add(string: scenario)
    }
    if let app {
      flags |= 2
      size.add(string: app)
    }
    Self.record(.newSession, flags: flags, size: size) { payload in
      if let scenario { payload.string(scenario) }
      if let app { payload.string(app) }
    }
  }

  /// Notes that a view harness reproducing `build` records into the caller's session.
  func declareSwiftUIBuild(_ build: SwiftUIBuildField) {
    Self.record(.declareBuild, first: UInt64(build.code))
  }

  // MARK: - Names

  func intern(_ name: String) -> TraceName { names.withLock { $0.intern(name) } }

  func intern(_ type: Any.Type) -> TraceName { names.withLock { $0.intern(type) } }

  /// The names two interned ids stand for, in one turn of the lock.
  func strings(_ first: TraceName, _ second: TraceName) -> (String, String) {
    names.withLock { ($0.string(first), $0.string(second)) }
  }
}

// MARK: - Flags

/// The flags of `read`, `write` and named-access records.
enum AccessFlags {
  static let same: UInt8 = 1
  static let write: UInt8 = 2
  static let site: UInt8 = 4
}

enum BodyFlags {
  static let marker: UInt8 = 1
  static let parent: UInt8 = 2
  static let cause: UInt8 = 4
  static let site: UInt8 = 8
}

enum ActionFlags {
  static let binding: UInt8 = 1
  static let node: UInt8 = 2
}

enum InitFlags {
  static let site: UInt8 = 1
  static let owner: UInt8 = 2
}

enum EffectFlags {
  static let detail: UInt8 = 1
  static let site: UInt8 = 2
}
