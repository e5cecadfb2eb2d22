import RedrawReading

/// Initializer spans, the objects they produce, effects and releases.
///
/// Initializer runs are grouped by type, site and owner: the runs of one
/// `@State private var model = Trace.make(Model())` in one view node form a group. An
/// instance counts as *used* once a view reads it in a body; the instances a group
/// produced and no view read were thrown away, and those still alive at the end whose own
/// work kept writing to them leaked.
///
/// A run is part of *constructing a view struct* when it has an owner, or when the
/// innermost span around it (past enclosing initializers) is a body: a parent's body
/// re-creating its children's structs. A run inside an action, or outside any span (a
/// task, a timer, code run on purpose), is deliberate.
extension SessionBuilder {
  mutating func beginInit(_ event: TraceEvent, _ evidence: Evidence) {
    let key = GroupKey(type: event.type!, site: event.site, owner: event.owner)
    let index: Int
    if let existing = initGroups.groupIndex[key] {
      index = existing
    } else {
      index = initGroups.groups.count
      initGroups.groups.append(InitGroupState(key: key, first: evidence))
      initGroups.groupIndex[key] = index
    }
    initGroups.groups[index].summary.runs += 1
    initGroups.groups[index].summary.latest = evidence
    if initGroups.groups[index].trail.count < TrailSample.limit {
      initGroups.groups[index].trail.append(
        TrailSample(
          kind: .initializer, name: event.type, line: evidence.line, time: evidence.time, thread: event.thread,
          site: event.site))
    }
    if let construction = constructionContext(owner: event.owner, thread: event.thread) {
      initGroups.groups[index].summary.constructionRuns += 1
      if initGroups.groups[index].constructedIn == nil { initGroups.groups[index].constructedIn = construction }
    }
    push(OpenSpan(id: event.span, kind: .`init`(group: index), start: evidence), on: event.thread)
  }

  /// Whether an initializer starting now on `thread` runs as part of constructing a view
  /// struct: `.some(view)` inside the body of `view`, `.some(nil)` under an owner outside
  /// any body, nil when it runs on purpose.
  private mutating func constructionContext(owner: Int64?, thread: Int64) -> StringID?? {
    for span in spans.threads[spans.index(of: thread)].spans.reversed() {
      switch span.kind {
      case .body(let node): return .some(nodeTable.nodes[node].view)
      case .`init`: continue
      case .action: return nil
      }
    }
    return owner == nil ? nil : .some(nil)
  }

  /// An effect event as a trail sample: its detail, and its kind as the note.
  static func effect(_ event: TraceEvent, _ evidence: Evidence) -> TrailSample {
    TrailSample(
      kind: .effect, name: event.detail, note: event.effect?.name ?? "", line: evidence.line, time: evidence.time,
      thread: event.thread, site: event.site)
  }

  mutating func endInit(
    group index: Int, span: OpenSpan, at time: Int64, producing object: Int64?, on thread: Int, _ evidence: Evidence
  ) {
    initGroups.groups[index].summary.totalTime += max(0, time - span.start.time)
    guard let object else { return }
    initGroups.groups[index].summary.produced += 1
    let slot = touch(object, type: initGroups.groups[index].key.type, inInit: true, evidence)
    objectTable.objects[slot].group = index
    // Made by an evaluation the move saves: after the move it is not made at all.
    for enclosing in spans.threads[thread].spans.reversed() {
      if case .body(let node) = enclosing.kind {
        objectTable.objects[slot].madeByWastedEvaluation = nodeTable.nodes[node].lastEvaluationWasted
        break
      }
      if case .action = enclosing.kind { break }
    }
    if objectTable.objects[slot].used { initGroups.groups[index].summary.used += 1 }
  }

