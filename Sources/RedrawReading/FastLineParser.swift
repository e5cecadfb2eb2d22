import RedrawPlatform
import RedrawSchema

/// The fast path of ``LineParser``: lines in the compact form writers produce.
///
/// It accepts only a strict subset of JSON: `{"key":value,...}` with no white space, keys
/// of the format, values that are integers of at most 18 digits or strings of printable
/// ASCII without escapes. That subset is valid JSON, so accepting a line here needs no
/// further validation; anything else (white space, escapes, non-ASCII, `null`, unknown
/// keys, nested values, floats, long numbers, a missing required key) makes it return
/// nil, and the general parser reads the line from the start and reports any error
/// precisely.
///
/// After the kind, the time, the thread and the keys of the common kinds are read
/// straight through in the writers' order (`FastLineParser+Order.swift`); the key loop
/// reads the rest, predicting each key from the one before and checking it with one
/// masked compare. Integers are converted eight digits at a time, and names are
/// interned by their packed key (``StringTable/Key``).
///
/// - Complexity: O(line length), one pass, no calls in the loop.
enum FastLineParser {
  /// Parses the event object that starts at `start` into `event` (already reset).
  ///
  /// The bytes up to `limit` may be read; the object must end before it. The object
  /// must begin with its `e` key, as every writer of the format writes it. Unless
  /// `keepsMarkNames`, a `name` is checked but not interned, and `event.name` stays nil.
  ///
  /// - Returns: The position just past the object's closing brace, or nil when the
  ///   object is not in the compact form or lacks a key its kind requires.
  @inline(__always)
  static func parse(
    _ start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>, into event: inout TraceEvent,
    strings: inout StringTable, keepsMarkNames: Bool = true
  ) -> UnsafePointer<UInt8>? {
    // Writers put the kind first: `{"e":"`, then the kind and its closing quote.
    guard start + 16 <= limit,
      UnsafeRawPointer(start).loadUnaligned(as: UInt64.self) & 0xFFFF_FFFF_FFFF == 0x22_3A22_6522_7B
    else { return nil }
    let kindStart = start + 6
    let kindWord = UnsafeRawPointer(kindStart).loadUnaligned(as: UInt64.self)
    let kindQuotes = SWAR.bytesEqual(kindWord, UInt8(ascii: "\""))
    guard kindQuotes != 0 else { return nil }
    let kindLength = kindQuotes.trailingZeroBitCount >> 3
    event.kind = EventKind.named(kindWord & (UInt64.max >> UInt64(64 - 8 * max(kindLength, 1))), length: kindLength)
    if event.kind == .unknown {
      event.unknownKind = strings.intern(StringTable.Key(kindStart, count: kindLength), at: kindStart)
    }
    var line = Cursor(p: kindStart + kindLength + 1)
    // Every writer follows the kind with the time, the thread and the kind's own keys in
    // one order: they are read straight through while they come in it, without the
    // loop's dispatch on each key. The loop reads what follows, or the line from where
    // it first differs.
    if let end = readTimeAndThread(line.p, limit: limit, into: &event) {
      line.advance(past: .t, to: end)
      line.advance(past: .tid, to: end)
      readKeysInWritersOrder(of: event.kind, &line, limit: limit, into: &event, strings: &strings)
    }
    // The loop keeps the cursor in locals, which stay in registers.
    var p = line.p
    var present = line.present
    var previous = line.previous
    while true {
      guard p < limit else { return nil }
      if p.pointee == UInt8(ascii: "}") {
        let required = FastKey.required(by: event.kind)
        guard present & required == required else { return nil }
        return p + 1
      }
      guard p.pointee == UInt8(ascii: ",") else { return nil }
      p += 1
      // The key: `"name":`, most often the one the writer's order predicts.
      let key: FastKey
      if let predicted = previous.next(in: event.kind), predicted.matches(at: p, limit: limit) {
        key = predicted
        p += predicted.patternLength
      } else {
        guard let (parsed, end) = FastKey.read(at: p, limit: limit) else { return nil }
        key = parsed
        p = end
      }
      present |= 1 << key.rawValue
      previous = key
      // The value.
      guard p < limit else { return nil }
      if p.pointee == UInt8(ascii: "\"") {
        let valueStart = p + 1
        guard let close = closingQuote(from: valueStart, limit: limit) else { return nil }
        let stringKey = StringTable.Key(valueStart, count: close - valueStart)
        if key != .name || keepsMarkNames || event.kind == .action {
          guard store(stringKey, at: valueStart, for: key, into: &event, strings: &strings) else { return nil }
        }
        p = close + 1
      } else if p.pointee == UInt8(ascii: "t") || p.pointee == UInt8(ascii: "f") {
        // `true` (what writers write for a flag) or `false`.
        guard let (value, end) = readBoolean(p, limit: limit), event.set(value, for: key.eventKey) else { return nil }
        p = end
      } else {
        var negative = false
        if p.pointee == UInt8(ascii: "-") {
          negative = true
          p += 1
        }
        var value: Int64 = 0
        guard let end = readDigits(p, limit: limit, into: &value) else { return nil }
        p = end
        guard store(negative ? -value : value, for: key, into: &event) else { return nil }
      }
    }
  }

