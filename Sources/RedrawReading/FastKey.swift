import RedrawSchema

/// The keys ``FastLineParser`` knows, one bit each in its presence mask: the keys of
/// `EventKey` but `binding` and those of `meta` events, with the same raw values.
///
/// Writers put an event's keys in a fixed order (`e`, `t`, `tid`, then the kind's own,
/// as `EventSchema` lists them), so after each key the next one is predicted, and
/// checked with one masked compare of its `"key":` pattern; a key out of that order is
/// read and switched on instead.
///
/// The prediction and the required keys are `EventSchema`'s table written out as
/// `switch`es, which the fast path reads as constants; a test checks them against the
/// table (derived from it at run time, they cost 0.7% more instructions for parsing and
/// building the 10 MB bench trace).
enum FastKey: UInt32, CaseIterable {
  case e, t, tid, id, obj, type, prop, view, node, parent, cause, site, owner, kind, detail, name, count, same

  /// The key whose name is `length` bytes packed little-endian into `word`.
  @inline(__always)
  init?(_ word: UInt64, _ length: Int) {
    guard let key = EventKey(word: word, length: length) else { return nil }
    self.init(rawValue: key.rawValue)  // nil for `binding` and the keys of `meta` events
  }

  // MARK: - Reading a key

  /// Reads the key `"name":` at `p`, whatever it is.
  ///
  /// - Returns: The key and the position after its colon, or nil for a key the fast
  ///   path does not know (all of whose names have at most seven bytes).
  @inline(__always)
  static func read(at start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>)
    -> (FastKey, UnsafePointer<UInt8>)?
  {
    guard start < limit, start.pointee == UInt8(ascii: "\"") else { return nil }
    let p = start + 1
    var word: UInt64 = 0
    var length = 0
    if p + 8 <= limit {
      let loaded = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
      let quotes = SWAR.bytesEqual(loaded, UInt8(ascii: "\""))
      guard quotes != 0 else { return nil }
      length = quotes.trailingZeroBitCount >> 3
      word = length == 0 ? 0 : loaded & (UInt64.max >> UInt64(64 - 8 * length))
    } else {
      // Near the end of the bytes: one at a time.
      while p + length < limit, p[length] != UInt8(ascii: "\"") {
        guard length < 7 else { return nil }
        word |= UInt64(p[length]) << UInt64(8 * length)
        length += 1
      }
    }
    let colon = p + length + 1
    guard colon < limit, colon.pointee == UInt8(ascii: ":"), let key = FastKey(word, length) else { return nil }
    return (key, colon + 1)
  }

  // MARK: - Predicting the next key

  /// The key writers put after this one in an event of `kind`, if any: every successor
  /// in `EventSchema`'s order, and a guess where the kind's order ends.
  @inline(__always)
  func next(in kind: EventKind) -> FastKey? {
    switch self {
    case .e: .t
    case .t: .tid
    case .tid:
      switch kind {
      case .read, .write, .`deinit`, .observe, .bind: .obj
      case .body, .`init`, .end, .action: .id
      case .`struct`, .unmount: .view
      case .effect: .kind
      case .mark: .name
      case .lost: .count
      case .meta, .unknown: nil
      }
    case .id:
      switch kind {
      case .body: .view
      case .`init`: .type
      case .action: .name
      default: .obj
      }
    case .obj: .type
    case .type:
      switch kind {
      case .`init`: .site
      case .observe: .detail
      default: .prop
      }
    case .prop: .site
    case .view: .node
    case .node: .parent
    case .parent: kind == .`struct` ? .same : .cause
    case .cause: .obj
    case .site: kind == .write ? .same : .owner
    case .kind: .detail
    case .detail: .site
    case .name: kind == .action ? .node : nil
    case .owner, .count, .same: nil
    }
  }

  /// Whether `"name":` of this key is at `p`.
  ///
  /// - Complexity: O(1): one masked compare of a word, and one more byte for the two
  ///   keys whose pattern is nine bytes long.
  @inline(__always)
  func matches(at p: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>) -> Bool {
    guard p + 9 <= limit else { return false }
    let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    let length = patternLength
    if length > 8 { return word == pattern && p[8] == UInt8(ascii: ":") }
    return word & (UInt64.max >> UInt64(64 - 8 * length)) == pattern
  }

  /// The length of `"name":`.
  @inline(__always)
  var patternLength: Int {
    switch self {
    case .e, .t: 4
    case .id: 5
    case .tid, .obj: 6
    case .type, .prop, .view, .node, .site, .kind, .name, .same: 7
    case .cause, .owner, .count: 8
    case .parent, .detail: 9
    }
  }

  /// The first eight bytes of `"name":`, packed little-endian (a test checks them
  /// against the names).
  @inline(__always)
  var pattern: UInt64 {
    switch self {
    case .e: 0x3A22_6522
    case .t: 0x3A22_7422
    case .tid: 0x3A22_6469_7422
    case .id: 0x3A_2264_6922
    case .obj: 0x3A22_6A62_6F22
    case .type: 0x3A_2265_7079_7422
    case .prop: 0x3A_2270_6F72_7022
    case .view: 0x3A_2277_6569_7622
    case .node: 0x3A_2265_646F_6E22
    case .parent: 0x2274_6E65_7261_7022
    case .cause: 0x3A22_6573_7561_6322
    case .site: 0x3A_2265_7469_7322
    case .owner: 0x3A22_7265_6E77_6F22
    case .kind: 0x3A_2264_6E69_6B22
    case .detail: 0x226C_6961_7465_6422
    case .name: 0x3A_2265_6D61_6E22
    case .count: 0x3A22_746E_756F_6322
    case .same: 0x3A_2265_6D61_7322
    }
  }

  /// The same key among all the format's keys: they share raw values and so, in the
  /// order of their cases, their representation (a test checks every key).
  @inline(__always)
  var eventKey: EventKey { unsafeBitCast(self, to: EventKey.self) }

  /// The name, for tests and messages.
  var name: String { "\(self)" }

  // MARK: - Required keys

  /// The keys `kind` requires, as a presence mask: `EventSchema/required`, and all bits
  /// for `meta`, whose required keys the fast path does not know.
  @inline(__always)
  static func required(by eventKind: EventKind) -> UInt32 {
    let common: UInt32 = 1 << e.rawValue | 1 << t.rawValue | 1 << tid.rawValue
    switch eventKind {
    case .meta: return UInt32.max  // meta events carry keys the fast path does not know
    case .body: return common | 1 << id.rawValue | 1 << view.rawValue | 1 << node.rawValue
    case .`init`: return common | 1 << id.rawValue | 1 << type.rawValue
    case .end: return common | 1 << id.rawValue
    case .read, .write: return common | 1 << obj.rawValue | 1 << type.rawValue | 1 << prop.rawValue
    case .effect: return common | 1 << FastKey.kind.rawValue
    case .`deinit`: return common | 1 << obj.rawValue | 1 << type.rawValue
    case .mark: return common | 1 << name.rawValue
    case .action: return common | 1 << id.rawValue | 1 << name.rawValue
    case .observe: return common | 1 << obj.rawValue | 1 << type.rawValue
    case .`struct`, .unmount: return common | 1 << view.rawValue | 1 << node.rawValue
    case .bind: return common | 1 << obj.rawValue | 1 << type.rawValue
    case .lost, .unknown: return 1 << e.rawValue
    }
  }
}
