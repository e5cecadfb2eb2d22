import CRedrawPlatform
import RedrawSchema

/// A record read back, with pointers into its chunk for its strings: what one line says.
enum DecodedRecord {
  typealias Bytes = UnsafeBufferPointer<UInt8>
  typealias Site = (path: Bytes, line: UInt)

  case access(write: Bool, same: Bool, object: UInt64, type: TraceName, property: TraceName, site: Site?)
  case namedAccess(write: Bool, same: Bool, object: UInt64, type: Bytes, property: Bytes, site: Site?)
  case `deinit`(object: UInt64, type: TraceName)
  case body(
    span: Int64, view: TraceName, node: Int, parent: Int?, cause: Int?, causeObject: UInt64, causeType: Bytes,
    causeProperty: Bytes, site: Site?, marker: Bool)
  case action(span: Int64, name: Bytes, node: Int?, binding: Bool)
  case endMarker
  case `init`(span: Int64, type: TraceName, site: Site?, owner: Int?)
  case end(span: Int64, object: UInt64?)
  case effect(kind: EffectKind, detail: Bytes?, site: Site?)
  /// An event written from the format's description (``Recorder/record(_:_:)``).
  case event(kind: EventKind, values: [(key: EventKey, value: EventFields.Decoded)])
  /// Kinds the writer handles itself (``RecordKind/newSession``, ``RecordKind/declareBuild``),
  /// and kinds this build does not know.
  case none

  /// The highest id of the interned names the record refers to, or -1: the writer's
  /// ``NameMirror`` must hold it before the record is formatted.
  var highestName: Int32 {
    switch self {
    case .access(_, _, _, let type, let property, _): max(type.rawValue, property.rawValue)
    case .deinit(_, let type), .`init`(_, let type, _, _): type.rawValue
    case .body(_, let view, _, _, _, _, _, _, _, _): view.rawValue
    default: -1
    }
  }

  /// Reads the record at `slot`.
  init(_ slot: UnsafePointer<redraw_slot>, _ header: RecordHeader) {
    var payload = PayloadReader(after: slot)
    switch header.kind {
    case .read?, .write?:
      let (type, property) = header.names
      self = .access(
        write: header.kind == .write, same: header.has(AccessFlags.same), object: header.first, type: type,
        property: property, site: header.has(AccessFlags.site) ? payload.site() : nil)
    case .namedAccess?:
      let type = payload.string()
      let property = payload.string()
      self = .namedAccess(
        write: header.has(AccessFlags.write), same: header.has(AccessFlags.same), object: header.first, type: type,
        property: property, site: header.has(AccessFlags.site) ? payload.site() : nil)
    case .deinit?:
      self = .deinit(object: header.first, type: header.names.0)
    case .body?:
      let node = payload.integer()
      let parent = header.has(BodyFlags.parent) ? payload.integer() : nil
      var cause: Int?
      var causeObject: UInt64 = 0
      var causeType = Bytes(start: nil, count: 0)
      var causeProperty = Bytes(start: nil, count: 0)
      if header.has(BodyFlags.cause) {
        cause = payload.integer()
        causeObject = payload.word()
        if cause == 1 {
          causeType = payload.string()
          causeProperty = payload.string()
        }
      }
      self = .body(
        span: Int64(bitPattern: header.first), view: header.names.0, node: node, parent: parent, cause: cause,
        causeObject: causeObject, causeType: causeType, causeProperty: causeProperty,
        site: header.has(BodyFlags.site) ? payload.site() : nil, marker: header.has(BodyFlags.marker))
    case .action?:
      let name = payload.string()
      self = .action(
        span: Int64(bitPattern: header.first), name: name,
        node: header.has(ActionFlags.node) ? payload.integer() : nil, binding: header.has(ActionFlags.binding))
    case .endMarker?:
      self = .endMarker
    case .`init`?:
      let site = header.has(InitFlags.site) ? payload.site() : nil
      self = .`init`(
        span: Int64(bitPattern: header.first), type: header.names.0, site: site,
        owner: header.has(InitFlags.owner) ? payload.integer() : nil)
    case .end?:
      self = .end(span: Int64(bitPattern: header.first), object: header.has(1) ? header.second : nil)
    case .effect?:
      let detail = header.has(EffectFlags.detail) ? payload.string() : nil
      self = .effect(
        kind: EffectKind(code: Int(header.second)), detail: detail,
        site: header.has(EffectFlags.site) ? payload.site() : nil)
    case .event?:
      guard let kind = EventKind(rawValue: UInt8(truncatingIfNeeded: header.second)) else {
        self = .none
        return
      }
      self = .event(kind: kind, values: EventFields.read(&payload))
    case .newSession?, .declareBuild?, nil:
      self = .none
    }
  }

