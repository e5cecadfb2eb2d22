/// Parses one trace line into a ``TraceEvent``.
///
/// The line must be one JSON object. Keys of the format are read into the event;
/// any other key's value is validated and skipped, and counted. Then the fields each
/// event kind requires are checked.
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

  /// Parses `line` (without its line end) into `event`, which is reset first.
  mutating func parse(_ line: UnsafeBufferPointer<UInt8>, into event: inout TraceEvent) throws(Failure) {
    event = TraceEvent()
    if let base = line.baseAddress,
      FastLineParser.parse(
        base, limit: base + line.count, into: &event, strings: &strings, keepsMarkNames: keepsMarkNames)
        == base + line.count
    {
      return
    }
    event = TraceEvent()
    var scanner = JSONScanner(line)
    swap(&scanner.scratch, &scratch)
    defer { swap(&scanner.scratch, &scratch) }
    scanner.skipWhitespace()
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "{") else {
      throw scanner.failure("expected '{' to start an event object")
    }
    scanner.position += 1
    var sawKind = false
    var sawTime = false
    var sawThread = false
    var sawSpan = false
    var sawNode = false
    if !scanner.closesAtOnce(UInt8(ascii: "}")) {
      repeat {
        scanner.skipWhitespace()
        guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
          throw scanner.failure("expected a key string")
        }
        let key = try scanner.readString { EventKey(bytes: $0) }
        try scanner.expect(UInt8(ascii: ":"), "expected ':' after a key")
        scanner.skipWhitespace()
        switch key {
        case .e:
          sawKind = true
          try readKind(&scanner, into: &event)
        case .t:
          sawTime = try readInteger(&scanner, "t", into: &event.time) || sawTime
        case .tid:
          sawThread = try readInteger(&scanner, "tid", into: &event.thread) || sawThread
        case .id: sawSpan = try readInteger(&scanner, "id", into: &event.span) || sawSpan
        case .node: sawNode = try readInteger(&scanner, "node", into: &event.node) || sawNode
        case .count: _ = try readInteger(&scanner, "count", into: &event.count)
        case .obj: event.object = try readOptionalInteger(&scanner, "obj")
        case .parent: event.parent = try readOptionalInteger(&scanner, "parent")
        case .owner: event.owner = try readOptionalInteger(&scanner, "owner")
        case .version: event.version = try readOptionalInteger(&scanner, "version")
        case .session: event.session = try readOptionalInteger(&scanner, "session")
        case .view: event.view = try readString(&scanner, "view")
        case .type: event.type = try readString(&scanner, "type")
        case .prop: event.property = try readString(&scanner, "prop")
        case .site: event.site = try readString(&scanner, "site")
        case .detail: event.detail = try readString(&scanner, "detail")
        case .name: event.name = try readString(&scanner, "name")
        case .format: event.format = try readString(&scanner, "format")
        case .scenario: event.scenario = try readString(&scanner, "scenario")
        case .app: event.app = try readString(&scanner, "app")
        case .startedAt: _ = try readString(&scanner, "startedAt")
        case .cause: try readCause(&scanner, into: &event)
        case .kind: try readEffectKind(&scanner, into: &event)
        case nil:
          event.unknownKeys += 1
          try scanner.skipValue()
        }
      } while try scanner.continues(closedBy: UInt8(ascii: "}"))
    }
    scanner.skipWhitespace()
    guard scanner.isAtEnd else { throw scanner.failure("expected the end of the line after the event object") }
    guard sawKind else { throw Failure(offset: 0, expected: #"expected an "e" key naming the event kind"#) }
    try checkRequiredFields(event, present: (sawTime, sawThread, sawSpan, sawNode))
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

  private mutating func readCause(_ scanner: inout JSONScanner, into event: inout TraceEvent) throws(Failure) {
    if try skipNull(&scanner) { return }
    let start = scanner.position
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
      throw scanner.failure(#"expected a string for "cause""#)
    }
    guard let cause = try scanner.readString({ BodyCause.named($0) }) else {
      throw Failure(offset: start, expected: #"expected "cause" to be one of initial, write, parent, state, unknown"#)
    }
    event.cause = cause
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

  /// Reads an integer into `value`; `null` leaves it. Returns whether a value was read.
  private func readInteger(_ scanner: inout JSONScanner, _ key: StaticString, into value: inout Int64) throws(Failure)
    -> Bool
  {
    if try skipNull(&scanner) { return false }
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "-") || (scanner.current >= 48 && scanner.current <= 57)
    else { throw scanner.failure("expected an integer for \"\(key)\"") }
    value = try scanner.readInteger()
    return true
  }

  private func readOptionalInteger(_ scanner: inout JSONScanner, _ key: StaticString) throws(Failure) -> Int64? {
    var value: Int64 = 0
    return try readInteger(&scanner, key, into: &value) ? value : nil
  }

  private mutating func readString(_ scanner: inout JSONScanner, _ key: StaticString) throws(Failure) -> StringID? {
    if try skipNull(&scanner) { return nil }
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
      throw scanner.failure("expected a string for \"\(key)\"")
    }
    return try scanner.readString { strings.intern($0) }
  }

  /// Skips a `null`, which stands for an absent optional field.
  private func skipNull(_ scanner: inout JSONScanner) throws(Failure) -> Bool {
    guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "n") else { return false }
    try scanner.skipLiteral("null")
    return true
  }

  // MARK: - Required fields

  private func checkRequiredFields(
    _ event: TraceEvent, present: (time: Bool, thread: Bool, span: Bool, node: Bool)
  ) throws(Failure) {
    func require(_ present: Bool, _ key: String) throws(Failure) {
      guard present else {
        let article = "aeiou".contains(String(describing: event.kind).prefix(1)) ? "an" : "a"
        throw Failure(offset: 0, expected: "expected \"\(key)\" in \(article) \"\(event.kind)\" event")
      }
    }
    switch event.kind {
    case .meta:
      try require(event.format != nil, "format")
      try require(event.version != nil, "version")
      return
    case .unknown, .lost:
      return
    default:
      try require(present.time, "t")
      try require(present.thread, "tid")
    }
    switch event.kind {
    case .body:
      try require(present.span, "id")
      try require(event.view != nil, "view")
      try require(present.node, "node")
    case .`init`:
      try require(present.span, "id")
      try require(event.type != nil, "type")
    case .end:
      try require(present.span, "id")
    case .read, .write:
      try require(event.object != nil, "obj")
      try require(event.type != nil, "type")
      try require(event.property != nil, "prop")
    case .effect:
      try require(event.effect != nil, "kind")
    case .`deinit`:
      try require(event.object != nil, "obj")
      try require(event.type != nil, "type")
    case .mark:
      try require(event.name != nil, "name")
    case .action:
      try require(present.span, "id")
      try require(event.name != nil, "name")
    case .observe:
      try require(event.object != nil, "obj")
      try require(event.type != nil, "type")
    case .meta, .unknown, .lost:
      break
    }
  }
}

