import RedrawReading

/// Why each body evaluation happened: the cause classification every rule and the plan read.
///
/// A node's read set is what it read in its last evaluation. A write to a property in
/// that set makes the node's next evaluation *needed*; a write to another property of
/// an object it read makes it *over-broad* (object-level invalidation, as with
/// `ObservableObject`, which `@Observable` would not have done). When the node's
/// next evaluation begins, the first matching reason wins, in this order:
///
/// 1. the `cause` the trace gives (`initial`, `state`, `parent`; `write` is checked
///    against the read set like an inferred write, and `parent` gives way to a needed write
///    that changed a value: a view re-created by its parent after a write to a property it
///    read but did not subscribe to is re-evaluated by that write with `@Observable`);
/// 2. a needed write: one that changed a value; or, when every needed write assigned an
///    equal value, the parent's evaluation since if there was one, else *equal value*
///    (`@Observable`, since Swift 6.2, does not notify observers of an `Equatable` property
///    assigned an equal value);
/// 3. an over-broad write, unless the parent re-evaluated for another write in the same update;
/// 4. the parent was evaluated since (parent-driven, or *cascaded* when the parent's
///    own evaluation was wasted: over-broad, of an equal value, an own write's, or cascaded);
/// 5. unknown.
///
/// Before them: a node's first evaluation is *initial*, or *cascaded* when cascaded or
/// own-write evaluations of its parent made every struct of it so far (`struct` events tell). And a
/// needed write that is the node's own, made during its last evaluation, or one to an object
/// a wasted evaluation made, is no reason with `@Observable`: alone, it makes the evaluation
/// *own write* or *cascaded*.
extension SessionBuilder {
  /// Mutating only in name: called from `beginBody`, a non-mutating method would be
  /// handed a copy of the whole builder.
  mutating func evaluationReason(of index: Int, cause event: TraceEvent, parent: ParentFacts?)
    -> EvaluationReason
  {
    // A view whose structs were all made by cascaded or own-write evaluations of its parent
    // (given a model made afresh, it changed branch) would not be there after the move. One
    // an over-broad evaluation mounted shows that evaluation read something the trace does
    // not record: the mount is taken as needed, as it is without `struct` events.
    if nodeTable.nodes[index].summary.evaluations == 0 {
      return structTally.madeOnlyByCascades(nodeTable.nodes[index].summary.node) ? .cascaded : .initial
    }
    // A missed update is added back on its own (``MissedUpdateRule``): its write is no reason
    // for an evaluation of a later update.
    let missed =
      nodeTable.nodes[index].pending.neededMissable
      && (nodeTable.nodes[index].pending.needed?.update ?? .max) < updates.updateNumber
    let pendingNeeded = missed ? nil : nodeTable.nodes[index].pending.needed
    let changed = nodeTable.nodes[index].pending.neededChanges
    let pendingOverBroad = nodeTable.nodes[index].pending.overBroad
    // Writes the view made during its own last evaluation, or to objects an evaluation the
    // move saves made, and no others it read: with `@Observable` they would not have
    // invalidated it (the objects would not exist).
    let savedOnly = nodeTable.nodes[index].pending.neededSavedOnly
    let ofSavedObject = nodeTable.nodes[index].pending.neededOfSavedObject
    func saved(_ write: PendingWrite) -> EvaluationReason { ofSavedObject ? .cascaded : .ownWrite(write) }
    // Whether the parent re-evaluated it: evaluated since, and, where the trace records the
    // structs it made (the harness), made one with new inputs (SwiftUI compares them).
    let parentEvaluated =
      (parent.map { $0.evaluations > nodeTable.nodes[index].parentLink.evaluationsSeen } ?? false)
      && (!nodeTable.nodes[index].structsRecorded || nodeTable.nodes[index].pending.newInputs)
    let fromParent: EvaluationReason = parent?.lastEvaluationWasted == true ? .cascaded : .parent
    switch event.cause {
    case .initial?: return .initial
    case .state?: return .state
    case .parent?:
      // A parent re-created it, but it read a property a write changed since: `@Observable`
      // re-evaluates it for that write (a view reading an object it does not subscribe to),
      // so the evaluation is needed, not cascaded.
      if let needed = pendingNeeded, changed, !savedOnly { return .needed(needed) }
      return fromParent
    case .write?:
      if let needed = pendingNeeded {
        if savedOnly { return parentEvaluated ? fromParent : saved(needed) }
        return changed ? .needed(needed) : parentEvaluated ? fromParent : .equalValue(needed)
      }
      if let object = event.object, let type = event.type, let property = event.property {
        let write = PendingWrite(type: type, property: property)
        let slot = objectTable.objectIDs.index(of: DenseIndex.key(object))
        let wasRead =
          slot.map { nodeTable.nodes[index].readSet.reads.holds(ReadKey(slot: $0, property: property)) } ?? false
        return wasRead ? .needed(write) : .overBroad(pendingOverBroad ?? write)
      }
      return pendingOverBroad.map { .overBroad($0) } ?? .unknown
    case .unknown?, nil:
      // Without a cause: a write to a property the view read comes first. A write to another
      // property of an object it read (it observes the object, as with ObservableObject)
      // comes before its parent when the parent's evaluation came from that same write: the
      // child is usually handed the same object, so its inputs did not change and its own
      // invalidation is the reason, as SwiftUI decides. A parent evaluated for another write
      // re-created the child with new inputs, and an older over-broad write was stale (a
      // property-level run never acts on it). A parent evaluated before later writes did not
      // re-evaluate the child then (it would have, in the same pass): it is no reason now.
      // Writes of an equal value alone would not have invalidated the view with
      // `@Observable`: its parent's evaluation since, if any, is the reason; else they are.
      if let needed = pendingNeeded {
        if savedOnly { return parentEvaluated ? fromParent : saved(needed) }
        return changed ? .needed(needed) : parentEvaluated ? fromParent : .equalValue(needed)
      }
      if let write = pendingOverBroad {
        let sameUpdate = parentEvaluated && parent?.writesBefore == updates.writeCount
        if !sameUpdate || parent?.causeWrite == write.pair { return .overBroad(write) }
      }
      if parentEvaluated { return fromParent }
      return .unknown
    }
  }
}

/// Why a body evaluation happened.
@usableFromInline package enum EvaluationReason {
  case initial, state, parent, cascaded, unknown
  case needed(PendingWrite)
  case overBroad(PendingWrite)
  /// Writes to properties it read, each of which assigned an equal value.
  case equalValue(PendingWrite)
  /// Writes its own last evaluation made, during its body, to properties it read:
  /// `ObservableObject` notifies the writer, `@Observable` does not (Observation registers a
  /// body's observers when the body returns).
  case ownWrite(PendingWrite)

  /// The write that caused the evaluation: needed, over-broad or of an equal value.
  @inline(__always)
  var write: PendingWrite? {
    switch self {
    case .needed(let write), .overBroad(let write), .equalValue(let write), .ownWrite(let write): write
    default: nil
    }
  }

  /// Whether `@Observable` would not have made the evaluation: over-broad, of an equal value,
  /// or for the view's own write during its body.
  @inline(__always)
  var isWasted: Bool {
    switch self {
    case .overBroad, .equalValue, .ownWrite: true
    default: false
    }
  }
}