  mutating func effect(_ event: TraceEvent, _ evidence: Evidence, strings: borrowing StringTable) {
    let kind = event.effect!
    let span = spans.innermost(on: event.thread)
    switch span?.kind {
    case .`init`(let index)?:
      initGroups.groups[index].summary.effects[kind, default: 0] += 1
      if initGroups.groups[index].trail.count < TrailSample.limit {
        initGroups.groups[index].trail.append(Self.effect(event, evidence))
      }
      if initGroups.groups[index].summary.effectDetails[kind] == nil, let detail = event.detail {
        initGroups.groups[index].summary.effectDetails[kind] = strings[detail]
      }
    case .action(let index)?:
      // Work the action started: its writes before the next update are the action's.
      if kind == .task { actionTable.updateAction = Int32(index) }
    case .body(let index)?:
      let evaluation = EvaluationFact(
        node: index, parent: nodeTable.nodes[index].parentLink.index, view: nodeTable.nodes[index].view,
        start: span!.start,
        thread: event.thread)
      collectors.effectInBody(
        evaluation,
        effect: EffectFact(
          kind: kind, detail: event.detail, site: event.site, evidence: evidence, sample: Self.effect(event, evidence)))
    case nil:
      break
    }
  }

  /// Notes that `object` of `type` was seen, and with `use`, that a view read it in a body:
  /// what *in use* means. Work an instance does on itself (its own tasks, observers and
  /// timers writing to it, code reading it outside a body) is not use: a discarded instance
  /// kept alive by its own work is the worst case of a repeated initializer, not a used one.
  ///
  /// - Returns: The object's slot in `objects`.
  @inline(__always)
  @discardableResult
  mutating func touch(_ object: Int64, type: StringID, inInit: Bool, use: Bool = false, _ evidence: Evidence) -> Int {
    let slot: Int
    if !inInit, let last = objectTable.lastTouched, last.object == object {
      slot = last.slot
    } else {
      let (found, inserted) = objectTable.objectIDs.insert(DenseIndex.key(object))
      slot = found
      if inserted {
        objectTable.objects.append(ObjectState(type: type))
      } else if objectTable.objects[slot].released {
        note("an object id was used again after its deinit", line: evidence.line, time: evidence.time)
        objectTable.objects[slot] = ObjectState(type: type)
        objectTable.objectResets += 1
      }
      if !inInit { objectTable.lastTouched = (object, slot) }
    }
    if use, !objectTable.objects[slot].used {
      objectTable.objects[slot].used = true
      if let group = objectTable.objects[slot].group { initGroups.groups[group].summary.used += 1 }
    }
    return slot
  }

  mutating func release(_ event: TraceEvent) {
    guard let slot = objectTable.objectIDs.index(of: DenseIndex.key(event.object!)) else { return }
    objectTable.objects[slot].released = true
    if objectTable.lastTouched?.slot == slot { objectTable.lastTouched = nil }
    objectTable.objects[slot].readers = []
  }
}

// MARK: - State

/// What the builder knows of a live object.
package struct ObjectState {
  var type: StringID
  /// The initializer group that produced it.
  var group: Int?
  var used = false
  /// Writes outside an initializer: state a replacement loses, or, for an instance no view
  /// used, the work of its own tasks and observers.
  var writes: Int32 = 0
  var written: Bool { writes > 0 }
  /// Whether its `deinit` was seen.
  var released = false
  /// Whether a body evaluation the move saves made it (over-broad, of an equal value, an own
  /// write's, or cascaded): with `@Observable` it would not exist, nor would the evaluations
  /// its writes cause.
  var madeByWastedEvaluation = false
  /// Nodes that read it in their last evaluation (dropped lazily), by node index.
  var readers: [Int32] = []
}

package struct InitGroupState {
  package var key: GroupKey
  var summary: InitGroupSummary
  /// Its first runs and the effects inside them.
  package var trail: [TrailSample] = []
  /// The view whose body ran the group's first construction run.
  package var constructedIn: StringID?

  init(key: GroupKey, first: Evidence) {
    self.key = key
    summary = InitGroupSummary(type: "", first: first, latest: first)
  }
}

/// What groups initializer runs: the type, the construction site and the owner node.
package struct GroupKey: Hashable {
  var type: StringID
  package var site: StringID?
  var owner: Int64?
}
