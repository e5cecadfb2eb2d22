import RedrawPlatform
import RedrawReading
import RedrawSchema

/// Turns the state of a finished session into a ``Session`` with names.
extension SessionBuilder {
  /// Finishes the session in progress, naming its summaries on up to `namingThreads`
  /// threads (two sides: more do not help).
  mutating func finishSession(strings: borrowing StringTable, namingThreads: Int = 1) {
    guard var session = progress.current else { return }
    settleOpenEvaluations()
    let counts = log.eventCounts.all
    if counts.reduce(0, +) == counts[Int(EventKind.meta.rawValue)] {
      note(Session.emptySession, line: session.line, time: 0)
    }
    session.eventCounts = counts
    session.unknownKeys = log.unknownKeys
    let openSpans = spans.threads.reduce(0) { $0 + $1.spans.count }
    if openSpans > 0 {
      let line = session.truncation?.line ?? session.line
      let firstOpen = spans.threads.lazy.flatMap(\.spans).map(\.start.line).min()
      session.truncation = Session.Truncation(
        partialLastLine: session.truncation?.partialLastLine ?? false, openSpans: openSpans, line: line,
        firstOpenSpanLine: firstOpen)
    }
    session.threads = spans.threads.count
    session.timelineBucket = nodeTable.timelineWidth
    session.duration = log.firstTime.map { log.lastTime - $0 } ?? 0
    nodeTable.closeOpenBuckets()
    session.diagnostics = log.diagnosticOrder.compactMap { log.diagnostics[$0] }
    // The builder names its summaries while the collectors name theirs: both only read
    // the finished state, and each writes its own copy of the session, so on two threads
    // they run side by side (the over-broad collector's naming alone is a third of
    // finishing). Each side makes its own names.
    var collectors = type(of: self.collectors).init()
    swap(&collectors, &self.collectors)
    let built = BuiltSession(
      nodes: nodeTable.nodes, groups: initGroups.groups, properties: propertyTable.properties,
      instances: InstancesView(objects: objectTable.objects, groups: initGroups.groups),
      hasAmbiguousNames: !propertyTable.ambiguousNames.isEmpty)
    let strings = copy strings
    let named = ParallelWork.map(2, threads: namingThreads) { [session] side in
      var named = session
      var names = TrailNames(count: strings.count)
      if side == 0 {
        nameSummaries(into: &named, names: &names, strings: strings)
      } else {
        collectors.finish(into: &named, from: built, names: &names, strings: strings)
      }
      return named
    }
    session = named[0]
    session.summaries = named[1].summaries
    collectors.annotate(&session.nodes)
    sessions.append(session)
    self = SessionBuilder(source: source, sessions: sessions, parked: parked, collecting: type(of: collectors))
  }

