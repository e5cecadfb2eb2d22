/// The builder's one value of every collector (the fields and ``visitEach(_:threads:objects:groups:)``
/// are generated in `RuleRegistry+Generated.swift`): it hands every fact to each collector in
/// turn, and a collector's defaults ignore the facts it does not need. A rule whose findings
/// come from the builder's general reconstruction (initializer groups, properties) has no
/// collector.
extension RuleCollectors: SessionCollector {
  // MARK: - Facts, handed to each collector

  @inline(__always)
  mutating func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64]) {
    var fact = EvaluationBegan(evaluation: evaluation, reason: reason)
    visitEach(&fact, threads: threads)
  }

  @inline(__always)
  mutating func modelRead(_ evaluation: EvaluationFact, type: StringID, properties: ArraySlice<ReadKey>) {
    var fact = ModelRead(evaluation: evaluation, type: type, properties: properties)
    visitEach(&fact)
  }

  @inline(__always)
  mutating func madeInstanceRead(node: Int, type: StringID, slot: Int) {
    var fact = MadeInstanceRead(node: node, type: type, slot: slot)
    visitEach(&fact)
  }

  @inline(__always)
  mutating func evaluationEnded(_ evaluation: EvaluationFact, objects: [ObjectState], groups: [InitGroupState]) {
    var fact = EvaluationEnded(evaluation: evaluation)
    visitEach(&fact, objects: objects, groups: groups)
  }

  mutating func writeInBody(
    _ evaluation: EvaluationFact, write: PendingWrite, at evidence: Evidence, sample: TrailSample
  ) {
    var fact = WriteInBody(evaluation: evaluation, write: write, evidence: evidence, sample: sample)
    visitEach(&fact)
  }

  mutating func effectInBody(_ evaluation: EvaluationFact, effect: EffectFact) {
    var fact = EffectInBody(evaluation: evaluation, effect: effect)
    visitEach(&fact)
  }

  mutating func unsubscribedReadWritten(node: Int, write: PendingWrite, threads: [Int64]) {
    var fact = UnsubscribedReadWritten(node: node, write: write)
    visitEach(&fact, threads: threads)
  }

  mutating func nodeUnmounted(node: Int, update: Int32) {
    var fact = NodeUnmounted(node: node, update: update)
    visitEach(&fact)
  }

  mutating func finish(
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

  mutating func annotate(_ nodes: inout [NodeSummary]) {
    var annotate = Annotate(nodes: [])
    swap(&annotate.nodes, &nodes)
    visitEach(&annotate)
    swap(&annotate.nodes, &nodes)
  }
}

/// What ``RuleCollectors/visitEach(_:threads:objects:groups:)`` hands each collector to: one
/// fact, with the builder's arrays it may read.
protocol CollectorVisitor {
  mutating func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState])
}

// MARK: - One visitor per fact

private struct EvaluationBegan: CollectorVisitor {
  let evaluation: EvaluationFact, reason: EvaluationReason
  @inline(__always) func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.evaluationBegan(evaluation, reason: reason, threads: threads) }
}

private struct ModelRead: CollectorVisitor {
  let evaluation: EvaluationFact, type: StringID, properties: ArraySlice<ReadKey>
  @inline(__always) func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.modelRead(evaluation, type: type, properties: properties) }
}

private struct MadeInstanceRead: CollectorVisitor {
  let node: Int, type: StringID, slot: Int
  @inline(__always) func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.madeInstanceRead(node: node, type: type, slot: slot) }
}

private struct EvaluationEnded: CollectorVisitor {
  let evaluation: EvaluationFact
  @inline(__always) func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.evaluationEnded(evaluation, instances: InstancesView(objects: objects, groups: groups)) }
}

private struct WriteInBody: CollectorVisitor {
  let evaluation: EvaluationFact, write: PendingWrite, evidence: Evidence, sample: TrailSample
  func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.writeInBody(evaluation, write: write, at: evidence, sample: sample) }
}

private struct EffectInBody: CollectorVisitor {
  let evaluation: EvaluationFact, effect: EffectFact
  func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.effectInBody(evaluation, effect: effect) }
}

private struct UnsubscribedReadWritten: CollectorVisitor {
  let node: Int, write: PendingWrite
  func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.unsubscribedReadWritten(node: node, write: write, threads: threads) }
}

private struct NodeUnmounted: CollectorVisitor {
  let node: Int, update: Int32
  func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.nodeUnmounted(node: node, update: update) }
}

private struct Finish: CollectorVisitor {
  var session: Session, built: BuiltSession, names: TrailNames, strings: StringTable
  mutating func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.finish(into: &session, from: built, names: &names, strings: strings) }
}

private struct Annotate: CollectorVisitor {
  var nodes: [NodeSummary]
  mutating func visit<Collector: SessionCollector>(
    _ collector: inout Collector, threads: [Int64], objects: [ObjectState], groups: [InitGroupState]
  ) { collector.annotate(&nodes) }
}
