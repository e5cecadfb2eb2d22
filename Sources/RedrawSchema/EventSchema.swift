/// The schema of one event kind: its keys in the order writers put them, and which of
/// them it requires. ``of(_:)`` is the table of format version 1, the one place the
/// schema is written (docs/trace-format.md describes it; a test holds the two together).
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

  // MARK: - The table

  /// The schema of `kind`.
  ///
  /// Every event but `meta` begins with `e`, `t` and `tid`; `lost` requires neither of
  /// the last two, and a kind this reader does not know only its `e`.
  @inline(__always)
  package static func of(_ kind: EventKind) -> EventSchema {
    let common = EventSchema().required(.e).required(.t).required(.tid)
    switch kind {
    case .meta:
      return EventSchema().required(.e).required(.format).required(.version)
        .optional(.app).optional(.startedAt).optional(.scenario).optional(.session).optional(.swiftUI)
    case .body:
      return common.required(.id).required(.view).required(.node).optional(.parent).optional(.cause)
        .optional(.obj).optional(.type).optional(.prop).optional(.site)
    case .`init`: return common.required(.id).required(.type).optional(.site).optional(.owner)
    case .end: return common.required(.id).optional(.obj)
    case .read: return common.required(.obj).required(.type).required(.prop)
    case .write: return common.required(.obj).required(.type).required(.prop).optional(.site).optional(.same)
    case .effect: return common.required(.kind).optional(.detail).optional(.site)
    case .`deinit`: return common.required(.obj).required(.type)
    case .mark: return common.required(.name)
    case .lost: return EventSchema().required(.e).optional(.t).optional(.tid).optional(.count)
    case .action: return common.required(.id).required(.name).optional(.node).optional(.binding)
    case .observe: return common.required(.obj).required(.type).optional(.detail)
    case .`struct`: return common.required(.view).required(.node).optional(.parent).optional(.same)
    case .unmount: return common.required(.view).required(.node)
    case .bind: return common.required(.obj).required(.type).optional(.prop)
    case .unknown: return EventSchema().required(.e)
    }
  }

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
  private func required(_ key: EventKey) -> EventSchema {
    var schema = adding(key)
    schema.required |= key.bit
    return schema
  }

  @inline(__always)
  private func optional(_ key: EventKey) -> EventSchema { adding(key) }

  @inline(__always)
  private func adding(_ key: EventKey) -> EventSchema {
    var schema = self
    schema.order |= UInt64(key.rawValue) << UInt64(5 * count)
    schema.count += 1
    return schema
  }
}
