import CRedrawPlatform
import RedrawPlatform

/// A map from a pair of addresses (a type, and a property's name or key path) to the
/// interned names an `@Observable` model's events carry, read without a lock.
///
/// The recording path of an observable model looks its names up here on every event;
/// ``ObservablePropertyNames`` adds an entry once it has named a property. Entries are
/// never changed or removed, and a table past half full is copied into one twice its size
/// while the old one is kept (a reader may still be probing it), so a reader takes no lock:
/// it loads the table's address, then each slot's key with acquire ordering, which makes
/// the slot's other words, written before the key, visible.
///
/// Keys must stay unique for the life of the process: type metadata and string literals
/// do, and key path objects do once the caller retains them.
///
/// - Complexity: a lookup is O(1): a hash and, with the table at most half full, a probe
///   or two.
final class PropertyNameCache: Sendable {
  /// The address of the current table (`RedrawNameCache.h`): its mask, then `mask + 1` slots
  /// of three words (key, type, value); a key of 0 marks an empty slot.
  private let current: AtomicInt
  /// Entries in the current table and the tables it replaced, changed under the lock.
  private let writer = Locked(Writer())

  private struct Writer {
    var count = 0
    /// Tables a larger one replaced: kept, because a reader may still be reading them.
    var retired: [UnsafeMutablePointer<Int64>] = []
  }

  /// Whether the cache publishes its table in `redraw_name_table_storage` (the process-wide
  /// one), where the recording path finds it with one load (`redraw_name_find`).
  private let publishesTable: Bool

  /// A table of `capacity` slots; `capacity` a power of two.
  init(capacity: Int = 64, publishesTable: Bool = false) {
    let table = Self.makeTable(capacity: capacity)
    current = AtomicInt(Int64(Int(bitPattern: table)))
    self.publishesTable = publishesTable
    if publishesTable { redraw_publish_name_table(table) }
  }

  deinit {
    // Only tests make caches other than the process-wide one.
    Self.table(current.load()).deallocate()
    writer.withLock { writer in
      for table in writer.retired { table.deallocate() }
    }
  }

  // MARK: - Reading

  /// The value stored for `type` and `key` in the process-wide cache, or nil: its table is
  /// found with one load of a C global, without touching the cache object (a `static let`,
  /// whose every read checks its lazy initialization).
  @inline(__always)
  static func sharedValue(type: UInt, key: UInt) -> Int64? {
    redraw_name_find(UInt64(type), UInt64(key)).map(redraw_name_slot_value)
  }

  /// The value stored for `type` and `key`, or nil.
  @inline(__always)
  func value(type: UInt, key: UInt) -> Int64? {
    redraw_name_find_in(Self.table(current.load()), UInt64(type), UInt64(key)).map(redraw_name_slot_value)
  }

  /// The entries.
  var count: Int { writer.withLock { $0.count } }

  // MARK: - Writing

  /// Stores `value` for `type` and `key` (a key of 0 is never stored), unless they have one.
  func insert(type: UInt, key: UInt, value: Int64) {
    guard key != 0, self.value(type: type, key: key) == nil else { return }
    writer.withLock { writer in
      guard self.value(type: type, key: key) == nil else { return }
      var table = Self.table(current.load())
      let capacity = Int(table.pointee) + 1
      if (writer.count + 1) * 2 > capacity {
        let larger = Self.makeTable(capacity: capacity * 2)
        Self.forEachEntry(of: table) { Self.place(type: $0, key: $1, value: $2, in: larger) }
        writer.retired.append(table)
        table = larger
        current.store(Int64(Int(bitPattern: larger)))
        if publishesTable { redraw_publish_name_table(larger) }
      }
      Self.place(
        type: Int64(truncatingIfNeeded: UInt64(type)), key: Int64(truncatingIfNeeded: UInt64(key)), value: value,
        in: table)
      writer.count += 1
    }
  }

  // MARK: - Tables

  private static func makeTable(capacity: Int) -> UnsafeMutablePointer<Int64> {
    let table = UnsafeMutablePointer<Int64>.allocate(capacity: 1 + capacity * 3)
    table.initialize(repeating: 0, count: 1 + capacity * 3)
    table.pointee = Int64(capacity - 1)
    return table
  }

  @inline(__always)
  private static func table(_ bits: Int64) -> UnsafeMutablePointer<Int64> {
    UnsafeMutablePointer(bitPattern: Int(truncatingIfNeeded: bits))!
  }

  /// Writes an entry into the first free slot of its chain: type and value first, then the
  /// key with release ordering, which publishes them.
  private static func place(type: Int64, key: Int64, value: Int64, in table: UnsafeMutablePointer<Int64>) {
    let mask = UInt64(table.pointee)
    var index = Int(redraw_name_slot(UInt64(bitPattern: type), UInt64(bitPattern: key), mask))
    while redraw_atomic_load_relaxed(table + 1 + index * 3) != 0 { index = (index + 1) & Int(mask) }
    let slot = table + 1 + index * 3
    redraw_atomic_store_relaxed(slot + 1, type)
    redraw_atomic_store_relaxed(slot + 2, value)
    redraw_atomic_store(slot, key)
  }

  private static func forEachEntry(of table: UnsafeMutablePointer<Int64>, _ body: (Int64, Int64, Int64) -> Void) {
    for index in 0...Int(table.pointee) {
      let slot = table + 1 + index * 3
      let key = redraw_atomic_load_relaxed(slot)
      if key != 0 { body(redraw_atomic_load_relaxed(slot + 1), key, redraw_atomic_load_relaxed(slot + 2)) }
    }
  }
}