  /// An upper bound on the bytes of the lines the record becomes: keys and punctuation
  /// under 128 bytes, each integer at most 20, each string escaped at most six bytes a byte,
  /// a `body` or `action` with a marker span to end before it.
  func bound(names: NameMirror) -> Int {
    func quoted(_ bytes: Bytes) -> Int { JSONEscaping.worstCaseLength(utf8Count: bytes.count) }
    func site(_ site: Site?) -> Int { site.map { 48 + JSONEscaping.worstCaseLength(utf8Count: $0.path.count) } ?? 0 }
    switch self {
    case .access(_, _, _, let type, let property, let where_):
      return 128 + names.quotedLength(type) + names.quotedLength(property) + site(where_)
    case .namedAccess(_, _, _, let type, let property, let where_):
      return 160 + quoted(type) + quoted(property) + site(where_)
    case .deinit(_, let type):
      return 128 + names.quotedLength(type)
    case .body(_, let view, _, _, _, _, let type, let property, let where_, _):
      return 448 + names.quotedLength(view) + quoted(type) + quoted(property) + site(where_)
    case .action(_, let name, _, _):
      return 288 + quoted(name)
    case .endMarker:
      return 128
    case .`init`(_, let type, let where_, _):
      return 192 + names.quotedLength(type) + site(where_)
    case .end:
      return 128
    case .effect(_, let detail, let where_):
      return 128 + (detail.map(quoted) ?? 0) + site(where_)
    case .event(_, let values):
      return Recorder.bound(values)
    case .none:
      return 0
    }
  }
}

