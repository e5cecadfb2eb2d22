/// One read of a body evaluation: the object, by its slot in the builder's objects, and the
/// property, in one word, so that sorting an evaluation's reads puts each object's together.
///
/// The property is a name's `StringID` or, for a subscription (`observe`), no property
/// (``SessionBuilder/subscriptionProperty``), which sorts after the object's real reads.
struct ReadKey: Hashable, Comparable {
  /// The slot in the high 32 bits, the property's bits in the low.
  private(set) var rawValue: UInt64

  @inline(__always)
  init(slot: Int, property: Int32) {
    rawValue = DenseIndex.key(Int32(truncatingIfNeeded: slot), property)
  }

  @inline(__always)
  init(slot: Int, property: StringID) { self.init(slot: slot, property: property.rawValue) }

  /// The object's slot.
  @inline(__always)
  var slot: Int { Int(rawValue >> 32) }

  /// The property's `StringID` raw value, or ``SessionBuilder/subscriptionProperty``.
  @inline(__always)
  var property: Int32 { Int32(truncatingIfNeeded: rawValue) }

  /// The lowest key of the object in `slot`: no read of it sorts before.
  @inline(__always)
  static func lowest(ofSlot slot: Int) -> ReadKey { ReadKey(slot: slot, property: 0) }

  @inline(__always)
  static func < (lhs: ReadKey, rhs: ReadKey) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A property of a type, as the properties a node read are kept: one word for a
/// ``DenseIndex``.
struct MemberKey: Hashable {
  /// The type in the high 32 bits, the property in the low.
  let rawValue: UInt64

  @inline(__always)
  init(type: StringID, property: StringID) { rawValue = DenseIndex.key(type.rawValue, property.rawValue) }

  /// A key read back from a ``DenseIndex`` of member keys.
  @inline(__always)
  init(rawValue: UInt64) { self.rawValue = rawValue }

  @inline(__always)
  var type: StringID { StringID(rawValue: Int32(truncatingIfNeeded: rawValue >> 32)) }

  @inline(__always)
  var property: StringID { StringID(rawValue: Int32(truncatingIfNeeded: rawValue)) }
}

/// A written property, by its index in the builder's properties, and a view it made update:
/// the key of what made each view update.
struct UpdateKey: Hashable {
  /// The property's index in the high 32 bits, the view in the low.
  let rawValue: UInt64

  @inline(__always)
  init(property: Int, view: StringID) { rawValue = DenseIndex.key(Int32(truncatingIfNeeded: property), view.rawValue) }

  /// A key read back from a ``DenseIndex`` of update keys.
  @inline(__always)
  init(rawValue: UInt64) { self.rawValue = rawValue }

  @inline(__always)
  var property: Int { Int(rawValue >> 32) }

  @inline(__always)
  var view: StringID { StringID(rawValue: Int32(truncatingIfNeeded: rawValue)) }
}
