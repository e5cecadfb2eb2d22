/// The fast path of ``LineParser``: lines in the compact form writers produce.
///
/// It accepts only a strict subset of JSON: `{"key":value,...}` with no white space, keys
/// of the format, values that are integers of at most 18 digits or strings of printable
/// ASCII without escapes. That subset is valid JSON, so accepting a line here needs no
/// further validation; anything else (white space, escapes, non-ASCII, `null`, unknown
/// keys, nested values, floats, long numbers) makes it return false, and the general
/// parser reads the line from the start and reports any error precisely.
///
/// The position lives in a register-held pointer rather than in a struct, and keys are
/// recognized by switching on their bytes packed into one word.
///
/// - Complexity: O(line length), one pass, no calls in the loop but interning.
enum FastLineParser {
  /// The keys present, for the required-field check.
  struct Presence {
    var kind = false
    var time = false
    var thread = false
    var span = false
    var node = false
  }

  /// Parses `line` into `event` (already reset) if it is in the compact form.
  static func parse(
    _ line: UnsafeBufferPointer<UInt8>, into event: inout TraceEvent, strings: inout StringTable,
    present: inout Presence
  ) -> Bool {
    guard let base = line.baseAddress, line.count >= 2, base[0] == UInt8(ascii: "{"),
      base[line.count - 1] == UInt8(ascii: "}")
    else { return false }
    let end = base + line.count - 1  // the closing brace
    var p = base + 1
    if p == end { return true }
    while true {
      // The key: `"name":`.
      guard p < end, p.pointee == UInt8(ascii: "\"") else { return false }
      p += 1
      let keyStart = p
      var word: UInt64 = 0
      var keyLength = 0
      if p + 8 <= end, case let loaded = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self),
        case let quotes = SWAR.bytesEqual(loaded, UInt8(ascii: "\"")), quotes != 0
      {
        // The key ends within these eight bytes: its length is where the first quote is.
        keyLength = quotes.trailingZeroBitCount / 8
        word = keyLength == 0 ? 0 : loaded & (UInt64.max >> UInt64(64 - 8 * keyLength))
        p += keyLength
      } else {
        var shift: UInt64 = 0
        while p < end, p.pointee != UInt8(ascii: "\"") {
          let byte = p.pointee
          if byte < 0x21 || byte > 0x7E || byte == UInt8(ascii: "\\") || shift == 72 { return false }
          if shift < 64 { word |= UInt64(byte) << shift }
          shift += 8
          p += 1
        }
        guard p < end else { return false }
        keyLength = p - keyStart
      }
      p += 1
      guard p < end, p.pointee == UInt8(ascii: ":") else { return false }
      p += 1
      guard let key = fastKey(word, keyLength, keyStart) else { return false }
      // The value.
      guard p < end else { return false }
      if p.pointee == UInt8(ascii: "\"") {
        p += 1
        let start = p
        // Eight bytes at a time while none is a quote, a backslash, a control or non-ASCII byte.
        while p + 8 <= end, SWAR.plainASCII(UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) {
          p += 8
        }
        while p < end, p.pointee != UInt8(ascii: "\"") {
          let byte = p.pointee
          if byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "\\") { return false }
          p += 1
        }
        guard p < end else { return false }
        let value = UnsafeBufferPointer(start: start, count: p - start)
        p += 1
        guard storeString(value, for: key, into: &event, strings: &strings, present: &present) else { return false }
      } else {
        var negative = false
        if p.pointee == UInt8(ascii: "-") {
          negative = true
          p += 1
        }
        let start = p
        var value: Int64 = 0
        while p < end {
          let digit = p.pointee &- 48
          if digit > 9 { break }
          value = value &* 10 &+ Int64(digit)
          p += 1
        }
        let digits = p - start
        guard digits > 0, digits <= 18, digits == 1 || start.pointee != UInt8(ascii: "0") else { return false }
        guard storeInteger(negative ? -value : value, for: key, into: &event, present: &present) else { return false }
      }
      if p == end { return true }
      guard p.pointee == UInt8(ascii: ",") else { return false }
      p += 1
    }
  }

  private static func fastKey(_ word: UInt64, _ length: Int, _ start: UnsafePointer<UInt8>) -> FastKey? {
    switch (word, length) {
    case (0x65, 1): .e
    case (0x74, 1): .t
    case (0x64_6974, 3): .tid
    case (0x6469, 2): .id
    case (0x6A_626F, 3): .obj
    case (0x6570_7974, 4): .type
    case (0x706F_7270, 4): .prop
    case (0x7765_6976, 4): .view
    case (0x6564_6F6E, 4): .node
    case (0x746E_6572_6170, 6): .parent
    case (0x65_7375_6163, 5): .cause
    case (0x6574_6973, 4): .site
    case (0x72_656E_776F, 5): .owner
    case (0x646E_696B, 4): .kind
    case (0x6C69_6174_6564, 6): .detail
    case (0x656D_616E, 4): .name
    case (0x74_6E75_6F63, 5): .count
    default: nil
    }
  }

  private enum FastKey {
    case e, t, tid, id, obj, type, prop, view, node, parent, cause, site, owner, kind, detail, name, count
  }

  @inline(__always)
  private static func storeInteger(
    _ value: Int64, for key: FastKey, into event: inout TraceEvent, present: inout Presence
  )
    -> Bool
  {
    switch key {
    case .t:
      event.time = value
      present.time = true
    case .tid:
      event.thread = value
      present.thread = true
    case .id:
      event.span = value
      present.span = true
    case .node:
      event.node = value
      present.node = true
    case .obj: event.object = value
    case .parent: event.parent = value
    case .owner: event.owner = value
    case .count: event.count = value
    default: return false  // a string key with a number: let the general parser say so
    }
    return true
  }

  @inline(__always)
  private static func storeString(
    _ value: UnsafeBufferPointer<UInt8>, for key: FastKey, into event: inout TraceEvent, strings: inout StringTable,
    present: inout Presence
  ) -> Bool {
    switch key {
    case .e:
      event.kind = EventKind.named(value)
      if event.kind == .unknown { event.unknownKind = strings.intern(value) }
      present.kind = true
    case .type: event.type = strings.intern(value)
    case .prop: event.property = strings.intern(value)
    case .view: event.view = strings.intern(value)
    case .site: event.site = strings.intern(value)
    case .detail: event.detail = strings.intern(value)
    case .name: event.name = strings.intern(value)
    case .cause:
      guard let cause = BodyCauseKind.named(value) else { return false }
      event.cause = cause
    case .kind:
      guard let kind = EffectKindID.named(value) else { return false }
      event.effect = kind
    default: return false  // a number key with a string
    }
    return true
  }
}

/// Byte tests on eight bytes at once (SIMD within a register).
enum SWAR {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The high bit of every byte of `word` that is zero.
  @inline(__always)
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highs
  }

  /// The high bit of every byte of `word` equal to `byte` (exact for the lowest match).
  @inline(__always)
  static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    zeroBytes(word ^ (ones &* UInt64(byte)))
  }

  /// Whether all eight bytes are printable ASCII other than a quote or a backslash.
  @inline(__always)
  static func plainASCII(_ word: UInt64) -> Bool {
    let special =
      bytesEqual(word, UInt8(ascii: "\"")) | bytesEqual(word, UInt8(ascii: "\\"))
      | zeroBytes(word & 0xE0E0_E0E0_E0E0_E0E0)
      | (word & highs) | bytesEqual(word, 0x7F)
    return special == 0
  }
}
