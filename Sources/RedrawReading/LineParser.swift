import RedrawSchema

/// Parses one trace line into a ``TraceEvent``.
///
/// The line must be one JSON object. Keys of the format are read into the event, each
/// as its `EventKey/valueType` says; any other key's value is validated and skipped,
/// and counted. Then the keys the event's kind requires (`EventSchema`) are checked.
///
/// - Complexity: O(line length); switches on the key's length and first byte.
struct LineParser {
  /// The failure of one line: the byte offset and what was expected there.
  typealias Failure = JSONScanner.Failure

  var strings: StringTable
  /// Whether compact `mark` lines have their names interned. Sessions never look at
  /// them, and a trace that names every frame would fill the table with them.
  var keepsMarkNames = true
  private var scratch: [UInt8] = []

  init(strings: StringTable = StringTable(), keepsMarkNames: Bool = true) {
    self.strings = strings
    self.keepsMarkNames = keepsMarkNames
  }

  /// Parses `line` (without its line end) into `event`, which is reset first, without
  /// the fast path: for a line the fast path refused, which this explains.
  mutating func parseValidating(_ line: UnsafeBufferPointer<UInt8>, into event: inout TraceEvent) throws(Failure) {
    event = TraceEvent()
    var scanner = JSONScanner(line)
    swap(&scanner.scratch, &scratch)
    defer { swap(&scanner.scratch, &scratch) }
    scanner.skipWhitespace()
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "{") else {
      throw scanner.failure("expected '{' to start an event object")
    }
    scanner.position += 1
    // The keys read with a value, a bit each.
    var present: UInt32 = 0
    if !scanner.closesAtOnce(UInt8(ascii: "}")) {
      repeat {
        scanner.skipWhitespace()
        guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
          throw scanner.failure("expected a key string")
        }
        let key = try scanner.readString { EventKey(bytes: $0) }
        try scanner.expect(UInt8(ascii: ":"), "expected ':' after a key")
        scanner.skipWhitespace()
        guard let key else {
          if event.unknownKeys < .max { event.unknownKeys += 1 }
          try scanner.skipValue()
          continue
        }
        // The last value of a key counts: a `null` after a value removes it.
        present = try read(key, &scanner, into: &event) ? present | key.bit : present & ~key.bit
      } while try scanner.continues(closedBy: UInt8(ascii: "}"))
    }
    scanner.skipWhitespace()
    guard scanner.isAtEnd else { throw scanner.failure("expected the end of the line after the event object") }
    guard present & EventKey.e.bit != 0 else {
      throw Failure(offset: 0, expected: #"expected an "e" key naming the event kind"#)
    }
    try checkRequiredKeys(of: event.kind, present: present)
  }

  /// Reads the value of `key`, as its `EventKey/valueType` says, into `event`.
  ///
  /// - Returns: Whether there was a value: false for `null`, which stands for an absent
  ///   key.
  private mutating func read(_ key: EventKey, _ scanner: inout JSONScanner, into event: inout TraceEvent)
    throws(Failure) -> Bool
  {
    switch key.valueType {
    case .eventKind:
      try readKind(&scanner, into: &event)
      return true
    case .integer:
      let value = try readInteger(&scanner, key)
      event.set(value, for: key)
      return value != nil
    case .string:
      let value = try readString(&scanner, key)
      event.set(value, for: key)
      return value != nil
    case .bodyCause: return try readCause(&scanner, into: &event)
    case .effectKind:
      try readEffectKind(&scanner, into: &event)
      return true
    case .boolean:
      let value = try readBoolean(&scanner, key)
      event.set(value, for: key)
      return value != nil
    case .swiftUIBuild:
      if try skipNull(&scanner) {
        event.swiftUI = (false, nil)
        return false
      }
      guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
        throw scanner.failure("expected a string for \"\(key.name)\"")
      }
      event.swiftUI = (
        true, try scanner.readString { bytes in SwiftUIBuild(rawValue: String(decoding: bytes, as: UTF8.self)) }
      )
      return true
    }
  }

  // MARK: - Values

  private mutating func readKind(_ scanner: inout JSONScanner, into event: inout TraceEvent) throws(Failure) {
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
      throw scanner.failure(#"expected a string for "e""#)
    }
    var unknown: StringID?
    event.kind = try scanner.readString { bytes in
      let kind = EventKind.named(bytes)
      if kind == .unknown { unknown = strings.intern(bytes) }
      return kind
    }
    event.unknownKind = unknown
  }

  private mutating func readCause(_ scanner: inout JSONScanner, into event: inout TraceEvent) throws(Failure)
    -> Bool
  {
    if try skipNull(&scanner) { return false }
    let start = scanner.position
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
      throw scanner.failure(#"expected a string for "cause""#)
    }
    guard let cause = try scanner.readString({ BodyCause.Kind.named($0) }) else {
      throw Failure(offset: start, expected: #"expected "cause" to be one of initial, write, parent, state, unknown"#)
    }
    event.cause = cause
    return true
  }

  private mutating func readEffectKind(_ scanner: inout JSONScanner, into event: inout TraceEvent) throws(Failure) {
    let start = scanner.position
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
      throw scanner.failure(#"expected a string for "kind""#)
    }
    guard let kind = try scanner.readString({ EffectKind.named($0) }) else {
      throw Failure(
        offset: start,
        expected: #"expected "kind" to be one of network, task, observer, timer, storage, analytics, log, other"#)
    }
    event.effect = kind
  }

  /// Reads an integer, or nil for `null`.
  private func readInteger(_ scanner: inout JSONScanner, _ key: EventKey) throws(Failure) -> Int64? {
    if try skipNull(&scanner) { return nil }
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "-") || (scanner.current >= 48 && scanner.current <= 57)
    else { throw scanner.failure("expected an integer for \"\(key.name)\"") }
    return try scanner.readInteger()
  }

  /// Reads `true` or `false`, or nil for `null`.
  private func readBoolean(_ scanner: inout JSONScanner, _ key: EventKey) throws(Failure) -> Bool? {
    if try skipNull(&scanner) { return nil }
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "t") || scanner.current == UInt8(ascii: "f") else {
      throw scanner.failure("expected true or false for \"\(key.name)\"")
    }
    let value = scanner.current == UInt8(ascii: "t")
    try scanner.skipLiteral(value ? "true" : "false")
    return value
  }

  /// Reads and interns a string, or nil for `null`.
  private mutating func readString(_ scanner: inout JSONScanner, _ key: EventKey) throws(Failure) -> StringID? {
    if try skipNull(&scanner) { return nil }
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
      throw scanner.failure("expected a string for \"\(key.name)\"")
    }
    return try scanner.readString { strings.intern($0) }
  }

  /// Skips a `null`, which stands for an absent optional field.
  private func skipNull(_ scanner: inout JSONScanner) throws(Failure) -> Bool {
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "n") else { return false }
    try scanner.skipLiteral("null")
    return true
  }

  // MARK: - Required keys

  /// Throws for the first key, in writers' order, that `kind` requires (`EventSchema`)
  /// and `present` lacks.
  private func checkRequiredKeys(of kind: EventKind, present: UInt32) throws(Failure) {
    let schema = EventSchema.of(kind)
    let missing = schema.required & ~present
    guard missing != 0, let key = schema.first(of: missing) else { return }
    let article = "aeiou".contains(String(describing: kind).prefix(1)) ? "an" : "a"
    throw Failure(offset: 0, expected: "expected \"\(key.name)\" in \(article) \"\(kind)\" event")
  }
}
