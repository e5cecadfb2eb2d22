import RedrawReading

/// What made each view update: the evaluations each property's writes caused in each view,
/// needed and over-broad, for ``Session/updates`` and each property's views.
///
/// A node re-evaluated over and over for writes to one property finds its entry again
/// through its memo, without a table lookup.
extension SessionBuilder {
  /// Counts an evaluation of node `index` caused by `write`, needed or `wasted`.
  ///
  /// - Returns: The written property's index in `properties` and the entry of the view and
  ///   property in `updateIDs` (``EvaluationFact/causeEntry``), or nil when the property was
  ///   never read or written (a body event's `cause` alone named it): then nothing is counted.
  /// - Complexity: O(1); two table lookups unless the node's last evaluation caused by a
  ///   write was for the same property and view.
  @inline(__always)
  mutating func countUpdate(of index: Int, view: StringID, write: PendingWrite, wasted: Bool) -> (
    property: Int, entry: Int32
  )? {
    let pair = write.pair
    var memo = updateMemos[index]
    if memo.pair != pair || memo.view != view {
      guard let property = propertyIDs.index(of: pair) else { return nil }
      let (entry, inserted) = updateIDs.insert(UpdateKey(property: property, view: view).rawValue)
      if inserted { updateCounts.append(UpdateCount()) }
      memo = UpdateMemo(pair: pair, view: view, entry: Int32(entry), property: Int32(property))
      updateMemos[index] = memo
    }
    if wasted {
      updateCounts[Int(memo.entry)].wasted += 1
    } else {
      updateCounts[Int(memo.entry)].needed += 1
    }
    return (Int(memo.property), memo.entry)
  }
}

/// The evaluations one property's writes caused in one view.
struct UpdateCount {
  var needed = 0
  var wasted = 0
}

/// A node's last entry in the builder's `updateIDs`: the written type and property, the
/// node's view then, the entry and the property's index.
struct UpdateMemo {
  var pair: UInt64 = .max
  var view = StringID(rawValue: -1)
  var entry: Int32 = 0
  var property: Int32 = 0
}
