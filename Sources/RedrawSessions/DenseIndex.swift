import RedrawReading

/// Maps 64-bit keys to dense indices 0, 1, 2, … in order of insertion: the hash table
/// behind the session builder's per-event lookups.
///
/// Up to ``linearLimit`` keys it is a plain array searched from the front: the many
/// small sets of a view node then cost a few compares and no table. Beyond that, keys
/// are hashed with one multiplication (Fibonacci hashing) instead of SipHash and looked
/// up with linear probing in a power-of-two table whose slots hold the key beside its
/// index, so a lookup reads one cache line. Owners keep their values in arrays indexed
/// by the dense index, so a lookup and an update touch no `Hashable` machinery and
/// allocate nothing.
///
/// - Complexity: ``index(of:)`` and ``insert(_:)`` are O(1) amortized; ``removeAll()``
///   is O(count), whatever the table's capacity.
package struct DenseIndex {
  /// Sets this small are searched linearly.
  package static let linearLimit = 8

  /// The keys, by dense index, in `storage[..<count]`; the storage is kept when the
  /// index is emptied, so clearing it is a store.
  private var storage: [UInt64] = []
  private(set) var count = 0
  /// The table: each slot's key and dense index + 1 (0 for an empty slot). Empty while
  /// the set is small.
  private var slots: [Slot] = []
  private var shift: UInt64 = 64

  /// An empty index; it allocates nothing until the first insertion.
  package init() {}

  /// The keys, by dense index.
  package var keys: ArraySlice<UInt64> { storage[..<count] }

  private struct Slot {
    package var key: UInt64 = 0
    package var entry: Int32 = 0
  }

  @inline(__always)
  private func slot(for key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The dense index of `key`, if it was inserted.
  @inline(__always)
  package func index(of key: UInt64) -> Int? {
    if slots.isEmpty { return linearIndex(of: key) }
    let mask = slots.count - 1
    var slot = slot(for: key)
    while true {
      let found = slots[slot]
      if found.entry == 0 { return nil }
      if found.key == key { return Int(found.entry) - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// Whether `key` was inserted.
  @inline(__always)
  package func contains(_ key: UInt64) -> Bool { index(of: key) != nil }

  /// The dense index of `key`, inserting it at the end when new.
  @inline(__always)
  @discardableResult
  package mutating func insert(_ key: UInt64) -> (index: Int, inserted: Bool) {
    if slots.isEmpty {
      if let index = linearIndex(of: key) { return (index, false) }
      append(key)
      if count > Self.linearLimit { rebuildTable(capacity: 4 * Self.linearLimit) }
      return (count - 1, true)
    }
    let mask = slots.count - 1
    var slot = slot(for: key)
    while true {
      let found = slots[slot]
      if found.entry == 0 { break }
      if found.key == key { return (Int(found.entry) - 1, false) }
      slot = (slot + 1) & mask
    }
    append(key)
    slots[slot] = Slot(key: key, entry: Int32(count))
    if count * 2 > slots.count { rebuildTable(capacity: slots.count * 2) }
    return (count - 1, true)
  }

  @inline(__always)
  private func linearIndex(of key: UInt64) -> Int? {
    for index in 0..<count where storage[index] == key { return index }
    return nil
  }

  @inline(__always)
  private mutating func append(_ key: UInt64) {
    if count < storage.count {
      storage[count] = key
    } else {
      storage.append(key)
    }
    count += 1
  }

  /// Forgets every key, keeping the storage of the keys.
  package mutating func removeAll() {
    guard count > 0 else { return }
    if !slots.isEmpty {
      if count * 4 < slots.count {
        // Clear only the slots in use: cheaper than the whole table when it is sparse.
        for key in keys {
          var slot = slot(for: key)
          while slots[slot].entry != 0 {
            slots[slot] = Slot()
            slot = (slot + 1) & (slots.count - 1)
          }
        }
      } else {
        for index in slots.indices { slots[index] = Slot() }
      }
    }
    count = 0
  }

  /// Rehashes every key into a table of `capacity` slots (a power of two).
  private mutating func rebuildTable(capacity: Int) {
    slots = Array(repeating: Slot(), count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    let mask = capacity - 1
    for (index, key) in keys.enumerated() {
      var slot = slot(for: key)
      while slots[slot].entry != 0 { slot = (slot + 1) & mask }
      slots[slot] = Slot(key: key, entry: Int32(index + 1))
    }
  }

  /// Two 32-bit values as one key.
  @inline(__always)
  package static func key(_ high: Int32, _ low: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: high)) << 32 | UInt64(UInt32(bitPattern: low))
  }

  /// A signed 64-bit value as a key.
  @inline(__always)
  package static func key(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) }
}