/// Formatting of each record kind, by hand, into its session's buffer; the caller made
/// room for the record's ``DecodedRecord/bound(names:)``.
extension Recorder {
  static func format(
    _ record: DecodedRecord, clock: UInt64, thread: Int32, into session: inout SessionState, names: NameMirror
  ) {
    switch record {
    case .access(let write, let same, let object, let type, let property, let site):
      writeOpening(&session, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, clock)
      writeAccessEnd(&session, thread, object, type, property, site: site, same: same, names: names)
    case .namedAccess(let write, let same, let object, let type, let property, let site):
      writePrefix(&session, write ? #"{"e":"write","t":"# : #"{"e":"read","t":"#, thread, clock)
      writeObject(&session, object)
      session.buffer.append(key: #","type":"#, quoted: type)
      session.buffer.append(key: #","prop":"#, quoted: property)
      if let site { writeSite(&session, site) }
      if same { session.buffer.append(#","same":true"#) }
      session.buffer.append("}\n")
    case .deinit(let object, let type):
      writePrefix(&session, #"{"e":"deinit","t":"#, thread, clock)
      writeObject(&session, object)
      session.buffer.append(#","type":"#)
      names.write(type, to: &session.buffer)
      session.buffer.append("}\n")
    case .body(
      let span, let view, let node, let parent, let cause, let object, let type, let property, let site, let marker):
      if marker { endOpenMarker(of: thread, clock: clock, in: &session) }
      let number = session.beginSpan(span)
      writePrefix(&session, #"{"e":"body","t":"#, thread, clock)
      session.buffer.append(key: #","id":"#, decimal: number)
      session.buffer.append(#","view":"#)
      names.write(view, to: &session.buffer)
      writeNode(&session, #","node":"#, node)
      if let parent { writeNode(&session, #","parent":"#, parent) }
      if let cause {
        session.buffer.append(#","cause":"#)
        session.buffer.append(BodyCause.quotedName(code: cause))
        if cause == 1 {
          writeObject(&session, object)
          session.buffer.append(key: #","type":"#, quoted: type)
          session.buffer.append(key: #","prop":"#, quoted: property)
        }
      }
      if let site { writeSite(&session, site) }
      session.buffer.append("}\n")
      if marker { session.openMarkers[thread] = span }
    case .action(let span, let name, let node, let binding):
      endOpenMarker(of: thread, clock: clock, in: &session)
      let number = session.beginSpan(span)
      writePrefix(&session, #"{"e":"action","t":"#, thread, clock)
      session.buffer.append(key: #","id":"#, decimal: number)
      session.buffer.append(key: #","name":"#, quoted: name)
      if let node { writeNode(&session, #","node":"#, node) }
      if binding { session.buffer.append(#","binding":true"#) }
      session.buffer.append("}\n")
    case .endMarker:
      endOpenMarker(of: thread, clock: clock, in: &session)
    case .`init`(let span, let type, let site, let owner):
      let number = session.beginSpan(span)
      writePrefix(&session, #"{"e":"init","t":"#, thread, clock)
      session.buffer.append(key: #","id":"#, decimal: number)
      session.buffer.append(#","type":"#)
      names.write(type, to: &session.buffer)
      if let site { writeSite(&session, site) }
      if let owner { writeNode(&session, #","owner":"#, owner) }
      session.buffer.append("}\n")
    case .end(let span, let object):
      if session.openMarkers[thread] == span { session.openMarkers[thread] = nil }
      writeEnd(&session, thread: thread, clock: clock, span: span, object: object)
    case .effect(let kind, let detail, let site):
      writePrefix(&session, #"{"e":"effect","t":"#, thread, clock)
      session.buffer.append(#","kind":"#)
      session.buffer.append(kind.quotedName)
      if let detail { session.buffer.append(key: #","detail":"#, quoted: detail) }
      if let site { writeSite(&session, site) }
      session.buffer.append("}\n")
    case .event(let kind, let values):
      format(kind, values, clock: clock, thread: thread, into: &session)
    case .none:
      break
    }
  }

  /// Ends `thread`'s open marker span in `session`, if it has one: a new marker, an action
  /// or the end of a run-loop turn closes it.
  static func endOpenMarker(of thread: Int32, clock: UInt64, in session: inout SessionState) {
    guard let open = session.openMarkers.removeValue(forKey: thread) else { return }
    writeEnd(&session, thread: thread, clock: clock, span: open, object: nil)
  }

  /// Appends an `end` line for the span with process-wide id `span`; room for 128 bytes.
  static func writeEnd(_ session: inout SessionState, thread: Int32, clock: UInt64, span: Int64, object: UInt64?) {
    let number = session.endSpan(span)
    writePrefix(&session, #"{"e":"end","t":"#, thread, clock)
    session.buffer.append(key: #","id":"#, decimal: number)
    if let object { writeObject(&session, object) }
    session.buffer.append("}\n")
  }

  /// ``writeEnd(_:thread:clock:span:object:)`` for the entry points outside a drain.
  func writeEnd(_ session: inout SessionState, thread: Int32, clock: UInt64, span: Int64, object: UInt64?) {
    Self.writeEnd(&session, thread: thread, clock: clock, span: span, object: object)
  }

  // MARK: - Pieces

  /// Appends `{"e":KIND,"t":T,"tid":N` where `opening` is `{"e":"KIND","t":`.
  @inline(__always)
  static func writePrefix(_ session: inout SessionState, _ opening: StaticString, _ thread: Int32, _ clock: UInt64) {
    writeOpening(&session, opening, clock)
    writeThread(&session, thread)
  }

  /// Appends `{"e":KIND,"t":T`: what differs between two lines whose ends are the same.
  @inline(__always)
  static func writeOpening(_ session: inout SessionState, _ opening: StaticString, _ clock: UInt64) {
    session.buffer.append(opening)
    session.buffer.append(decimal: session.timestamp(at: clock))
  }

  @inline(__always)
  static func writeThread(_ session: inout SessionState, _ thread: Int32) {
    session.buffer.append(#","tid":"#)
    session.buffer.append(decimal: Int64(session.threadNumber(thread)))
  }

  /// Appends the rest of a `read` or `write` line after its time, from `,"tid":` to the
  /// line's end: what ``LineCache`` keeps of a line without a site.
  @inline(__always)
  static func writeAccessEnd(
    _ session: inout SessionState, _ thread: Int32, _ object: UInt64, _ type: TraceName, _ property: TraceName,
    site: DecodedRecord.Site?, same: Bool, names: NameMirror
  ) {
    writeThread(&session, thread)
    writeObject(&session, object)
    session.buffer.append(#","type":"#)
    names.write(type, to: &session.buffer)
    session.buffer.append(#","prop":"#)
    names.write(property, to: &session.buffer)
    if let site { writeSite(&session, site) }
    if same { session.buffer.append(#","same":true"#) }
    session.buffer.append("}\n")
  }

  @inline(__always)
  static func writeObject(_ session: inout SessionState, _ object: UInt64) {
    session.buffer.append(#","obj":"#)
    session.buffer.append(decimal: Int64(truncatingIfNeeded: session.objectNumber(object)))
  }

  @inline(__always)
  static func writeNode(_ session: inout SessionState, _ key: StaticString, _ node: Int) {
    session.buffer.append(key)
    session.buffer.append(decimal: Int64(session.nodeNumber(node)))
  }

  /// Appends `,"site":"PATH:LINE"` (see ``CallSite``).
  static func writeSite(_ session: inout SessionState, _ site: DecodedRecord.Site) {
    session.buffer.append(#","site":""#)
    let file = session.reproducible ? CallSite.machineIndependentTail(of: site.path) : site.path
    session.buffer.append(escaped: file)
    session.buffer.append(UInt8(ascii: ":"))
    session.buffer.append(decimal: Int64(site.line))
    session.buffer.append(UInt8(ascii: "\""))
  }
}
