import RedrawReading

/// Reads and writes: what each evaluation read, and which nodes a write invalidates.
///
/// A read inside a body evaluation is appended to its thread's ``ThreadState/openReads``,
/// the reads of all open evaluations on the thread, innermost last; the evaluation's
/// read set is settled once, when it ends (see `endBody`). A node's read set is then
/// what its last finished evaluation read, while a node being evaluated is judged by
/// what it has read so far.
extension SessionBuilder {
  @inline(__always)
  mutating func read(_ event: TraceEvent, _ evidence: Evidence, strings: borrowing StringTable) {
    let type = event.type!
    let property = event.property!
    propertyTable.propertyReads[propertyIndex(type: type, property: property, strings: strings)] += 1
    let thread = spans.index(of: event.thread)
    let span = spans.threads[thread].spans.last
    let inBody: Bool
    if case .body? = span?.kind { inBody = true } else { inBody = false }
    let slot = touch(event.object!, type: type, inInit: span?.isInit ?? false, use: inBody, evidence)
    guard inBody else {
      if span == nil {
        note(
          "reads outside any body or init span (untracked reads)", line: evidence.line, time: event.time, allowed: true)
      }
      return
    }
    spans.threads[thread].openReads.push(ReadKey(slot: slot, property: property))
  }

  /// A body's subscription to an object (`observe`): the view depends on the whole object,
  /// as with `@ObservedObject`, whether or not it reads a property of it. It joins the
  /// evaluation's reads as a read of no property (``ReadKey/subscriptionProperty``), so every write
  /// to the object invalidates the view, and one it does not read is over-broad.
  mutating func observe(_ event: TraceEvent, _ evidence: Evidence) {
    let thread = spans.index(of: event.thread)
    guard case .body(let node)? = spans.threads[thread].spans.last?.kind else {
      note("observe events outside a body (ignored)", line: evidence.line, time: event.time)
      return
    }
    progress.hasSubscriptions = true
    let (type, wrapper) = (event.type!, event.detail)
    if let index = nodeTable.nodes[node].holdings.firstIndex(where: { $0.type == type && $0.wrapper == wrapper }) {
      nodeTable.nodes[node].holdings[index].recordedProperties = max(
        nodeTable.nodes[node].holdings[index].recordedProperties, event.count)
    } else {
      nodeTable.nodes[node].holdings.append(
        NodeHolding(type: type, wrapper: wrapper, first: evidence, recordedProperties: event.count))
    }
    let slot = touch(event.object!, type: event.type!, inInit: false, use: true, evidence)
    spans.threads[thread].openReads.push(ReadKey(slot: slot, property: ReadKey.subscriptionProperty))
  }

  /// A body made a binding to a property of an object (`bind`, `$model.query`): the view
  /// edits instances of the type through bindings, so `redraw plan` makes it `@Bindable`.
  /// A binding made in a closure another body runs (a `GeometryReader`'s content) is the
  /// binding of the nearest ancestor that holds the type in a wrapper, whose declaration the
  /// plan changes; with none, of the body that made it.
  mutating func bind(_ event: TraceEvent, _ evidence: Evidence) {
    guard case .body(let node)? = spans.threads[spans.index(of: event.thread)].spans.last?.kind else {
      note("bind events outside a body (ignored)", line: evidence.line, time: event.time)
      return
    }
    let type = event.type!
    var holder: Int? = node
    // A malformed trace's parents can form a cycle: at most one step per node.
    var steps = 0
    while let index = holder, !nodeTable.nodes[index].holdings.contains(where: { $0.type == type }) {
      steps += 1
      holder = steps < nodeTable.nodes.count ? nodeTable.nodes[index].parentLink.index : nil
    }
    actionTable.bindings.insert(NodeBinding(node: nodeTable.nodes[holder ?? node].summary.node, type: type))
  }

