import RedrawReading
import RedrawSchema

/// What a rule gathers while the session builder makes its one pass over a session.
///
/// The builder does the reconstruction every rule shares: spans per thread, why each body
/// evaluation happened, read sets and subscriptions, initializer groups, the objects they
/// made. As it goes, it hands the facts it derives to each rule's collector: an evaluation
/// began and why, an evaluation's reads of one instance once they changed, an instance made
/// by an initializer was read, the evaluation ended, a write or an effect inside a body. A
/// collector keeps what its rule reports and writes it into the ``Session`` when the session
/// is finished; the rule then reads it there. A collector lives in its rule's file.
///
/// Every fact has a default that does nothing, so a collector implements only the facts its
/// rule needs. The builder calls collectors through their concrete types
/// (`RuleCollectors`), so a fact a collector ignores costs nothing.
@usableFromInline package protocol SessionCollector {
  init()

  /// An evaluation of a node began, for `reason`. Called for every evaluation, in order.
  mutating func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64])

  /// An evaluation that ended read `properties` (sorted, each a ``ReadKey/property``) of one
  /// instance of `type`. Only when the node's reads changed since its last evaluation: the
  /// same reads tell nothing new.
  mutating func modelRead(_ evaluation: EvaluationFact, type: StringID, properties: ArraySlice<ReadKey>)

  /// An evaluation that ended read the object in `slot`, which an initializer made.
  mutating func madeInstanceRead(node: Int, type: StringID, slot: Int)

  /// An evaluation ended (after its ``modelRead(_:type:properties:)`` and
  /// ``madeInstanceRead(node:type:slot:)`` facts), with what it may read of the instances.
  mutating func evaluationEnded(_ evaluation: EvaluationFact, instances: InstancesView)

  /// A write, made while `evaluation` was open, to an instance some view has read.
  mutating func writeInBody(
    _ evaluation: EvaluationFact, write: PendingWrite, at evidence: Evidence, sample: TrailSample)

  /// An effect started while `evaluation` was open.
  mutating func effectInBody(_ evaluation: EvaluationFact, effect: EffectFact)

  /// `write` changed a property that the node's last finished evaluation read of an object
  /// it did not subscribe to (no `observe` of it in that evaluation).
  mutating func unsubscribedReadWritten(node: Int, write: PendingWrite, threads: [Int64])

  /// The node left the tree during update `update` (an `unmount`): it reads nothing now.
  mutating func nodeUnmounted(node: Int, update: Int32)

  /// When a node of `view` was first made, its initializer assigned the state `property`,
  /// which has an inline default: the value was lost (a `discard`).
  mutating func stateDiscarded(view: StringID, property: StringID, at evidence: Evidence)

  /// Writes what was collected into `session`'s summaries, with names. The builder names
  /// the session's own summaries (nodes, properties, …) beside this, on another thread when
  /// there is one: here a collector reads only what the builder had before naming (its
  /// counts and `built`), and writes only ``Session/summaries``.
  mutating func finish(
    into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable)

  /// Adds what the collector learned of each node to the session's named nodes (by the
  /// index facts use), once ``finish(into:from:names:strings:)`` and the builder's naming
  /// are both done: the one place a collector changes the builder's summaries.
  mutating func annotate(_ nodes: inout [NodeSummary])
}

extension SessionCollector {
  @inlinable package func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64]) {}
  @inlinable package func modelRead(_ evaluation: EvaluationFact, type: StringID, properties: ArraySlice<ReadKey>) {}
  @inlinable package func madeInstanceRead(node: Int, type: StringID, slot: Int) {}
  @inlinable package func evaluationEnded(_ evaluation: EvaluationFact, instances: InstancesView) {}
  @inlinable package func writeInBody(
    _ evaluation: EvaluationFact, write: PendingWrite, at evidence: Evidence, sample: TrailSample
  ) {}
  @inlinable package func effectInBody(_ evaluation: EvaluationFact, effect: EffectFact) {}
  @inlinable package func unsubscribedReadWritten(node: Int, write: PendingWrite, threads: [Int64]) {}
  @inlinable package func nodeUnmounted(node: Int, update: Int32) {}
  @inlinable package func stateDiscarded(view: StringID, property: StringID, at evidence: Evidence) {}
  @inlinable package func annotate(_ nodes: inout [NodeSummary]) {}
}

// MARK: - Facts

/// A body evaluation, as facts name it.
@usableFromInline package struct EvaluationFact {
  /// The node, by index in the builder's nodes (the same index in every fact).
  package var node: Int
  /// The parent node, by index, when the node names one the builder has seen.
  package var parent: Int?
  package var view: StringID
  /// The evaluation's `body` event.
  package var start: Evidence
  /// The thread's `tid`.
  package var thread: Int64
  /// The update during which it began (``SessionBuilder/updateNumber``).
  package var update: Int32 = 0
  /// For an evaluation a write caused (needed, over-broad or of an equal value): the
  /// builder's entry for the node's view and the written property, numbered densely in
  /// order of first sight, so a collector keyed by view and property indexes by it instead
  /// of hashing. -1 otherwise, and when the session never saw the property read or
  /// written (only a `cause` named it).
  package var causeEntry: Int32 = -1
  /// Whether a struct its parent made for it since its last evaluation had a closure among
  /// its inputs: never the same, so the parent's evaluation runs it whatever else it gave.
  package var closureInput = false

  /// The evaluation as a trail sample.
  package func sample(note: String) -> TrailSample {
    TrailSample(kind: .evaluation, name: view, note: note, line: start.line, time: start.time, thread: thread)
  }
}

/// An effect event, as facts name it.
@usableFromInline package struct EffectFact {
  package var kind: EffectKind
  package var detail: StringID?
  package var site: StringID?
  package var evidence: Evidence
  package var sample: TrailSample
}

/// What the builder reconstructed of a finished session, for collectors to name their
/// findings: its nodes, initializer groups and properties, by the indices facts use.
@usableFromInline package struct BuiltSession {
  package var nodes: [NodeState]
  package var groups: [InitGroupState]
  package var properties: [PropertyState]
  /// The objects the session saw, as collectors may read them.
  package var instances: InstancesView
  /// Whether the session recorded a name the recorder could not tell (`<email|password>`):
  /// only then do lists of names need ``AmbiguousNames/collapsed(_:)``.
  package var hasAmbiguousNames = false

  /// `names` as a message lists them: collapsed when the session has ambiguous names.
  package func listed(_ names: [String]) -> [String] { hasAmbiguousNames ? AmbiguousNames.collapsed(names) : names }

  /// The node's id in the trace.
  package func nodeID(_ index: Int) -> Int64 { nodes[index].summary.node }

  /// Properties seen in the session (read or written), by type.
  package func knownProperties() -> [StringID: Int] {
    var known: [StringID: Int] = [:]
    for state in properties { known[state.type, default: 0] += 1 }
    return known
  }
}

/// A view and a property of a type: the key of entries kept per view and property.
package struct ViewPropertyKey: Hashable {
  package var view: StringID
  package var type: StringID
  package var property: StringID

  package init(view: StringID, type: StringID, property: StringID) {
    self.view = view
    self.type = type
    self.property = property
  }

  /// The key in 64 bits: its type and property as one pair id, numbered by `pairs`, and
  /// its view.
  @inline(__always)
  package func packed(pairs: inout DenseIndex) -> UInt64 {
    let pair = pairs.insert(DenseIndex.key(type.rawValue, property.rawValue)).index
    return DenseIndex.key(Int32(pair), view.rawValue)
  }
}
