import RedrawSchema

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Interned strings: every distinct name in a trace is stored once and referred to
/// by a small integer.
///
/// Lookups work on the bytes where they lie in the read buffer. A string is first
/// reduced to a ``Key``: its length and two words that, for strings of up to
/// 16 bytes, hold every byte. The table's slots keep the key inline, so a name
/// seen before costs two loads, a multiplication and one compare of three words, and no
/// `String` is made until a report asks. Longer strings fold every word after the first
/// into the second (paths share their first and last bytes: `/Users/me/…/Feed.swift:12`)
/// and also compare their bytes.
///
/// - Complexity: ``intern(_:)`` is O(length) amortized, O(1) for names of up to 16
///   bytes; memory grows with the number of distinct strings, not with the number of
///   events.
@usableFromInline package struct StringTable: Sendable {
  /// The bytes of every string, back to back.
  @usableFromInline var storage: [UInt8] = []
  /// Where each string starts in `storage`; string `i` ends where `i + 1` starts.
  @usableFromInline var starts: [Int] = [0]
  /// Open-addressing slots, a power of two; a slot with `id == 0` is empty.
  private var slots: [Slot]
  /// 64 minus the bits of a slot index: a hash's top bits pick its slot.
  private var shift: UInt64 = 54
  /// The key of each string, by id, for growing the table.
  private var keys: [Key] = []

  /// A string reduced to its length and two words of its bytes.
  struct Key: Equatable, Sendable {
    var first: UInt64
    var last: UInt64
    var length: Int

    @inline(__always)
    init(first: UInt64, last: UInt64, length: Int) {
      self.first = first
      self.last = last
      self.length = length
    }

    /// The key of the empty string.
    static let empty = Key(first: 0, last: 0, length: 0)

    /// Reads the key of `count` bytes at `base`, touching no byte outside them.
    ///
    /// Up to 16 bytes it is exact: two words that overlap for 9 to 15 bytes, two
    /// half-words below eight bytes, single bytes below four. Beyond, the first word and a
    /// hash of the others: site paths differ in the middle, where a file's name is.
    @inline(__always)
    init(_ base: UnsafePointer<UInt8>, count: Int) {
      let raw = UnsafeRawPointer(base)
      length = count
      if count > 16 {
        first = raw.loadUnaligned(as: UInt64.self)
        last = Self.foldedWords(raw, count: count)
      } else if count >= 8 {
        first = raw.loadUnaligned(as: UInt64.self)
        last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      } else if count >= 4 {
        first =
          UInt64(raw.loadUnaligned(as: UInt32.self))
          | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        last = 0
      } else if count > 0 {
        first = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16
        last = 0
      } else {
        first = 0
        last = 0
      }
    }

    /// The words of bytes 8..<count folded into one: each multiplied in after the ones
    /// before, the last (which may overlap them) included.
    @inline(never)
    static func foldedWords(_ raw: UnsafeRawPointer, count: Int) -> UInt64 {
      var folded = UInt64(truncatingIfNeeded: count)
      var offset = 8
      while offset < count - 8 {
        folded = (folded ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        offset += 8
      }
      return (folded ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// The first eight bytes packed little-endian (those there are), as ``packedWord(_:)`` packs them.
    @inline(__always)
    var packedWord: UInt64 {
      if length < 4 { return first & ((1 << UInt64(8 * length)) - 1) }
      if length >= 8 { return first }
      // `first` holds bytes 0..<4 and, above them, bytes length-4..<length.
      return first & 0xFFFF_FFFF | ((first >> 32) >> UInt64(8 * (8 - length))) << 32
    }

    /// Whether the key holds every byte, so equal keys mean equal strings.
    @inline(__always)
    var isExact: Bool { length <= 16 }

    /// A hash whose high bits depend on every bit of the key (a product's bits
    /// depend only on the bits below them, so tables take the top bits).
    @inline(__always)
    var hash: UInt64 {
      let folded = first ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: length)
      return ((folded ^ (folded >> 32)) &* 0x9E37_79B9_7F4A_7C15)
    }
  }

  private struct Slot {
    var key = Key.empty
    /// The string id + 1; 0 for an empty slot.
    var id: Int32 = 0
  }

  package init() {
    slots = Array(repeating: Slot(), count: 1024)
  }

  /// How many distinct strings there are.
  package var count: Int { keys.count }

  /// The string with id `id`.
  @inlinable @inline(__always) package subscript(id: StringID) -> String {
    String(decoding: storage[starts[Int(id.rawValue)]..<starts[Int(id.rawValue) + 1]], as: UTF8.self)
  }

  /// The first UTF-8 byte of the string with id `id`; nil for the empty string.
  @inlinable @inline(__always) package func firstByte(of id: StringID) -> UInt8? {
    let start = starts[Int(id.rawValue)]
    return start < starts[Int(id.rawValue) + 1] ? storage[start] : nil
  }

  /// The UTF-8 bytes of the string with id `id`.
  func bytes(of id: StringID) -> [UInt8] {
    Array(storage[starts[Int(id.rawValue)]..<starts[Int(id.rawValue) + 1]])
  }

  // MARK: - Interning

  /// The id of `bytes`, adding them on first sight.
  package mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> StringID {
    intern(Self.key(of: bytes), at: bytes.baseAddress)
  }

  /// The id of the string at `base` whose key is `key`, adding it on first sight.
  ///
  /// - Complexity: O(1) expected for strings of up to 16 bytes, O(length) beyond.
  @inline(__always)
  mutating func intern(_ key: Key, at base: UnsafePointer<UInt8>?) -> StringID {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: key.hash >> shift)
    while true {
      let entry = slots[slot]
      if entry.id == 0 { break }
      if entry.key == key, key.isExact || equals(Int(entry.id) - 1, base!, key.length) {
        return StringID(rawValue: entry.id - 1)
      }
      slot = (slot + 1) & mask
    }
    return add(key, at: base, slot: slot)
  }

  private mutating func add(_ key: Key, at base: UnsafePointer<UInt8>?, slot: Int) -> StringID {
    let id = keys.count
    if let base { storage.append(contentsOf: UnsafeBufferPointer(start: base, count: key.length)) }
    starts.append(storage.count)
    keys.append(key)
    slots[slot] = Slot(key: key, id: Int32(id + 1))
    if keys.count * 2 > slots.count { grow() }
    return StringID(rawValue: Int32(id))
  }

  /// The id of `string`, adding it on first sight.
  package mutating func intern(_ string: String) -> StringID {
    var copy = string
    return copy.withUTF8 { intern($0) }
  }

  /// The id of `string` when it was interned, without adding it.
  ///
  /// The probe of ``intern(_:at:)`` without the insertion. The two loops stay apart: one
  /// probe shared by both measured 1.5% more instructions for parsing a trace.
  package func lookup(_ string: String) -> StringID? {
    var copy = string
    return copy.withUTF8 { bytes in
      let key = Self.key(of: bytes)
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: key.hash >> shift)
      while slots[slot].id != 0 {
        let entry = slots[slot]
        if entry.key == key,
          key.isExact || equals(Int(entry.id) - 1, bytes.baseAddress!, key.length)
        {
          return StringID(rawValue: entry.id - 1)
        }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  private static func key(of bytes: UnsafeBufferPointer<UInt8>) -> Key {
    bytes.baseAddress.map { Key($0, count: bytes.count) } ?? .empty
  }

  // MARK: - Storage

  private func equals(_ id: Int, _ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    let start = starts[id]
    guard starts[id + 1] - start == length else { return false }
    return storage.withUnsafeBufferPointer { all in memcmp(all.baseAddress! + start, bytes, length) == 0 }
  }

  private mutating func grow() {
    var bigger = [Slot](repeating: Slot(), count: slots.count * 2)
    shift -= 1
    let mask = bigger.count - 1
    for (id, key) in keys.enumerated() {
      var slot = Int(truncatingIfNeeded: key.hash >> shift)
      while bigger[slot].id != 0 { slot = (slot + 1) & mask }
      bigger[slot] = Slot(key: key, id: Int32(id + 1))
    }
    slots = bigger
  }
}

/// The id of a string in a ``StringTable``.
@usableFromInline package struct StringID: Hashable, Comparable, Sendable {
  @usableFromInline package let rawValue: Int32

  @inlinable @inline(__always) package init(rawValue: Int32) { self.rawValue = rawValue }

  @inlinable @inline(__always) package static func < (lhs: StringID, rhs: StringID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  @inlinable @inline(__always) package static func == (lhs: StringID, rhs: StringID) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  @inlinable @inline(__always) package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
