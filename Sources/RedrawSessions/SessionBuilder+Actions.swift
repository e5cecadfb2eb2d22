import RedrawReading

/// User actions: `action` spans around event handlers (a tap, a keystroke), the writes
/// inside them, and the evaluations those writes caused.
///
/// Performances of actions of one name are counted together. A write inside an action
/// span carries the action to the pending invalidations it makes, so the evaluation it
/// causes is counted for the action, needed or over-broad.
extension SessionBuilder {
  mutating func beginAction(_ event: TraceEvent, _ evidence: Evidence) {
    let name = event.name!
    let index: Int
    if let existing = actionTable.actionIndex[name] {
      index = existing
    } else {
      index = actionTable.actions.count
      actionTable.actions.append(ActionState(name: name, first: evidence))
      actionTable.actionIndex[name] = index
    }
    actionTable.actions[index].performed += 1
    actionTable.updateAction = -1
    updates.beginStep()
    push(
      OpenSpan(id: event.span, kind: .action(index), start: evidence, bindingNode: event.binding ? event.node : -1),
      on: event.thread)
  }

  /// Counts an evaluation caused by a write made inside an action.
  @inline(__always)
  mutating func countForAction(_ reason: EvaluationReason, view: StringID) {
    switch reason {
    case .needed(let write) where write.action >= 0:
      actionTable.actions[Int(write.action)].evaluations += 1
      actionTable.actions[Int(write.action)].byView[view, default: (0, 0)].needed += 1
    case .overBroad(let write) where write.action >= 0:
      actionTable.actions[Int(write.action)].evaluations += 1
      actionTable.actions[Int(write.action)].overBroad += 1
      actionTable.actions[Int(write.action)].byView[view, default: (0, 0)].wasted += 1
    case .equalValue(let write) where write.action >= 0:
      actionTable.actions[Int(write.action)].evaluations += 1
      actionTable.actions[Int(write.action)].equalValue += 1
      actionTable.actions[Int(write.action)].byView[view, default: (0, 0)].wasted += 1
    default:
      break
    }
  }
}

// MARK: - State

struct ActionState {
  var name: StringID
  var first: Evidence
  var performed = 0
  var writes = 0
  var evaluations = 0
  var overBroad = 0
  var equalValue = 0
  /// The evaluations its writes caused, by view.
  var byView: [StringID: (needed: Int, wasted: Int)] = [:]
}
