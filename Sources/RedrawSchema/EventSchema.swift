/// The schema of one event kind: its keys in the order writers put them, and which of
/// them it requires. ``of(_:)`` is the table of format version 1, generated from the one
/// description of the format, `Sources/redraw-generate/TraceFormat.swift`
/// (`EventSchema+Table.swift`; docs/trace-format.md describes it, and a test holds the two
/// together).
///
/// The rest follows from the table. `LineParser` checks required keys with it. The
/// fast path's pieces are the table written out for speed, each checked against it by a
/// test (`EventSchemaTests`): `FastKey/required(by:)`, `FastKey/next(in:)` and the
/// straight path through the common kinds (`FastLineParser+Order.swift`).
///
/// The table is built of integer operations on constants, so it allocates nothing and
/// the optimizer folds what a parser asks of it.
///
/// - Complexity: O(1) for ``required``; the order is packed five bits a key.
package struct EventSchema {
  /// The keys the kind requires, a bit each by ``EventKey`` raw value.
  package private(set) var required: UInt32 = 0
  /// The keys in writers' order, five bits each, the first in the low bits.
  private var order: UInt64 = 0
  /// How many keys the kind has.
  package private(set) var count = 0

  // MARK: - Questions

  /// The keys in writers' order.
  package var orderedKeys: [EventKey] {
    (0..<count).map { EventKey(rawValue: UInt32(truncatingIfNeeded: order >> UInt64(5 * $0)) & 31)! }
  }

  /// The first key of `missing` (a mask) in writers' order.
  package func first(of missing: UInt32) -> EventKey? {
    orderedKeys.first { missing & $0.bit != 0 }
  }

  // MARK: - Building the table

  @inline(__always)
  func required(_ key: EventKey) -> EventSchema {
    var schema = adding(key)
    schema.required |= key.bit
    return schema
  }

  @inline(__always)
  func optional(_ key: EventKey) -> EventSchema { adding(key) }

  @inline(__always)
  private func adding(_ key: EventKey) -> EventSchema {
    var schema = self
    schema.order |= UInt64(key.rawValue) << UInt64(5 * count)
    schema.count += 1
    return schema
  }
}
