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
/// Lookups hash the bytes where they lie in the read buffer, so a name that was seen
/// before costs a hash and a compare, and no `String` is made until a report asks.
///
/// - Complexity: ``intern(_:)`` is O(length) amortized; memory grows with the number
///   of distinct strings, not with the number of events.
public struct StringTable: Sendable {
  /// The bytes of every string, back to back.
  private var storage: [UInt8] = []
  /// Where each string starts in `storage`; string `i` ends where `i + 1` starts.
  private var starts: [Int] = [0]
  /// Open-addressing slots: 0 is empty, otherwise the string id + 1.
  private var slots: [Int32]
  private var hashes: [UInt32] = []

  public init() {
    slots = Array(repeating: 0, count: 1024)
  }

  /// How many distinct strings there are.
  public var count: Int { hashes.count }

  /// The string with id `id`.
  public subscript(id: StringID) -> String {
    String(decoding: storage[starts[Int(id.rawValue)]..<starts[Int(id.rawValue) + 1]], as: UTF8.self)
  }

  /// The UTF-8 bytes of the string with id `id`.
  func bytes(of id: StringID) -> [UInt8] {
    Array(storage[starts[Int(id.rawValue)]..<starts[Int(id.rawValue) + 1]])
  }

  /// The id of `bytes`, adding them on first sight.
  public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> StringID {
    let hash = Self.hash(bytes)
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      let id = Int(entry - 1)
      if hashes[id] == hash, equals(id, bytes) { return StringID(rawValue: Int32(id)) }
      slot = (slot + 1) & mask
    }
    let id = hashes.count
    storage.append(contentsOf: bytes)
    starts.append(storage.count)
    hashes.append(hash)
    slots[slot] = Int32(id + 1)
    if hashes.count * 2 > slots.count { grow() }
    return StringID(rawValue: Int32(id))
  }

  /// The id of `string`, adding it on first sight.
  public mutating func intern(_ string: String) -> StringID {
    var copy = string
    return copy.withUTF8 { intern($0) }
  }

  /// The id of `string` when it was interned, without adding it.
  public func lookup(_ string: String) -> StringID? {
    var copy = string
    return copy.withUTF8 { bytes in
      let hash = Self.hash(bytes)
      let mask = slots.count - 1
      var slot = Int(hash) & mask
      while slots[slot] != 0 {
        let id = Int(slots[slot] - 1)
        if hashes[id] == hash, equals(id, bytes) { return StringID(rawValue: Int32(id)) }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  // MARK: - Hashing

  private func equals(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = starts[id]
    let length = starts[id + 1] - start
    guard length == bytes.count else { return false }
    return storage.withUnsafeBufferPointer { all in
      guard length > 0 else { return true }
      return memcmp(all.baseAddress! + start, bytes.baseAddress!, length) == 0
    }
  }

  private mutating func grow() {
    var bigger = [Int32](repeating: 0, count: slots.count * 2)
    let mask = bigger.count - 1
    for (id, hash) in hashes.enumerated() {
      var slot = Int(hash) & mask
      while bigger[slot] != 0 { slot = (slot + 1) & mask }
      bigger[slot] = Int32(id + 1)
    }
    slots = bigger
  }

  /// A multiplicative hash over eight bytes at a time: names are short, so this is a
  /// few instructions per string.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
    guard let base = bytes.baseAddress else { return UInt32(truncatingIfNeeded: hash) }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
      hash ^= hash >> 29
      offset += 8
    }
    if offset < bytes.count {
      var word: UInt64 = 0
      for index in offset..<bytes.count { word |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
      hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
      hash ^= hash >> 29
    }
    return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}

/// The id of a string in a ``StringTable``.
public struct StringID: Hashable, Comparable, Sendable {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  public static func < (lhs: StringID, rhs: StringID) -> Bool { lhs.rawValue < rhs.rawValue }
}
