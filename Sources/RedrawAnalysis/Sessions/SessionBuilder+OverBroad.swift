/// Over-broad evaluations, counted by view and written property.
///
/// A node re-evaluated over and over for writes to one property finds its entry again
/// through its memo, without hashing the view and property twice.
extension SessionBuilder {
  /// The position in `overBroad` of the entry for `write` and node `index`'s view, added
  /// on first sight, and the write's property in `properties`, if it was ever read or
  /// written.
  ///
  /// - Complexity: O(1); two table lookups unless the node's last over-broad evaluation
  ///   was for the same view and property.
  mutating func overBroadEntry(of index: Int, view: StringID, write: PendingWrite, _ evidence: Evidence)
    -> (position: Int, property: Int?)
  {
    let pair = DenseIndex.key(write.type.rawValue, write.property.rawValue)
    let memo = overBroadMemos[index]
    if memo.pair == pair, memo.view == view, memo.property >= 0 {
      return (Int(memo.position), Int(memo.property))
    }
    let property = propertyIDs.index(of: pair)
    let key = OverBroadKey(view: view, type: write.type, property: write.property)
    let position = overBroad.position(of: packed(key), key: key) {
      OverBroadSummaryState(first: evidence, write: write, node: index)
    }
    if position == overBroadCounts.count { overBroadCounts.append(OverBroadCount()) }
    // A property not yet in `properties` is looked up again next time.
    overBroadMemos[index] = OverBroadMemo(
      pair: pair, view: view, position: Int32(position), property: Int32(property ?? -1))
    return (position, property)
  }
}

/// How many evaluations of a view were over-broad for one property, and how many of its
/// descendants' evaluations cascaded from them.
struct OverBroadCount {
  var evaluations = 0
  var cascaded = 0
}

/// A node's last over-broad entry: the written type and property, the node's view then,
/// and where the entry and the property are.
/// A node's last needed-evaluation entry (`neededIDs`), so repeated evaluations of a node for
/// one property count without a lookup.
struct NeededMemo {
  var key: UInt64 = .max
  var entry: Int32 = 0
}

struct OverBroadMemo {
  var pair: UInt64 = .max
  var view = StringID(rawValue: -1)
  var position: Int32 = 0
  var property: Int32 = -1
}