// MARK: - Keys

/// The keys of format version 1.
///
/// The keys of events other than `meta` come first, in the order of ``FastKey``, which
/// shares their raw values.
enum EventKey: UInt32 {
  case e, t, tid, id, obj, type, prop, view, node, parent, cause, site, owner, kind, detail, name, count
  case version, format, scenario, app, startedAt, session

  /// The key spelled by `bytes`, or nil for one the format does not define.
  ///
  /// - Complexity: O(1): the key's bytes are packed into one word and switched on.
  @inline(__always)
  init?(bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= 8 else {
      guard matches(bytes, "startedAt") else { return nil }
      self = .startedAt
      return
    }
    self.init(word: packedWord(bytes), length: bytes.count)
  }

  /// The key whose name is `length` (at most eight) bytes packed into `word`.
  @inline(__always)
  init?(word: UInt64, length: Int) {
    switch (word, length) {
    case (0x65, 1): self = .e
    case (0x74, 1): self = .t
    case (0x6469, 2): self = .id
    case (0x64_6974, 3): self = .tid
    case (0x6A_626F, 3): self = .obj
    case (0x70_7061, 3): self = .app
    case (0x6564_6F6E, 4): self = .node
    case (0x7765_6976, 4): self = .view
    case (0x6570_7974, 4): self = .type
    case (0x706F_7270, 4): self = .prop
    case (0x6574_6973, 4): self = .site
    case (0x656D_616E, 4): self = .name
    case (0x646E_696B, 4): self = .kind
    case (0x72_656E_776F, 5): self = .owner
    case (0x74_6E75_6F63, 5): self = .count
    case (0x65_7375_6163, 5): self = .cause
    case (0x746E_6572_6170, 6): self = .parent
    case (0x6C69_6174_6564, 6): self = .detail
    case (0x7461_6D72_6F66, 6): self = .format
    case (0x6E_6F69_7372_6576, 7): self = .version
    case (0x6E_6F69_7373_6573, 7): self = .session
    case (0x6F69_7261_6E65_6373, 8): self = .scenario
    default: return nil
    }
  }
}

/// Up to eight bytes packed little-endian into a word, for switching on short names.
@inline(__always)
func packedWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var word: UInt64 = 0
  for index in 0..<min(bytes.count, 8) { word |= UInt64(bytes[index]) << UInt64(8 * index) }
  return word
}
