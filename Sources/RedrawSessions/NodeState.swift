import RedrawReading

/// What the builder knows of one view node.
package struct NodeState {
  package var summary: NodeSummary
  package var view: StringID
  /// The `site` of its first `body` event that recorded one.
  package var site: StringID?
  package var lastEvaluationWasted = false
  /// Whether its last evaluation was wasted and may still have shown something new: cascaded
  /// (new inputs, such as a model made afresh) or for its own write. An over-broad or
  /// equal-value evaluation read nothing that changed, so what it shows is what it showed.
  package var lastEvaluationCascaded = false
  /// How many evaluations of this node are open (more than one only in odd traces).
  package var openEvaluations: Int32 = 0
  /// What its evaluations read.
  package var readSet = NodeReads()
  /// The writes since its last evaluation that may cause the next.
  package var pending = PendingInvalidation()
  /// Its parent, and what it saw of the parent's evaluations.
  package var parentLink = ParentLink()
  /// Whether the trace records the structs made for it (`struct` events): then a parent's
  /// evaluation re-evaluates it only when one came with new inputs (`pending.newInputs`).
  package var structsRecorded = false
  /// The objects' types it subscribed to, and how (`observe` events' `detail`), in order.
  package var holdings: [NodeHolding] = []

  package init(node: Int64, view: StringID, first: Evidence) {
    self.view = view
    summary = NodeSummary(node: node, view: "", first: first)
  }

  /// Evaluations per time bucket, only the buckets that have any, in order; the bucket
  /// of the last evaluation is counted apart (the builder's `openBuckets`) until closed.
  package var timeline: [NodeSummary.TimelineBucket] = []

  /// Keeps `site` when the node has none yet (in place: no copy of the node).
  package mutating func noteSite(_ site: StringID) {
    if self.site == nil { self.site = site }
  }

  /// Adds the evaluations counted in `bucket` to the timeline (nothing when it has none).
  ///
  /// - Complexity: O(1) for buckets in time order; else O(buckets), at most 64.
  package mutating func addToTimeline(_ bucket: NodeSummary.TimelineBucket) {
    guard bucket.evaluations > 0 else { return }
    // Room for every bucket at once: grown one append at a time, a timeline was
    // reallocated and copied as often as it doubled.
    if timeline.isEmpty { timeline.reserveCapacity(NodeSummary.timelineBuckets) }
    if let last = timeline.indices.last, timeline[last].index < bucket.index {
      timeline.append(bucket)
    } else if let position = timeline.firstIndex(where: { $0.index >= bucket.index }) {
      if timeline[position].index == bucket.index {
        timeline[position].evaluations += bucket.evaluations
        timeline[position].wasted += bucket.wasted
      } else {
        timeline.insert(bucket, at: position)
      }
    } else {
      timeline.append(bucket)
    }
  }

  /// Merges pairs of buckets when the bucket width doubles, in place.
  package mutating func halveTimeline() {
    var kept = 0
    for position in timeline.indices {
      var entry = timeline[position]
      entry.index /= 2
      if kept > 0, timeline[kept - 1].index == entry.index {
        timeline[kept - 1].evaluations += entry.evaluations
        timeline[kept - 1].wasted += entry.wasted
      } else {
        timeline[kept] = entry
        kept += 1
      }
    }
    timeline.removeLast(timeline.count - kept)
  }

  package mutating func record(_ reason: EvaluationReason) {
    summary.evaluations += 1
    lastEvaluationWasted = false
    lastEvaluationCascaded = false
    switch reason {
    case .initial: summary.initial += 1
    case .state: summary.state += 1
    case .parent: summary.parentDriven += 1
    case .unknown: summary.unknown += 1
    case .needed: summary.needed += 1
    case .cascaded:
      summary.cascaded += 1
      lastEvaluationWasted = true
      lastEvaluationCascaded = true
    case .overBroad:
      summary.overBroad += 1
      lastEvaluationWasted = true
    case .equalValue:
      summary.equalValue += 1
      lastEvaluationWasted = true
    case .ownWrite:
      summary.ownWrite += 1
      lastEvaluationWasted = true
      lastEvaluationCascaded = true
    }
  }
}

