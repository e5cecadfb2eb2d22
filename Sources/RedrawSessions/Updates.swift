import RedrawReading

/// Writes, grouped into updates, and the evaluations each caused: a part of the session
/// builder's state.
///
/// What made each view update (the evaluations each property's writes caused in each view,
/// needed and over-broad) is counted for ``Session/updates`` and each property's views. A
/// node re-evaluated over and over for writes to one property finds its entry again through
/// its memo, without a table lookup.
struct Updates {
  /// Writes in the session so far.
  var writeCount = 0
  /// The update in progress: writes with no body evaluation, action or mark between them
  /// are one update, as SwiftUI applies a transaction's writes in one pass
  /// (`SessionBuilder+Passes.swift`).
  var updateNumber: Int32 = 0
  /// Whether a body evaluation, an action or a mark came since the last write.
  var stepSinceWrite = true
  /// Evaluations each property's writes caused in each view, needed and over-broad: keys
  /// ``UpdateKey``s in `updateIDs`, counts in `updateCounts` by the same index.
  var updateIDs = DenseIndex()
  var updateCounts: [UpdateCount] = []
  /// Per node, by node index: its last entry in `updateIDs` (see `UpdateMemo`).
  var updateMemos: [UpdateMemo] = []

  /// A body evaluation, an action or a mark: the next write begins an update.
  @inline(__always)
  mutating func beginStep() { stepSinceWrite = true }

  /// The update a write belongs to: the one in progress, or a new one after a step.
  ///
  /// A write made during a body is delivered after the evaluation, with the pass that follows:
  /// it belongs to the next update, which the next write outside a body begins. Until then the
  /// update in progress has a lower number, so an update is earlier than another only when
  /// its number is lower (never compare them for equality).
  @inline(__always)
  mutating func ofWrite(inBody: Bool = false) -> Int32 {
    if inBody {
      stepSinceWrite = true
      return updateNumber &+ 1
    }
    if stepSinceWrite {
      updateNumber &+= 1
      stepSinceWrite = false
    }
    return updateNumber
  }

  /// Counts an evaluation of the node at `index` (a view `view`) caused by `write`, needed or
  /// wasted; `properties` numbers the written property.
  ///
  /// - Returns: The property's index and the entry of the view and property, or nil for a
  ///   property the session never saw read or written.
  @inline(__always)
  mutating func count(
    of index: Int, view: StringID, write: PendingWrite, wasted: Bool, properties: borrowing DenseIndex
  ) -> (property: Int, entry: Int32)? {
    let pair = write.pair
    var memo = updateMemos[index]
    if memo.pair != pair || memo.view != view {
      guard let property = properties.index(of: pair) else { return nil }
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
