import RedrawReading
import RedrawSessions

/// The evaluations property-level tracking would save, per node and the type whose writes
/// caused them: what `redraw plan` credits each model's migration with.
///
/// An over-broad evaluation, or one caused only by writes of an equal value, counts for the
/// type written; a cascaded one for the type its parent's wasted evaluation counted for.
struct SavedEvaluationsCollector: SessionCollector, SummaryOwner {
  typealias Summary = [SavedEvaluationSummary]

  private var entries = DenseMap<NodeType, Counts>()
  /// Per node, by index: the type its last evaluation's waste traces back to, or -1.
  private var wastedFor: [Int32] = []
  /// Per node, by index: its last entry's type and position, found again without hashing.
  private var memos: [(type: Int32, position: Int32)] = []

  @inline(__always)
  mutating func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64]) {
    let node = evaluation.node
    if node >= wastedFor.count {
      wastedFor.append(contentsOf: repeatElement(-1, count: node + 1 - wastedFor.count))
      memos.append(contentsOf: repeatElement((type: Int32(-1), position: Int32(0)), count: node + 1 - memos.count))
    }
    switch reason {
    case .overBroad(let write):
      entries.values[position(node, write.type)].overBroad += 1
      wastedFor[node] = write.type.rawValue
    case .equalValue(let write):
      entries.values[position(node, write.type)].equalValue += 1
      wastedFor[node] = write.type.rawValue
    case .ownWrite(let write):
      entries.values[position(node, write.type)].ownWrite += 1
      wastedFor[node] = write.type.rawValue
    case .cascaded:
      let type = evaluation.parent.map { wastedFor[$0] } ?? -1
      wastedFor[node] = type
      if type >= 0 { entries.values[position(node, StringID(rawValue: type))].cascaded += 1 }
    default:
      wastedFor[node] = -1
    }
  }

  /// - Complexity: O(1); a table lookup unless the node's last saved evaluation was for the
  ///   same type.
  private mutating func position(_ node: Int, _ type: StringID) -> Int {
    if memos[node].type == type.rawValue { return Int(memos[node].position) }
    let key = NodeType(node: node, type: type)
    let position = entries.position(of: key.packed, key: key) { Counts() }
    memos[node] = (type.rawValue, Int32(position))
    return position
  }

  mutating func finish(
    into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
  ) {
    session.summaries[SavedEvaluationsCollector.self] = entries.entries.map { key, counts in
      SavedEvaluationSummary(
        node: built.nodeID(key.node), view: strings[built.nodes[key.node].view], type: strings[key.type],
        overBroad: counts.overBroad, equalValue: counts.equalValue, ownWrite: counts.ownWrite,
        cascaded: counts.cascaded)
    }
  }

  private struct Counts {
    var overBroad = 0
    var equalValue = 0
    var ownWrite = 0
    var cascaded = 0
  }
}

/// Evaluations of one node that property-level tracking would save, caused by one type.
package struct SavedEvaluationSummary: Sendable, Hashable {
  package var node: Int64
  package var view: String
  /// The type whose writes caused them.
  package var type: String
  /// Over-broad evaluations after writes to the type.
  package var overBroad: Int
  /// Evaluations caused only by writes of an equal value to the type.
  package var equalValue: Int
  /// Evaluations for the view's own writes to the type during its body.
  package var ownWrite: Int
  /// Evaluations because an ancestor's evaluation was wasted by the type's writes.
  package var cascaded: Int

  /// All of them.
  package var total: Int { overBroad + equalValue + ownWrite + cascaded }
}
