/// Maps 64-bit keys to dense indices 0, 1, 2, … in order of insertion: the hash table
/// behind the session builder's per-event lookups.
///
/// Up to ``linearLimit`` keys it is a plain array searched from the front: the many
/// small sets of a view node (what one evaluation read) then cost a few compares and
/// no table. Beyond that, keys are hashed with one multiplication (Fibonacci hashing)
/// instead of SipHash and looked up with linear probing in a power-of-two table of
/// 32-bit indices. Owners keep their values in arrays indexed by the dense index, so a
/// lookup and an update touch no `Hashable` machinery and allocate nothing.
///
/// - Complexity: ``index(of:)`` and ``insert(_:)`` are O(1) amortized; ``removeAll()``
///   is O(count), whatever the table's capacity.
struct DenseIndex {
  /// Sets this small are searched linearly.
  static let linearLimit = 8

  /// The keys, by dense index.
  private(set) var keys: [UInt64] = []
  /// Dense index + 1 per slot; 0 is empty. Empty while the set is small.
  private var slots: [Int32] = []
  private var shift: UInt64 = 64

  /// An empty index; it allocates nothing until the first insertion.
  init() {}

  var count: Int { keys.count }

  @inline(__always)
  private func slot(for key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The dense index of `key`, if it was inserted.
  @inline(__always)
  func index(of key: UInt64) -> Int? {
    if slots.isEmpty { return keys.firstIndex(of: key) }
    let mask = slots.count - 1
    var slot = slot(for: key)
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if keys[Int(entry) - 1] == key { return Int(entry) - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// Whether `key` was inserted.
  @inline(__always)
  func contains(_ key: UInt64) -> Bool { index(of: key) != nil }

  /// The dense index of `key`, inserting it at the end when new.
  @inline(__always)
  @discardableResult
  mutating func insert(_ key: UInt64) -> (index: Int, inserted: Bool) {
    if slots.isEmpty {
      if let index = keys.firstIndex(of: key) { return (index, false) }
      keys.append(key)
      if keys.count > Self.linearLimit { rebuildTable(capacity: 4 * Self.linearLimit) }
      return (keys.count - 1, true)
    }
    let mask = slots.count - 1
    var slot = slot(for: key)
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      if keys[Int(entry) - 1] == key { return (Int(entry) - 1, false) }
      slot = (slot + 1) & mask
    }
    keys.append(key)
    slots[slot] = Int32(keys.count)
    if keys.count * 2 > slots.count { rebuildTable(capacity: slots.count * 2) }
    return (keys.count - 1, true)
  }

  /// Forgets every key, keeping the storage of the keys.
  mutating func removeAll() {
    guard !keys.isEmpty else { return }
    if !slots.isEmpty {
      if keys.count * 4 < slots.count {
        // Clear only the slots in use: cheaper than the whole table when it is sparse.
        for key in keys {
          var slot = slot(for: key)
          while slots[slot] != 0 {
            slots[slot] = 0
            slot = (slot + 1) & (slots.count - 1)
          }
        }
      } else {
        for index in slots.indices { slots[index] = 0 }
      }
    }
    keys.removeAll(keepingCapacity: true)
  }

  /// Rehashes every key into a table of `capacity` slots (a power of two).
  private mutating func rebuildTable(capacity: Int) {
    slots = Array(repeating: 0, count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    let mask = capacity - 1
    for (index, key) in keys.enumerated() {
      var slot = slot(for: key)
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  /// Two 32-bit values as one key.
  @inline(__always)
  static func key(_ high: Int32, _ low: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: high)) << 32 | UInt64(UInt32(bitPattern: low))
  }

  /// A signed 64-bit value as a key.
  @inline(__always)
  static func key(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) }
}
