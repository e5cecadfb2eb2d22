/// The collectors of the rules that gather facts while a session is built, one field each.
///
/// The session builder holds one value and hands it every fact; it hands each fact to every
/// collector, whose defaults ignore what they do not need. A rule whose findings come from
/// the builder's general reconstruction (initializer groups, properties) has no collector.
/// A test checks that each field is the `Collector` of a registered rule.
struct RuleCollectors: SessionCollector {
  var overBroad = OverBroadInvalidationRule.Collector()
  var wholeModelReads = WholeModelReadRule.Collector()
  var recreations = ModelRecreatedRule.Collector()
  var writesInBodies = WriteDuringBodyRule.Collector()
  var effectsInBodies = SideEffectInBodyRule.Collector()

  @inline(__always)
  mutating func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64]) {
    overBroad.evaluationBegan(evaluation, reason: reason, threads: threads)
    wholeModelReads.evaluationBegan(evaluation, reason: reason, threads: threads)
    recreations.evaluationBegan(evaluation, reason: reason, threads: threads)
    writesInBodies.evaluationBegan(evaluation, reason: reason, threads: threads)
    effectsInBodies.evaluationBegan(evaluation, reason: reason, threads: threads)
  }

  @inline(__always)
  mutating func modelRead(_ evaluation: EvaluationFact, type: StringID, properties: ArraySlice<UInt64>) {
    overBroad.modelRead(evaluation, type: type, properties: properties)
    wholeModelReads.modelRead(evaluation, type: type, properties: properties)
    recreations.modelRead(evaluation, type: type, properties: properties)
    writesInBodies.modelRead(evaluation, type: type, properties: properties)
    effectsInBodies.modelRead(evaluation, type: type, properties: properties)
  }

  @inline(__always)
  mutating func madeInstanceRead(node: Int, type: StringID, slot: Int) {
    overBroad.madeInstanceRead(node: node, type: type, slot: slot)
    wholeModelReads.madeInstanceRead(node: node, type: type, slot: slot)
    recreations.madeInstanceRead(node: node, type: type, slot: slot)
    writesInBodies.madeInstanceRead(node: node, type: type, slot: slot)
    effectsInBodies.madeInstanceRead(node: node, type: type, slot: slot)
  }

  @inline(__always)
  mutating func evaluationEnded(_ evaluation: EvaluationFact, objects: [ObjectState], groups: [InitGroupState]) {
    overBroad.evaluationEnded(evaluation, objects: objects, groups: groups)
    wholeModelReads.evaluationEnded(evaluation, objects: objects, groups: groups)
    recreations.evaluationEnded(evaluation, objects: objects, groups: groups)
    writesInBodies.evaluationEnded(evaluation, objects: objects, groups: groups)
    effectsInBodies.evaluationEnded(evaluation, objects: objects, groups: groups)
  }

  mutating func writeInBody(
    _ evaluation: EvaluationFact, write: PendingWrite, at evidence: Evidence, sample: TrailSample
  ) {
    overBroad.writeInBody(evaluation, write: write, at: evidence, sample: sample)
    wholeModelReads.writeInBody(evaluation, write: write, at: evidence, sample: sample)
    recreations.writeInBody(evaluation, write: write, at: evidence, sample: sample)
    writesInBodies.writeInBody(evaluation, write: write, at: evidence, sample: sample)
    effectsInBodies.writeInBody(evaluation, write: write, at: evidence, sample: sample)
  }

  mutating func effectInBody(_ evaluation: EvaluationFact, effect: EffectFact) {
    overBroad.effectInBody(evaluation, effect: effect)
    wholeModelReads.effectInBody(evaluation, effect: effect)
    recreations.effectInBody(evaluation, effect: effect)
    writesInBodies.effectInBody(evaluation, effect: effect)
    effectsInBodies.effectInBody(evaluation, effect: effect)
  }

  mutating func finish(
    into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
  ) {
    overBroad.finish(into: &session, from: built, names: &names, strings: strings)
    wholeModelReads.finish(into: &session, from: built, names: &names, strings: strings)
    recreations.finish(into: &session, from: built, names: &names, strings: strings)
    writesInBodies.finish(into: &session, from: built, names: &names, strings: strings)
    effectsInBodies.finish(into: &session, from: built, names: &names, strings: strings)
  }
}
