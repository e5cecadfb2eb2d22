import RedrawReading

/// One read of a body evaluation: the object, by its slot in the builder's objects, and the
/// property, in one word, so that sorting an evaluation's reads puts each object's together.
///
/// The property is a name's `StringID` or, for a subscription (`observe`), no property
/// (``ReadKey/subscriptionProperty``), which sorts after the object's real reads.
@usableFromInline package struct ReadKey: Hashable, Comparable {
  /// The slot in the high 32 bits, the property's bits in the low.
  private(set) var rawValue: UInt64

  /// The property of a read key that stands for a subscription: no real property (names
  /// are interned from 0 up), and sorted after an object's real reads.
  package static let subscriptionProperty: Int32 = -1

  @inline(__always)
  package init(slot: Int, property: Int32) {
    rawValue = DenseIndex.key(Int32(truncatingIfNeeded: slot), property)
  }

  @inline(__always)
  package init(slot: Int, property: StringID) { self.init(slot: slot, property: property.rawValue) }

  /// The object's slot.
  @inline(__always)
  package var slot: Int { Int(rawValue >> 32) }

  /// The property's `StringID` raw value, or ``ReadKey/subscriptionProperty``.
  @inline(__always)
  package var property: Int32 { Int32(truncatingIfNeeded: rawValue) }

  /// The lowest key of the object in `slot`: no read of it sorts before.
  @inline(__always)
  package static func lowest(ofSlot slot: Int) -> ReadKey { ReadKey(slot: slot, property: 0) }

  @inline(__always)
  @usableFromInline package static func < (lhs: ReadKey, rhs: ReadKey) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A property of a type, as the properties a node read are kept: one word for a
/// ``DenseIndex``.
package struct MemberKey: Hashable {
  /// The type in the high 32 bits, the property in the low.
  package let rawValue: UInt64

  @inline(__always)
  package init(type: StringID, property: StringID) { rawValue = DenseIndex.key(type.rawValue, property.rawValue) }

  /// A key read back from a ``DenseIndex`` of member keys.
  @inline(__always)
  package init(rawValue: UInt64) { self.rawValue = rawValue }

  @inline(__always)
  package var type: StringID { StringID(rawValue: Int32(truncatingIfNeeded: rawValue >> 32)) }

  @inline(__always)
  package var property: StringID { StringID(rawValue: Int32(truncatingIfNeeded: rawValue)) }
}

/// A written property, by its index in the builder's properties, and a view it made update:
/// the key of what made each view update.
package struct UpdateKey: Hashable {
  /// The property's index in the high 32 bits, the view in the low.
  package let rawValue: UInt64

  @inline(__always)
  package init(property: Int, view: StringID) {
    rawValue = DenseIndex.key(Int32(truncatingIfNeeded: property), view.rawValue)
  }

  /// A key read back from a ``DenseIndex`` of update keys.
  @inline(__always)
  package init(rawValue: UInt64) { self.rawValue = rawValue }

  @inline(__always)
  package var property: Int { Int(rawValue >> 32) }

  @inline(__always)
  package var view: StringID { StringID(rawValue: Int32(truncatingIfNeeded: rawValue)) }
}
