import RedrawReading
import RedrawSessions

/// The builder's one value of every collector (the fields and
/// `RuleCollectorFields/visitEach(_:threads:)` are generated in `RuleRegistry+Generated.swift`):
/// it hands every fact to each collector in turn, and a collector's defaults ignore the facts
/// it does not need. A rule whose findings come from the builder's general reconstruction
/// (initializer groups, properties) has no collector. The analyzer hands this type to the
/// session builder, which knows collectors only by `SessionCollector`.
package struct RuleCollectors: SessionCollector {
  /// The collectors, out of line. The builder holds its collectors as `any SessionCollector`:
  /// a one-word value lies in the existential itself, where the fields would be boxed and the
  /// box checked for uniqueness on every fact (34 M instructions of 2,836 M on the 150 MB
  /// bench trace). A value of this type is used by one builder, one session at a time.
  private final class Storage {
    let fields = UnsafeMutablePointer<RuleCollectorFields>.allocate(capacity: 1)

    init() { fields.initialize(to: RuleCollectorFields()) }

    deinit {
      fields.deinitialize(count: 1)
      fields.deallocate()
    }
  }

  private let storage = Storage()

  /// Every collector, empty.
  package init() {}

  /// Hands `visitor` each collector, in place.
  @inline(__always)
  private func visitEach<Visitor: CollectorVisitor>(_ visitor: inout Visitor, threads: [Int64] = []) {
    storage.fields.pointee.visitEach(&visitor, threads: threads)
  }

  // MARK: - Facts, handed to each collector

  @inline(__always)
  package mutating func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64]) {
    var fact = EvaluationBegan(evaluation: evaluation, reason: reason)
    visitEach(&fact, threads: threads)
  }

  @inline(__always)
  package mutating func modelRead(_ evaluation: EvaluationFact, type: StringID, properties: ArraySlice<ReadKey>) {
    var fact = ModelRead(evaluation: evaluation, type: type, properties: properties)
    visitEach(&fact)
  }

  @inline(__always)
  package mutating func madeInstanceRead(node: Int, type: StringID, slot: Int) {
    var fact = MadeInstanceRead(node: node, type: type, slot: slot)
    visitEach(&fact)
  }

  @inline(__always)
  package mutating func evaluationEnded(_ evaluation: EvaluationFact, instances: InstancesView) {
    var fact = EvaluationEnded(evaluation: evaluation, instances: instances)
    visitEach(&fact)
  }

  package mutating func writeInBody(
    _ evaluation: EvaluationFact, write: PendingWrite, at evidence: Evidence, sample: TrailSample
  ) {
    var fact = WriteInBody(evaluation: evaluation, write: write, evidence: evidence, sample: sample)
    visitEach(&fact)
  }

  package mutating func effectInBody(_ evaluation: EvaluationFact, effect: EffectFact) {
    var fact = EffectInBody(evaluation: evaluation, effect: effect)
    visitEach(&fact)
  }

  package mutating func unsubscribedReadWritten(node: Int, write: PendingWrite, threads: [Int64]) {
    var fact = UnsubscribedReadWritten(node: node, write: write)
    visitEach(&fact, threads: threads)
  }

  package mutating func nodeUnmounted(node: Int, update: Int32) {
    var fact = NodeUnmounted(node: node, update: update)
    visitEach(&fact)
  }

  package mutating func stateDiscarded(view: StringID, property: StringID, at evidence: Evidence) {
    var fact = StateDiscarded(view: view, property: property, evidence: evidence)
    visitEach(&fact)
  }

  package mutating func finish(
    into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
  ) {
    // The visitor holds the only copies while it writes, so neither is copied on write.
    var finish = Finish(
      session: Session(source: "", line: 0), built: built, names: TrailNames(count: 0), strings: copy strings)
    swap(&finish.session, &session)
    swap(&finish.names, &names)
    visitEach(&finish)
    swap(&finish.session, &session)
    swap(&finish.names, &names)
  }

  package mutating func annotate(_ nodes: inout [NodeSummary]) {
    var annotate = Annotate(nodes: [])
    swap(&annotate.nodes, &nodes)
    visitEach(&annotate)
    swap(&annotate.nodes, &nodes)
  }
}

/// What `RuleCollectorFields/visitEach(_:threads:)` hands each collector to: one fact, with the
/// builder's threads.
protocol CollectorVisitor {
  mutating func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64])
}

// MARK: - One visitor per fact

private struct EvaluationBegan: CollectorVisitor {
  let evaluation: EvaluationFact, reason: EvaluationReason
  @inline(__always) func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.evaluationBegan(evaluation, reason: reason, threads: threads)
  }
}

private struct ModelRead: CollectorVisitor {
  let evaluation: EvaluationFact, type: StringID, properties: ArraySlice<ReadKey>
  @inline(__always) func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.modelRead(evaluation, type: type, properties: properties)
  }
}

private struct MadeInstanceRead: CollectorVisitor {
  let node: Int, type: StringID, slot: Int
  @inline(__always) func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.madeInstanceRead(node: node, type: type, slot: slot)
  }
}

private struct EvaluationEnded: CollectorVisitor {
  let evaluation: EvaluationFact, instances: InstancesView
  @inline(__always) func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.evaluationEnded(evaluation, instances: instances)
  }
}

private struct WriteInBody: CollectorVisitor {
  let evaluation: EvaluationFact, write: PendingWrite, evidence: Evidence, sample: TrailSample
  func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.writeInBody(evaluation, write: write, at: evidence, sample: sample)
  }
}

private struct EffectInBody: CollectorVisitor {
  let evaluation: EvaluationFact, effect: EffectFact
  func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.effectInBody(evaluation, effect: effect)
  }
}

private struct UnsubscribedReadWritten: CollectorVisitor {
  let node: Int, write: PendingWrite
  func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.unsubscribedReadWritten(node: node, write: write, threads: threads)
  }
}

private struct NodeUnmounted: CollectorVisitor {
  let node: Int, update: Int32
  func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.nodeUnmounted(node: node, update: update)
  }
}

private struct StateDiscarded: CollectorVisitor {
  let view: StringID, property: StringID, evidence: Evidence
  func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.stateDiscarded(view: view, property: property, at: evidence)
  }
}

private struct Finish: CollectorVisitor {
  var session: Session, built: BuiltSession, names: TrailNames, strings: StringTable
  package mutating func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.finish(into: &session, from: built, names: &names, strings: strings)
  }
}

private struct Annotate: CollectorVisitor {
  var nodes: [NodeSummary]
  package mutating func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
    collector.annotate(&nodes)
  }
}