  mutating func write(_ event: TraceEvent, _ evidence: Evidence, strings: borrowing StringTable) {
    let type = event.type!
    let property = event.property!
    let propertyIndex = propertyIndex(type: type, property: property, strings: strings)
    propertyTable.properties[propertyIndex].writes += 1
    updates.writeCount += 1
    if propertyTable.properties[propertyIndex].firstWrite == nil {
      propertyTable.properties[propertyIndex].firstWrite = evidence
    }
    if propertyTable.properties[propertyIndex].site == nil { propertyTable.properties[propertyIndex].site = event.site }
    let span = spans.innermost(on: event.thread)
    let inInit = span?.isInit ?? false
    // The node whose body made the write, if one did.
    var writer: Int?
    if case .body(let index)? = span?.kind { writer = index }
    let slot = touch(event.object!, type: type, inInit: inInit, evidence)
    if !inInit { objectTable.objects[slot].writes &+= 1 }
    if event.same {
      propertyTable.properties[propertyIndex].equalWrites += 1
      if propertyTable.properties[propertyIndex].firstEqualWrite == nil {
        propertyTable.properties[propertyIndex].firstEqualWrite = evidence
      }
    }
    var action: Int32 = -1
    if case .action(let index)? = span?.kind {
      actionTable.actions[index].writes += 1
      action = Int32(index)
      if let node = span?.bindingNode, node >= 0 { actionTable.bindings.insert(NodeBinding(node: node, type: type)) }
    } else if span == nil, actionTable.updateAction >= 0 {
      // Work the action started, in the action's update.
      action = actionTable.updateAction
      actionTable.actions[Int(action)].writes += 1
    }
    // A write inside a body to an instance no view has read invalidates nobody: a fresh
    // instance being built (its `init` assigning its properties, with no `Trace.make` span
    // around it) while a parent's body re-creates a child. Only writes that can invalidate a
    // view count.
    let write = PendingWrite(
      type: type, property: property, site: event.site, action: action, line: Int32(truncatingIfNeeded: evidence.line),
      thread: Int32(truncatingIfNeeded: spans.lastThread), time: event.time, same: event.same,
      update: inInit ? updates.updateNumber : updates.ofWrite(inBody: writer != nil))
    propertyTable.properties[propertyIndex].trail.keep(write.sample(threads: spans.threadIDs))
    if let index = writer, objectTable.objects[slot].used, let start = span?.start {
      let evaluation = EvaluationFact(
        node: index, parent: nodeTable.nodes[index].parentLink.index, view: nodeTable.nodes[index].view, start: start,
        thread: event.thread)
      collectors.writeInBody(evaluation, write: write, at: evidence, sample: write.sample(threads: spans.threadIDs))
    }
    // Reads of names the recorder could not tell apart count as reads of each candidate.
    let aliases =
      propertyTable.ambiguousNames.isEmpty
      ? nil : propertyTable.ambiguousNames.aliases(of: property, type: type, index: propertyIndex, strings: strings)
    invalidateReaders(
      of: slot, write: write, aliases: aliases, writer: writer,
      saved: objectTable.objects[slot].madeByWastedEvaluation)
  }

  /// The index of a property in `properties`, added on first sight (when an ambiguous name
  /// is noted as such).
  @inline(__always)
  mutating func propertyIndex(type: StringID, property: StringID, strings: borrowing StringTable) -> Int {
    let (index, inserted) = propertyTable.propertyIDs.insert(MemberKey(type: type, property: property).rawValue)
    if inserted {
      propertyTable.properties.append(PropertyState(type: type, property: property))
      propertyTable.propertyReads.append(0)
      // Only a name the recorder could not tell starts with `<`.
      if strings.firstByte(of: property) == UInt8(ascii: "<") {
        propertyTable.ambiguousNames.note(type: type, property: property, name: strings[property])
      }
    }
    return index
  }

  // MARK: - Invalidation

  /// Marks every node that read the object in `slot` for re-evaluation: the nodes whose
  /// last finished evaluation read it, found through the object's readers, and the nodes
  /// being evaluated that have read it so far.
  ///
  /// `aliases`, when the session recorded ambiguous names, are the other properties whose
  /// reads count as reads of the written one (``AmbiguousNames``). `writer` is the node whose
  /// body made the write, if one did; `saved`, whether the object was made by an evaluation
  /// the move saves.
  private mutating func invalidateReaders(
    of slot: Int, write: PendingWrite, aliases: AmbiguousNames.Aliases?, writer: Int?, saved: Bool
  ) {
    let read = ReadKey(slot: slot, property: write.property)
    if !objectTable.objects[slot].readers.isEmpty {
      var readers: [Int32] = []
      swap(&readers, &objectTable.objects[slot].readers)
      var kept = 0
      // By position: iterating the array itself would hold a second reference to it,
      // and the first store below would copy it.
      for position in readers.indices {
        let reader = readers[position]
        let index = Int(reader)
        if nodeTable.nodes[index].openEvaluations == 0 {
          // Index entries are dropped lazily, once the node no longer reads the object.
          guard nodeTable.nodes[index].readSet.reads.holdsObject(slot) else {
            nodeTable.nodes[index].readSet.indexedObjects.remove(Int32(slot))
            continue
          }
          var needed = nodeTable.nodes[index].readSet.reads.holds(read)
          if !needed, let aliases { needed = aliases.match(nodeTable.nodes[index].readSet.reads, slot: slot) }
          // A read of an object the view does not subscribe to (object-level tracking, from
          // the session's first subscription on) that a write changed: the view keeps showing
          // the old value unless something else re-evaluates it (``MissedUpdateRule``).
          let missable =
            needed && progress.hasSubscriptions
            && !nodeTable.nodes[index].readSet.reads.holds(ReadKey(slot: slot, property: ReadKey.subscriptionProperty))
          invalidate(index, by: write, needed: needed, missable: missable, ofSavedObject: saved)
          if missable { collectors.unsubscribedReadWritten(node: index, write: write, threads: spans.threadIDs) }
        }
        readers[kept] = reader
        kept += 1
      }
      readers.removeLast(readers.count - kept)
      swap(&readers, &objectTable.objects[slot].readers)
    }
    forEachOpenEvaluation { builder, index, reads in
      var readsObject = false
      var readsProperty = false
      for key in reads where key.slot == slot {
        readsObject = true
        if key == read || aliases?.match(property: key.property) == true {
          readsProperty = true
          break
        }
      }
      if readsObject {
        builder.invalidate(index, by: write, needed: readsProperty, own: index == writer, ofSavedObject: saved)
      }
    }
  }

