/// Interned names (view, type and property names), each escaped to a JSON string once.
///
/// Names recur on nearly every event, so the recorder keeps their quoted bytes and
/// refers to them by a small integer ``TraceName``. The table only grows: a name keeps
/// its id across sessions, which lets `@Tracked` properties cache theirs.
struct NameTable {
  /// The quoted bytes of every name, one after another; ``extents`` says where each is.
  /// Flat, so that writing a name copies bytes without touching a reference count (an
  /// array per name was retained and released twice per name per event).
  fileprivate var bytes: [UInt8] = []
  fileprivate var extents: [Extent] = []
  private var byString: [String: TraceName] = [:]
  /// Each name as it was interned, by id: for the harness's collections, which report names
  /// as strings.
  private var strings: [String] = []
  private var byType: [ObjectIdentifier: TraceName] = [:]

  fileprivate struct Extent {
    var start: Int32
    var count: Int32
  }

  /// The id of `name`, adding it on first use.
  ///
  /// - Complexity: amortized O(length of `name`).
  mutating func intern(_ name: String) -> TraceName {
    if let id = byString[name] { return id }
    let id = TraceName(rawValue: Int32(extents.count))
    let quoted = JSONEscaping.quoted(name)
    extents.append(Extent(start: Int32(bytes.count), count: Int32(quoted.count)))
    bytes += quoted
    byString[name] = id
    strings.append(name)
    return id
  }

  /// The name `name` stands for.
  func string(_ name: TraceName) -> String { strings[Int(name.rawValue)] }

  /// The id of a type's name as `String(describing:)` spells it (`FeedModel`).
  mutating func intern(_ type: Any.Type) -> TraceName {
    let key = ObjectIdentifier(type)
    if let id = byType[key] { return id }
    let id = intern(String(describing: type))
    byType[key] = id
    return id
  }

  /// The length of the quoted bytes of `name`.
  @inline(__always)
  func quotedLength(_ name: TraceName) -> Int { Int(extents[Int(name.rawValue)].count) }

  /// Appends the quoted bytes of `name`; the caller has reserved room.
  @inline(__always)
  func write(_ name: TraceName, to buffer: inout EventBuffer) {
    let extent = extents[Int(name.rawValue)]
    bytes.withUnsafeBufferPointer { all in
      buffer.append(raw: UnsafeBufferPointer(start: all.baseAddress! + Int(extent.start), count: Int(extent.count)))
    }
  }
}

extension NameTable {
  /// Copies the names interned since `mirror` was last brought up to date into it.
  func copyNew(into mirror: inout NameMirror) {
    guard mirror.count < extents.count else { return }
    let from = Int(extents[mirror.count].start)
    mirror.append(bytes: bytes[from...], extents: extents[mirror.count...].map { ($0.start, $0.count) })
  }
}

/// The writer's copy of the ``NameTable``: the quoted bytes of every name, read without the
/// table's lock while records are formatted.
struct NameMirror {
  private var bytes: [UInt8] = []
  private var extents: [(start: Int32, count: Int32)] = []

  var count: Int { extents.count }

  mutating func append(bytes new: ArraySlice<UInt8>, extents newExtents: [(Int32, Int32)]) {
    bytes += new
    extents += newExtents
  }

  /// Whether the name with id `name` was copied (any id below zero stands for no name).
  @inline(__always)
  func holds(name: Int32) -> Bool { name < Int32(extents.count) }

  /// Whether both names packed in `word` (two ``TraceName``s) were copied.
  @inline(__always)
  func holds(_ word: UInt64) -> Bool {
    UInt32(truncatingIfNeeded: word) < UInt32(extents.count)
      && UInt32(truncatingIfNeeded: word >> 32) < UInt32(extents.count)
  }

  /// The length of the quoted bytes of `name`.
  @inline(__always)
  func quotedLength(_ name: TraceName) -> Int {
    let index = Int(name.rawValue)
    return index >= 0 && index < extents.count ? Int(extents[index].count) : 2
  }

  /// Appends the quoted bytes of `name` (an empty string for an id never interned: the drain
  /// copies every name a record refers to before formatting it); the caller has reserved room.
  @inline(__always)
  func write(_ name: TraceName, to buffer: inout EventBuffer) {
    let index = Int(name.rawValue)
    guard index >= 0, index < extents.count else {
      buffer.append(UInt8(ascii: "\""))
      buffer.append(UInt8(ascii: "\""))
      return
    }
    let extent = extents[index]
    bytes.withUnsafeBufferPointer { all in
      buffer.append(raw: UnsafeBufferPointer(start: all.baseAddress! + Int(extent.start), count: Int(extent.count)))
    }
  }
}

/// The id of an interned name in the recorder's ``NameTable``.
@usableFromInline
struct TraceName: Hashable, Sendable {
  @usableFromInline let rawValue: Int32

  @usableFromInline
  init(rawValue: Int32) { self.rawValue = rawValue }
}