/// What a node's evaluations read: a part of ``NodeState``.
package struct NodeReads {
  /// What the last finished evaluation read, sorted.
  package var reads: [ReadKey] = []
  /// What the last finished evaluation read, in the order it read it (repeats kept): an
  /// evaluation that reads the same is not sorted again.
  package var readsAsMade: [ReadKey] = []
  /// The builder's `objectResets` when `reads` was last settled.
  package var readsStamp = -1
  /// Object slots whose `readers` list this node (dropped lazily); touched only on the
  /// first read of an object in an evaluation.
  package var indexedObjects: Set<Int32> = []
  /// Every property read over all evaluations, by ``MemberKey``.
  package var properties = DenseIndex()

  /// Forgets what the node read: it left the tree, or came back as a new identity.
  package mutating func forget() {
    reads.removeAll()
    readsAsMade.removeAll()
    readsStamp = -1
  }
}

/// The writes since a node's last evaluation that may cause its next one: a part of
/// ``NodeState``, cleared when an evaluation begins.
package struct PendingInvalidation {
  /// A write to a property the node read.
  package var needed: PendingWrite?
  /// Whether a pending needed write changed a value (not all were of an equal value).
  package var neededChanges = false
  /// Whether the pending needed write is of an object the node reads without subscribing to
  /// it: if the node is next evaluated in a later update, it missed that update (which the
  /// what-if adds back), and the writes of the evaluation's own update are its reason.
  package var neededMissable = false
  /// Whether every pending needed write is one `@Observable` would not deliver: made during
  /// the node's own evaluation (``EvaluationReason/ownWrite(_:)``), or to an object an
  /// evaluation the move saves made.
  package var neededSavedOnly = false
  /// Whether one of them was to an object a saved evaluation made: the evaluation is then
  /// cascaded from that one.
  package var neededOfSavedObject = false
  /// A write to another property of an object the node read.
  package var overBroad: PendingWrite?
  /// Whether a struct with new inputs was made for it since its last evaluation.
  package var newInputs = false
  /// Whether one of them had a closure among its inputs (`"closure":true`).
  package var closureInput = false

  /// Forgets the pending writes: an evaluation began, or the node left the tree.
  @inline(__always)
  package mutating func forgetWrites() {
    needed = nil
    neededChanges = false
    neededMissable = false
    neededSavedOnly = false
    neededOfSavedObject = false
    overBroad = nil
  }
}

/// A node's parent and what the node saw of it: a part of ``NodeState``.
package struct ParentLink {
  /// The parent's index among the builder's nodes, once seen.
  package var index: Int?
  /// The parent's evaluation count when this node last evaluated.
  package var evaluationsSeen = 0
  /// The parent's evaluations when this node was first evaluated: the parent's later ones
  /// re-created its struct (what the plan infers where the trace has no `struct` events).
  package var evaluationsAtFirst = 0
  /// The parent's evaluations the migration saves, then.
  package var savedAtFirst = 0
}

extension [ReadKey] {
  /// Whether the sorted array holds `key`.
  ///
  /// Called on a node's reads in place (`nodes[i].reads.holds(key)`): a method of the
  /// node itself would copy the whole node out of the array first.
  ///
  /// - Complexity: O(log n).
  package func holds(_ key: ReadKey) -> Bool {
    let position = lowerBound(key)
    return position < count && self[position] == key
  }

  /// Whether the sorted read keys hold one of the object in `slot`.
  package func holdsObject(_ slot: Int) -> Bool {
    let position = lowerBound(.lowest(ofSlot: slot))
    return position < count && self[position].slot == slot
  }

  /// The first position whose element is not less than `value` (the array is sorted).
  package func lowerBound(_ value: ReadKey) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// A type a node subscribed to and the wrapper's name (`observe` events' `detail`).
package struct NodeHolding {
  package var type: StringID
  package var wrapper: StringID?
  /// Its first `observe` event.
  package var first: Evidence
  /// How many properties of the type record their accesses, as an `observe` event's `count`
  /// said (0 when none did).
  package var recordedProperties: Int64 = 0
}
