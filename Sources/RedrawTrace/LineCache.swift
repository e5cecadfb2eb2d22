import CRedrawPlatform

/// The ends of a session's recent `read` and `write` lines, after their time:
/// `,"tid":1,"obj":17,"type":"Cart","prop":"items"}\n`, by what they say.
///
/// A view reads the same properties of the same objects on every evaluation, so nearly every
/// access line after the first of its kind is its opening, its time and a copy of bytes
/// formatted once: the writer's hot loop (``formatAccesses(_:count:scope:thread:limit:into:)``) formats no integer
/// but the time and looks up no name. A direct-mapped table of ``entryCount`` entries whose
/// bytes are in an arena of ``arenaSize``; when the arena is full every entry is forgotten.
///
/// All its state is in one allocation the class reaches through a `let` pointer: a stored
/// `var` of a class would cost each access in the hot loop an exclusivity check, and one base
/// for the time's digits, the entries and the arena keeps the loop's values in registers.
/// Only the writer (one thread at a time) uses a cache.
final class LineCache: @unchecked Sendable {
  /// One cached line end: what the line says, and where its bytes are in the arena, after
  /// their count (a `UInt32`). An empty entry's key is 0, which no line's is.
  struct Entry {
    var object: UInt64
    var names: UInt64
    /// The `tid`, kind and flags (``key(thread:kindAndFlags:)``).
    var key: UInt64
    var bytes: UnsafePointer<UInt8>?

    /// Whether this is the entry of the line of `object`, `names` and `key` (then it holds
    /// bytes).
    @inline(__always)
    func holds(object: UInt64, names: UInt64, key: UInt64) -> Bool {
      self.key == key && self.object == object && self.names == names
    }
  }

  /// Entries in the table: a power of two (``slot(object:names:key:)`` keeps the top 9 bits).
  static let entryCount = 512
  /// Bytes the arena holds for line ends and their counts.
  static let arenaSize = 64 * 1024
  /// Bytes a copy may read and write past an end (``copyWithSlack(_:from:count:)``).
  static let slack = 64
  /// The longest line end the cache keeps.
  static let longestEnd = 480

  /// The time's digits (``TimeDigits/byteCount`` bytes), the entries, then the arena: its
  /// first word counts the bytes used, and ``slack`` bytes follow it.
  private let memory: UnsafeMutableRawPointer
  private static let arenaOffset = TimeDigits.byteCount + entryCount * MemoryLayout<Entry>.stride

  /// How a line's time is spelled.
  var time: TimeDigits { TimeDigits(laidOutAt: memory) }

  /// The table.
  @inline(__always)
  var entries: UnsafeMutablePointer<Entry> {
    (memory + TimeDigits.byteCount).assumingMemoryBound(to: Entry.self)
  }

  private var arena: UnsafeMutableRawPointer { memory + Self.arenaOffset }

  /// The allocation: the hot loop reaches the time's digits and the entries from this one
  /// base, so they take one register.
  var base: UnsafeMutableRawPointer { memory }

  /// The entry in `slot` of the cache at `base`.
  @inline(__always)
  static func entry(_ slot: Int, at base: UnsafeMutableRawPointer) -> UnsafePointer<Entry> {
    UnsafePointer(
      (base + (TimeDigits.byteCount &+ slot &* MemoryLayout<Entry>.stride)).assumingMemoryBound(to: Entry.self))
  }

  init() {
    memory = .allocate(byteCount: Self.arenaOffset + 8 + Self.arenaSize + Self.slack, alignment: 64)
    TimeDigits.layOut(at: memory)
    (memory + TimeDigits.byteCount).bindMemory(to: Entry.self, capacity: Self.entryCount)
      .initialize(repeating: Entry(object: 0, names: 0, key: 0, bytes: nil), count: Self.entryCount)
    arena.storeBytes(of: 0, as: Int.self)
  }

  deinit { memory.deallocate() }

  /// The key of a line's thread, kind and flags (a record header's low 16 bits).
  @inline(__always)
  static func key(thread: Int32, kindAndFlags: UInt64) -> UInt64 {
    UInt64(UInt32(bitPattern: thread)) << 32 | kindAndFlags & 0xFFFF | 1 << 31
  }

  /// The entry of a line: the top bits of products with a 64-bit constant, each of which
  /// depends on the low bits that small numbers such as object ids and interned names differ
  /// in. The key is added after the first product, not combined with the object id's bits: a
  /// read and a write (1 and 2 in the key) of objects 1 and 2 would otherwise share an entry.
  /// (An object id and a type can still cancel, rarely: that costs a line the general path.)
  @inline(__always)
  static func slot(object: UInt64, names: UInt64, key: UInt64) -> Int {
    let what = (object ^ (names << 7 | names >> 57)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: ((what &+ key) &* 0x9E37_79B9_7F4A_7C15) >> 55)
  }

  /// Keeps `bytes` as the end of the lines of `object`, `names` and `key` (nothing for an
  /// end longer than ``longestEnd``).
  func store(object: UInt64, names: UInt64, key: UInt64, bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count <= Self.longestEnd else { return }
    var used = arena.load(as: Int.self)
    if used + 4 + bytes.count > Self.arenaSize {
      entries.update(repeating: Entry(object: 0, names: 0, key: 0, bytes: nil), count: Self.entryCount)
      used = 0
    }
    let place = arena + 8 + used
    place.storeBytes(of: UInt32(bytes.count), as: UInt32.self)
    (place + 4).copyMemory(from: source, byteCount: bytes.count)
    entries[Self.slot(object: object, names: names, key: key)] = Entry(
      object: object, names: names, key: key, bytes: UnsafePointer((place + 4).assumingMemoryBound(to: UInt8.self)))
    arena.storeBytes(of: used + 4 + bytes.count, as: Int.self)
  }

  /// Copies `count` bytes (at most ``longestEnd``) by copying ``slack`` bytes and then 32 at a
  /// time: up to ``slack`` bytes past the end are read and written, and the source (the
  /// arena) and the destination (a buffer with room for ``LineCache/longestLine``) have it.
  /// An end of up to 96 bytes (a type and a property of about 25 characters each) is one
  /// or two copies, no loop and no call.
  @inline(__always)
  static func copyWithSlack(_ out: UnsafeMutablePointer<UInt8>, from bytes: UnsafePointer<UInt8>, count: Int) {
    UnsafeMutableRawPointer(out).copyMemory(from: bytes, byteCount: 64)
    guard _slowPath(count > 64) else { return }
    UnsafeMutableRawPointer(out + 64).copyMemory(from: bytes + 64, byteCount: 32)
    var offset = 96
    while offset < count {
      UnsafeMutableRawPointer(out + offset).copyMemory(from: bytes + offset, byteCount: 32)
      offset += 32
    }
  }
}