  /// The closing quote of a string whose contents begin at `start`.
  ///
  /// - Returns: Its position, or nil when the string holds a backslash, a control
  ///   byte, DEL or a non-ASCII byte (not the compact form), or is not closed before `limit`.
  @inline(__always)
  static func closingQuote(from start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
    var p = start
    // Eight bytes at a time while none is a quote, a backslash, a control or non-ASCII byte.
    while p + 8 <= limit, case let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) {
      let special = SWAR.special(word)
      if special != 0 {
        p += special.trailingZeroBitCount >> 3
        break
      }
      p += 8
    }
    while p < limit, p.pointee != UInt8(ascii: "\"") {
      let byte = p.pointee
      if byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "\\") { return nil }
      p += 1
    }
    return p < limit ? p : nil
  }

  // MARK: - Integers

  /// Reads `,"t":` and `,"tid":` with their integers at `start`, into `event`.
  ///
  /// - Returns: The position after the thread, or nil (with `event` unchanged) when the
  ///   bytes are anything else: the loop in ``parse(_:limit:into:strings:keepsMarkNames:)``
  ///   then reads them key by key and decides.
  @inline(__always)
  static func readTimeAndThread(
    _ start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>, into event: inout TraceEvent
  ) -> UnsafePointer<UInt8>? {
    // `,"t":`, a time of up to 15 digits and `,"tid":`: word loads within the next 36 bytes.
    guard start + 36 <= limit,
      UnsafeRawPointer(start).loadUnaligned(as: UInt64.self) & 0xFF_FFFF_FFFF == FastKey.t.pattern << 8 | 0x2C
    else { return nil }
    var p = start + 5
    var time: Int64 = 0
    // Times in nanoseconds have eight digits or more after the first tenth of a second.
    if let (value, end) = readEightToFifteenDigits(p) {
      time = value
      p = end
    } else {
      guard let end = readDigits(p, limit: limit, into: &time) else { return nil }
      p = end
    }
    guard UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) & 0xFF_FFFF_FFFF_FFFF == FastKey.tid.pattern << 8 | 0x2C
    else { return nil }
    var thread: Int64 = 0
    guard let end = readDigits(p + 7, limit: limit, into: &thread) else { return nil }
    event.time = time
    event.thread = thread
    return end
  }

  /// Reads a number of eight to fifteen digits, without a leading zero, from the two
  /// words at `start`, which the caller has checked lie before its limit.
  ///
  /// - Returns: The value and the position after it, or nil for any other number.
  @inline(__always)
  static func readEightToFifteenDigits(_ start: UnsafePointer<UInt8>) -> (Int64, UnsafePointer<UInt8>)? {
    let word = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
    guard SWAR.leadingDigits(word) == 8, word & 0xFF != 0x30 else { return nil }
    let next = UnsafeRawPointer(start + 8).loadUnaligned(as: UInt64.self)
    let more = SWAR.leadingDigits(next)
    guard more < 8 else { return nil }
    var value = Int64(SWAR.digitsValue(word, count: 8))
    if more > 0 { value = value &* Int64(bitPattern: powerOfTen(more)) &+ Int64(SWAR.digitsValue(next, count: more)) }
    return (value, start + 8 + more)
  }

  /// Reads the digits of a JSON integer of at most 18 digits at `start` into `value`.
  ///
  /// With eight bytes to spare, a run of one to seven digits (ids, counts) is read here
  /// from one word: its length from one word test, one or two digits directly, longer
  /// runs converted at once. Longer numbers, leading zeros, no digit and the end of the
  /// bytes go to ``readLongDigits(_:limit:into:)``.
  ///
  /// - Returns: The position after the digits, or nil when there are no digits, more
  ///   than 18, or a leading zero.
  @inline(__always)
  static func readDigits(_ start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>, into value: inout Int64)
    -> UnsafePointer<UInt8>?
  {
    if start + 8 <= limit {
      let word = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
      let count = SWAR.leadingDigits(word)
      if count == 1 {
        value = Int64(word & 0x0F)
        return start + 1
      }
      if count >= 2, count <= 7, word & 0xFF != 0x30 {
        value =
          count == 2
          ? Int64(word & 0x0F) &* 10 &+ Int64(word >> 8 & 0x0F) : Int64(SWAR.digitsValue(word, count: count))
        return start + count
      }
    }
    return readLongDigits(start, limit: limit, into: &value)
  }

  /// The rest of ``readDigits(_:limit:into:)``, out of line so that the common case stays
  /// small enough to inline: eight to fifteen digits (times in nanoseconds) from two
  /// words; anything else byte by byte.
  @inline(never)
  private static func readLongDigits(
    _ start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>, into value: inout Int64
  ) -> UnsafePointer<UInt8>? {
    guard start + 16 <= limit, let (read, end) = readEightToFifteenDigits(start) else {
      return readDigitsSlowly(start, limit: limit, into: &value)
    }
    value = read
    return end
  }

  /// ``readDigits(_:limit:into:)`` a byte at a time, which also decides what is refused.
  private static func readDigitsSlowly(
    _ start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>, into value: inout Int64
  ) -> UnsafePointer<UInt8>? {
    var p = start
    var total: Int64 = 0
    while p < limit, p.pointee &- 48 <= 9, p - start < 19 {
      total = total &* 10 &+ Int64(p.pointee &- 48)
      p += 1
    }
    let digits = p - start
    guard digits > 0, digits <= 18, digits == 1 || start.pointee != UInt8(ascii: "0") else { return nil }
    value = total
    return p
  }

  // MARK: - Values

  /// Reads `true` or `false` at `start`.
  @inline(__always)
  static func readBoolean(_ start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>) -> (Bool, UnsafePointer<UInt8>)? {
    guard start + 5 <= limit else { return nil }
    let word = UnsafeRawPointer(start).loadUnaligned(as: UInt32.self)
    if word == 0x6575_7274 { return (true, start + 4) }  // "true"
    if word == 0x736C_6166, start[4] == UInt8(ascii: "e") { return (false, start + 5) }  // "fals" "e"
    return nil
  }

  /// Stores an integer: false for a key that takes none (the general parser says why).
  @inline(__always)
  private static func store(_ value: Int64, for key: FastKey, into event: inout TraceEvent) -> Bool {
    event.set(value, for: key.eventKey)
  }

  /// Stores a string, interning it, or the kind, cause or effect kind it names: false for
  /// a key that takes none of them or a name that is none of them.
  @inline(__always)
  private static func store(
    _ stringKey: StringTable.Key, at start: UnsafePointer<UInt8>, for key: FastKey,
    into event: inout TraceEvent, strings: inout StringTable
  ) -> Bool {
    switch key.eventKey.valueType {
    case .eventKind:
      event.kind = EventKind.named(stringKey.packedWord, length: stringKey.length)
      if event.kind == .unknown { event.unknownKind = strings.intern(stringKey, at: start) }
    case .string: return event.set(strings.intern(stringKey, at: start), for: key.eventKey)
    case .bodyCause:
      guard let cause = BodyCause.Kind.named(UnsafeBufferPointer(start: start, count: stringKey.length)) else {
        return false
      }
      event.cause = cause
    case .effectKind:
      guard let kind = EffectKind.named(UnsafeBufferPointer(start: start, count: stringKey.length)) else {
        return false
      }
      event.effect = kind
    case .integer, .boolean, .swiftUIBuild: return false
    }
    return true
  }
}