  /// Writes the builder's own summaries into `session`, with names: nodes, initializer
  /// groups, properties, updates and actions.
  private func nameSummaries(into session: inout Session, names: inout TrailNames, strings: borrowing StringTable) {
    var bindingTypes: [Int64: [String]] = [:]
    for binding in actionTable.bindings { bindingTypes[binding.node, default: []].append(strings[binding.type]) }
    session.nodes = nodeTable.nodes.map { node in
      var summary = node.summary
      summary.view = strings[node.view]
      summary.site = node.site.map { strings[$0] }
      if let structs = structTally.made(for: summary.node) {
        summary.structsMade = structs.made
        summary.structsMadeBySavedEvaluations = structs.bySaved
      }
      if let parent = node.parentLink.index {
        summary.parentEvaluationsSinceFirst = max(
          0, nodeTable.nodes[parent].summary.evaluations - node.parentLink.evaluationsAtFirst)
        summary.parentSavedEvaluationsSinceFirst = max(
          0, nodeTable.nodes[parent].summary.saved - node.parentLink.savedAtFirst)
      }
      summary.holdings = node.holdings.map { holding in
        NodeSummary.ModelHolding(
          type: strings[holding.type], wrapper: holding.wrapper.flatMap { ModelWrapper(rawValue: strings[$0]) },
          first: holding.first, recordedProperties: Int(holding.recordedProperties))
      }
      summary.bindings = (bindingTypes[summary.node] ?? []).sorted()
      summary.timeline = node.timeline
      summary.readProperties = node.readSet.properties.keys.map { raw in
        let key = MemberKey(rawValue: raw)
        return "\(strings[key.type]).\(strings[key.property])"
      }.sorted()
      // An ambiguous name beside one of its alternatives is not listed, nor counted.
      if !propertyTable.ambiguousNames.isEmpty {
        summary.readProperties = AmbiguousNames.collapsed(summary.readProperties)
      }
      summary.propertiesRead = summary.readProperties.count
      return summary
    }
    let viewOfNode = Dictionary(session.nodes.map { ($0.node, $0.view) }, uniquingKeysWith: { _, last in last })
    session.initGroups = initGroups.groups.indices.map { index in
      let group = initGroups.groups[index]
      var summary = group.summary
      summary.type = strings[group.key.type]
      summary.site = group.key.site.map { strings[$0] }
      summary.owner = group.key.owner
      summary.ownerView = group.key.owner.flatMap { viewOfNode[$0] }
      summary.constructedIn = group.constructedIn.map { strings[$0] }
      summary.trail = group.trail.events(&names, strings)
      return summary
    }
    var causedByView = [[String: Int]](repeating: [:], count: propertyTable.properties.count)
    for (raw, count) in zip(updates.updateIDs.keys, updates.updateCounts) {
      let key = UpdateKey(rawValue: raw)
      causedByView[key.property][strings[key.view], default: 0] += count.needed + count.wasted
    }
    session.properties = propertyTable.properties.indices.map { index in
      let state = propertyTable.properties[index]
      var summary = PropertySummary(
        type: strings[state.type], property: strings[state.property], reads: propertyTable.propertyReads[index],
        writes: state.writes,
        neededEvaluations: state.neededEvaluations, overBroadEvaluations: state.overBroadEvaluations,
        firstWrite: state.firstWrite, writeSite: state.site.map { strings[$0] })
      summary.equalValueEvaluations = state.equalValueEvaluations
      summary.equalWrites = state.equalWrites
      summary.firstEqualWrite = state.firstEqualWrite
      summary.evaluationsByView = causedByView[index].map { (view: $0.key, evaluations: $0.value) }
        .sorted { ($0.evaluations, $1.view) > ($1.evaluations, $0.view) }
      summary.trail = state.trail.events(&names, strings)
      return summary
    }.sorted { ($0.type, $0.property) < ($1.type, $1.property) }
    session.updates = Self.updates(
      Array(zip(updates.updateIDs.keys.lazy.map(UpdateKey.init(rawValue:)), updates.updateCounts)),
      properties: propertyTable.properties,
      actions: actionTable.actions, names: &names,
      strings: strings)
    session.actions = actionTable.actions.map { state in
      ActionSummary(
        name: strings[state.name], performed: state.performed, writes: state.writes, evaluations: state.evaluations,
        overBroad: state.overBroad, equalValue: state.equalValue, first: state.first)
    }
  }