  /// - Parameter missable: The write is of an object the node reads without subscribing to it:
  ///   an update that does not re-evaluate the node is missed (and added back by the what-if),
  ///   so a later update's evaluation owes it nothing (``NodeState/pendingNeededMissable``).
  @inline(__always)
  /// - Parameters:
  ///   - own: The write was made during the node's own evaluation, still open.
  ///   - ofSavedObject: The written object was made by an evaluation the move saves.
  private mutating func invalidate(
    _ index: Int, by write: PendingWrite, needed: Bool, missable: Bool = false, own: Bool = false,
    ofSavedObject: Bool = false
  ) {
    if needed {
      // A missable write of an earlier update was missed: the writes of this one decide.
      if _slowPath(nodeTable.nodes[index].pending.neededMissable),
        (nodeTable.nodes[index].pending.needed?.update ?? .max) < write.update
      {
        nodeTable.nodes[index].pending.needed = nil
        nodeTable.nodes[index].pending.neededChanges = false
        nodeTable.nodes[index].pending.neededMissable = false
      }
      // Own writes, and writes to objects a saved evaluation made, are no reason with
      // `@Observable`; any other needed write is.
      if nodeTable.nodes[index].pending.needed == nil {
        nodeTable.nodes[index].pending.neededSavedOnly = own || ofSavedObject
        nodeTable.nodes[index].pending.neededOfSavedObject = ofSavedObject
      } else if !own && !ofSavedObject {
        nodeTable.nodes[index].pending.neededSavedOnly = false
      } else if ofSavedObject {
        nodeTable.nodes[index].pending.neededOfSavedObject = true
      }
      // The flag follows the write that names the cause (below).
      if nodeTable.nodes[index].pending.needed == nil || (!write.same && !nodeTable.nodes[index].pending.neededChanges)
      {
        nodeTable.nodes[index].pending.neededMissable = missable
      }
      // The first write that changed a value names the cause; until one does, the first
      // write of an equal value (``EvaluationReason/equalValue(_:)``).
      if !write.same, !nodeTable.nodes[index].pending.neededChanges {
        nodeTable.nodes[index].pending.neededChanges = true
        nodeTable.nodes[index].pending.needed = write
      } else if nodeTable.nodes[index].pending.needed == nil {
        nodeTable.nodes[index].pending.needed = write
      }
    } else if let pending = nodeTable.nodes[index].pending.overBroad {
      // Several writes the view did not read: the first that changed a value is charged,
      // ahead of writes of an equal value before it; the first other property is kept, so
      // the finding says the evaluation had other causes too.
      guard pending.pair != write.pair else { return }
      if pending.same, !write.same {
        var charged = write
        charged.alsoWritten = pending.pair
        nodeTable.nodes[index].pending.overBroad = charged
      } else if pending.alsoWritten == .max {
        nodeTable.nodes[index].pending.overBroad!.alsoWritten = write.pair
      }
    } else {
      nodeTable.nodes[index].pending.overBroad = write
    }
  }

  /// Calls `body` with every body evaluation still open, its node and what it read so far.
  ///
  /// - Complexity: O(open spans + their reads); nothing is copied.
  mutating func forEachOpenEvaluation(_ body: (inout SessionBuilder, Int, ArraySlice<ReadKey>) -> Void) {
    for thread in spans.threads.indices where !spans.threads[thread].openReads.isEmpty {
      let open = spans.threads[thread].spans
      for position in open.indices {
        guard case .body(let index) = open[position].kind else { continue }
        let start = Int(open[position].readsStart)
        let end = position + 1 < open.count ? Int(open[position + 1].readsStart) : spans.threads[thread].openReads.count
        guard start < end else { continue }
        let reads = spans.threads[thread].openReads[start..<end]
        body(&self, index, reads)
      }
    }
  }

  /// Adds the properties read by evaluations that never ended to their nodes, so a trace
  /// cut short still shows what its views read.
  mutating func settleOpenEvaluations() {
    forEachOpenEvaluation { builder, index, reads in
      for key in reads where key.property != ReadKey.subscriptionProperty {
        let type = builder.objectTable.objects[key.slot].type
        builder.nodeTable.nodes[index].readSet.properties.insert(
          MemberKey(type: type, property: StringID(rawValue: key.property)).rawValue)
      }
    }
  }
}
