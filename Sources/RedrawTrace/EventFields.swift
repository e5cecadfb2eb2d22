import CRedrawPlatform
import RedrawSchema

/// The keys of an event the recorder writes from the format's description alone: everything
/// after `e`, `t` and `tid`, each value as the caller knows it. The writer puts them in the
/// order `EventSchema` gives the kind and leaves out the keys not set, so a new event kind needs
/// no code of its own in the recorder (docs/contributing.md, "Adding an event").
///
/// For events that are not frequent (a view leaving the tree, a binding, a mark): the fields
/// are an array, allocated per event. `read`, `write` and the spans have records of their own.
struct EventFields {
  /// A value as the caller gives it.
  enum Value {
    case integer(Int64)
    /// An object's address, written as the session's number for it (`obj`).
    case object(UInt64)
    /// A view node, written as the session's number for it (`node`, `parent`).
    case node(Int)
    case string(String)
    /// `true` (a false flag is left out).
    case flag
  }

  private(set) var values: [(key: EventKey, value: Value)] = []

  mutating func integer(_ key: EventKey, _ value: Int64) { values.append((key, .integer(value))) }
  mutating func object(_ key: EventKey, _ value: UInt64) { values.append((key, .object(value))) }
  mutating func node(_ key: EventKey, _ value: Int) { values.append((key, .node(value))) }
  mutating func string(_ key: EventKey, _ value: String) { values.append((key, .string(value))) }
  mutating func flag(_ key: EventKey, _ isSet: Bool) { if isSet { values.append((key, .flag)) } }

  /// The payload the values take in a record: a count, then per value its key and tag in one
  /// word and the value's words.
  var size: PayloadSize {
    var size = PayloadSize()
    size.add(words: 1 + values.count)
    for (_, value) in values {
      switch value {
      case .integer, .object, .node: size.add(words: 1)
      case .string(let text): size.add(string: text)
      case .flag: break
      }
    }
    return size
  }

  /// Writes the values into a record's payload.
  func write(to payload: inout PayloadWriter) {
    payload.integer(values.count)
    for (key, value) in values {
      switch value {
      case .integer(let number):
        payload.word(Tag.integer.word(key))
        payload.word(UInt64(bitPattern: number))
      case .object(let object):
        payload.word(Tag.object.word(key))
        payload.word(object)
      case .node(let node):
        payload.word(Tag.node.word(key))
        payload.integer(node)
      case .string(let text):
        payload.word(Tag.string.word(key))
        payload.string(text)
      case .flag:
        payload.word(Tag.flag.word(key))
      }
    }
  }

  /// What a value is, in the word before it: the key in the low byte, the tag above.
  private enum Tag: UInt64 {
    case integer, object, node, string, flag

    func word(_ key: EventKey) -> UInt64 { UInt64(key.rawValue) | rawValue << 8 }
  }

  /// A value read back from a record: strings point into its chunk.
  enum Decoded {
    case integer(Int64)
    case object(UInt64)
    case node(Int)
    case string(UnsafeBufferPointer<UInt8>)
    case flag
  }

  /// Reads the values `write(to:)` wrote; a key this build does not know ends the list.
  static func read(_ payload: inout PayloadReader) -> [(key: EventKey, value: Decoded)] {
    let count = payload.integer()
    var values: [(key: EventKey, value: Decoded)] = []
    values.reserveCapacity(count)
    for _ in 0..<count {
      let tagged = payload.word()
      guard let key = EventKey(rawValue: UInt32(tagged & 0xFF)) else { break }
      switch Tag(rawValue: tagged >> 8) {
      case .integer?: values.append((key, .integer(Int64(bitPattern: payload.word()))))
      case .object?: values.append((key, .object(payload.word())))
      case .node?: values.append((key, .node(payload.integer())))
      case .string?: values.append((key, .string(payload.string())))
      case .flag?, nil: values.append((key, .flag))
      }
    }
    return values
  }
}

extension Recorder {
  /// Records an event of `kind` with `fields`, written from the format's description.
  func record(_ kind: EventKind, _ fields: EventFields) {
    Self.record(.event, second: UInt64(kind.rawValue), size: fields.size) { fields.write(to: &$0) }
  }

  /// An upper bound on the bytes of the line of an event recorded by ``record(_:_:)``: the
  /// kind and common keys under 96 bytes, and each key's `,"name":` under 16 and its value.
  static func bound(_ values: [(key: EventKey, value: EventFields.Decoded)]) -> Int {
    values.reduce(96) { total, field in
      switch field.value {
      case .string(let bytes): total + 16 + JSONEscaping.worstCaseLength(utf8Count: bytes.count)
      case .integer, .object, .node, .flag: total + 40
      }
    }
  }

  /// Writes the line of an event recorded by ``record(_:_:)``, its keys in the schema's order.
  static func format(
    _ kind: EventKind, _ values: [(key: EventKey, value: EventFields.Decoded)], clock: UInt64, thread: Int32,
    into session: inout SessionState
  ) {
    session.buffer.append(#"{"e":""#)
    session.buffer.append(name: kind.name)
    session.buffer.append(#"","t":"#)
    session.buffer.append(decimal: session.timestamp(at: clock))
    writeThread(&session, thread)
    for key in EventSchema.of(kind).orderedKeys {
      guard let value = values.first(where: { $0.key == key })?.value else { continue }
      session.buffer.append(#",""#)
      session.buffer.append(name: key.name)
      session.buffer.append(#"":"#)
      switch value {
      case .integer(let number): session.buffer.append(decimal: number)
      case .object(let object): session.buffer.append(decimal: Int64(truncatingIfNeeded: session.objectNumber(object)))
      case .node(let node): session.buffer.append(decimal: Int64(session.nodeNumber(node)))
      case .string(let bytes):
        session.buffer.append(UInt8(ascii: "\""))
        session.buffer.append(escaped: bytes)
        session.buffer.append(UInt8(ascii: "\""))
      case .flag: session.buffer.append("true")
      }
    }
    session.buffer.append("}\n")
  }
}

extension EventBuffer {
  /// Appends a name of the format (a kind or a key: plain ASCII, no escaping needed).
  mutating func append(name: String) {
    var name = name
    name.withUTF8 { append(raw: $0) }
  }
}