  /// Per view: the evaluations each property's writes and each action caused, needed and
  /// wasted, most first. Counted by ids; names are made once per distinct entry.
  private static func updates(
    _ caused: [(UpdateKey, UpdateCount)], properties: [PropertyState], actions: [ActionState], names: inout TrailNames,
    strings: borrowing StringTable
  ) -> [ViewUpdate] {
    // Keyed by the packed word: a struct key would hash through `Hasher`'s general path.
    var counts: [UInt64: (needed: Int, wasted: Int)] = [:]
    for (key, count) in caused {
      counts[ViewCause(view: key.view, cause: .property(key.property)).rawValue] = (count.needed, count.wasted)
    }
    for (index, action) in actions.enumerated() {
      let key = { (view: StringID) in ViewCause(view: view, cause: .action(index)).rawValue }
      for (view, count) in action.byView {
        counts[key(view), default: (0, 0)].needed += count.needed
        counts[key(view), default: (0, 0)].wasted += count.wasted
      }
    }
    // Names and sort ranks are made once per view and per cause, not once per pair: a view
    // appears with many causes and a cause with many views, and comparing strings in the sort
    // was the largest cost of finishing a session.
    var causeNames: [UInt32: (name: String, sortKey: String)] = [:]
    var viewIDs: Set<Int32> = []
    for raw in counts.keys {
      let key = ViewCause(rawValue: raw)
      viewIDs.insert(key.view.rawValue)
      guard causeNames[key.causeID] == nil else { continue }
      switch key.cause {
      case .action(let index):
        let name = names.name(actions[index].name, strings)
        causeNames[key.causeID] = (name, "action " + name)
      case .property(let index):
        let name = names.name(properties[index].type, strings) + "." + names.name(properties[index].property, strings)
        causeNames[key.causeID] = (name, name)
      }
    }
    let viewRank = Self.ranks(viewIDs.map { ($0, names.name(StringID(rawValue: $0), strings)) })
    let causeRank = Self.ranks(causeNames.map { ($0.key, $0.value.sortKey) })
    let sorted = counts.map { raw, count in
      let key = ViewCause(rawValue: raw)
      return (
        order: (-(count.needed + count.wasted), viewRank[key.view.rawValue] ?? 0, causeRank[key.causeID] ?? 0),
        key: key, count: count
      )
    }.sorted { $0.order < $1.order }
    return sorted.map { _, key, count in
      let name = causeNames[key.causeID]?.name ?? ""
      let cause: ViewUpdate.Cause
      switch key.cause {
      case .action: cause = .action(name)
      case .property: cause = .property(name)
      }
      return ViewUpdate(
        view: names.name(key.view, strings), cause: cause, needed: count.needed, wasted: count.wasted)
    }
  }

  /// A view and what made it update, the key of ``updates(_:properties:actions:names:strings:)``:
  /// the view in the high 32 bits, the cause's index in the low 31 and whether it is an action
  /// in the bit between.
  private struct ViewCause {
    /// A property's writes, or an action, by index.
    enum Cause {
      case property(Int)
      case action(Int)
    }

    let rawValue: UInt64

    init(view: StringID, cause: Cause) {
      let low: UInt64
      switch cause {
      case .property(let index): low = UInt64(UInt32(index))
      case .action(let index): low = UInt64(UInt32(index)) | 1 << 31
      }
      rawValue = UInt64(UInt32(bitPattern: view.rawValue)) << 32 | low
    }

    init(rawValue: UInt64) { self.rawValue = rawValue }

    var view: StringID { StringID(rawValue: Int32(truncatingIfNeeded: rawValue >> 32)) }

    /// The cause alone, as a key.
    var causeID: UInt32 { UInt32(truncatingIfNeeded: rawValue) }

    var cause: Cause {
      let index = Int(causeID & 0x7FFF_FFFF)
      return causeID & (1 << 31) != 0 ? .action(index) : .property(index)
    }
  }

  /// Each key's position when the keys are ordered by their names.
  private static func ranks<Key: Hashable>(_ named: [(Key, String)]) -> [Key: Int] {
    var ranks: [Key: Int] = [:]
    ranks.reserveCapacity(named.count)
    for (rank, entry) in named.sorted(by: { $0.1 < $1.1 }).enumerated() { ranks[entry.0] = rank }
    return ranks
  }

  init(source: String, sessions: [Session], parked: [Int64: SessionBuilder], collecting: any SessionCollector.Type) {
    self.init(source: source, collecting: collecting)
    self.sessions = sessions
    self.parked = parked
  }
}
