import RedrawTrace

/// Children a body declared: kept, made, or removed with their subtree; and the tasks a view
/// starts when it appears or its task id changes.
extension ViewHarness {
  func reconcileChildren(of node: HarnessNode, with declared: [ViewContent.Child], work: inout PassWork) {
    var existing = Dictionary(node.children.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var children: [HarnessNode] = []
    var pushed: [HarnessNode] = []
    for declaration in declared {
      if let (child, _) = node.lazy.parked.removeValue(forKey: declaration.key) {
        // A row scrolled back before its state went: it appears again as it was, and its body
        // runs only if it is invalid or given new inputs.
        existing[declaration.key] = child
        reappear(child, work: &work)
      }
      if let child = existing.removeValue(forKey: declaration.key) {
        // The parent re-created the child's struct; its body runs again only for new inputs.
        if declaration.inputsChanged { child.pending.inputsChanged = true }
        child.view = declaration.view
        child.modifiers = declaration.modifiers
        child.keptUpdates = declaration.keptUpdates
        bindState(of: child)
        child.environment = declaration.environment
        let changed = declaration.values.inherited.changedKeys(from: child.values.inherited)
        child.values = declaration.values
        if !changed.isEmpty { invalidateReaders(of: changed, from: child) }
        children.append(child)
      } else {
        let child = HarnessNode(
          id: declaration.node, key: declaration.key, typeName: declaration.typeName, view: declaration.view,
          environment: declaration.environment, values: declaration.values, site: declaration.site)
        child.parent = node
        child.modifiers = declaration.modifiers
        child.keptUpdates = declaration.keptUpdates
        children.append(child)
        if let container = declaration.container, node.lazy.tabs[container]?.navigation == true {
          child.lazy.isDestination = true
          pushed.append(child)
        }
      }
    }
    // Children not declared again disappear, with their state and subtree, in the order
    // their parent had them, and are released in that order with the old list (a
    // dictionary's order changes from run to run, and so would the deinits of their models).
    var popped = false
    for gone in node.children where existing.removeValue(forKey: gone.key) === gone {
      popped = popped || gone.lazy.isDestination
      if gone.keptUpdates > 0 {
        park(gone, in: node, for: gone.keptUpdates, work: &work)
      } else {
        unmount(gone, work: &work)
      }
    }
    node.children = children
    // A destination pushed covers the screen its link is on; one popped shows it again.
    if popped { uncoverScreen(of: node, work: &work) }
    if !pushed.isEmpty { coverScreen(of: node, work: &work) }
  }

  /// A row scrolled away that keeps its state: it disappears (its `onDisappear` actions run,
  /// its tasks are cancelled) and is evaluated no more, until it comes back or its updates
  /// run out (``expireParkedRows()``).
  private func park(_ child: HarnessNode, in node: HarnessNode, for updates: Int, work: inout PassWork) {
    for descendant in child.subtree.reversed() { disappear(descendant, work: &work) }
    node.lazy.parked[child.key] = (child, updates)
  }

  /// A parked row comes back: its `onAppear` actions run again and its tasks start again,
  /// parents' after their children's, as for a view that appears.
  private func reappear(_ child: HarnessNode, work: inout PassWork) {
    for descendant in child.subtree.reversed() { appear(descendant, work: &work) }
  }

  /// A view that leaves the screen and keeps its state (a row scrolled away, a screen a push
  /// covers): its `onDisappear` actions run after the update and its tasks are cancelled.
  func disappear(_ view: HarnessNode, work: inout PassWork) {
    work.disappear += view.lifecycle.disappear + view.modifiers.disappear
    for task in view.lifecycle.tasks.values { task.cancel() }
    view.lifecycle.tasks = [:]
    view.lifecycle.taskIDs = [:]
  }

  /// A view that comes back on screen: its `onAppear` actions run after the update, with the
  /// closures of its last evaluation, and its tasks start again.
  func appear(_ view: HarnessNode, work: inout PassWork) {
    // Read when the actions run: an evaluation in the same update declares newer ones.
    if !view.lifecycle.appear.isEmpty || !view.modifiers.appear.isEmpty {
      work.actions[view.id, default: []].append {
        for action in view.lifecycle.appear + view.modifiers.appear { action() }
      }
    }
    scheduleTasks(of: view, view.lifecycle.declaredTasks, into: &work)
  }

  /// Counts an update against every parked row, and lets go of those whose updates ran out:
  /// their identities end, as an unmounted view's.
  func expireParkedRows() {
    for node in mountedNodes where !node.lazy.parked.isEmpty {
      // In the order the rows were made, so a recording is the same from run to run.
      for (key, entry) in node.lazy.parked.sorted(by: { $0.value.node.id < $1.value.node.id }) {
        if entry.updatesLeft > 1 {
          node.lazy.parked[key]?.updatesLeft -= 1
        } else {
          node.lazy.parked[key] = nil
          var ignored = PassWork()
          unmount(entry.node, work: &ignored)
        }
      }
    }
  }

  /// The rows parked under the mounted views, with their subtrees.
  var parkedNodes: [HarnessNode] {
    mountedNodes.flatMap { $0.lazy.parked.values.flatMap(\.node.subtree) }
  }

  /// Environment values of `keys` changed for `node`'s subtree: the nodes that read one are
  /// evaluated again (recorded with the cause `parent`, the trace having none for the
  /// environment), the others not, as SwiftUI re-runs a body only for a key it read. Values
  /// reach the descendants whose parents are not evaluated again through their settings.
  func invalidateReaders(of keys: Set<ObjectIdentifier>, from node: HarnessNode) {
    if !node.reads.keys.isDisjoint(with: keys) { node.pending.inputsChanged = true }
    for child in node.children {
      let values = HarnessNode.Values(from: node.values.inherited, setting: child.values.setting)
      let changed = values.inherited.changedKeys(from: child.values.inherited).intersection(keys)
      child.values = values
      if !changed.isEmpty { invalidateReaders(of: changed, from: child) }
    }
  }

  /// Removes a child and its subtree: their identities end, with their state, and the trace
  /// says so (`unmount`, children before their parent), so no later write counts for them.
  /// Their `onDisappear` actions are queued in that order.
  /// What they hold (their structs, state and models) is let go here, in that order: a
  /// node may outlive this in a dictionary, whose order changes from run to run, and so
  /// would the order of the models' deinits.
  private func unmount(_ node: HarnessNode, work: inout PassWork) {
    for descendant in node.subtree.reversed() {
      // Rows it keeps scrolled away go with it (they disappeared when they left the view).
      for entry in descendant.lazy.parked.values.sorted(by: { $0.node.id < $1.node.id }) {
        var disappeared = PassWork()
        unmount(entry.node, work: &disappeared)
      }
      Trace.unmount(viewNamed: descendant.typeName, node: descendant.id)
      // Its tasks are cancelled, and its subscriptions end with their lifecycle.
      disappear(descendant, work: &work)
      descendant.releaseInOrder()
      descendant.lifecycle = HarnessNode.Lifecycle()
      descendant.stateSlots = []
      descendant.reads.models = [:]
      descendant.reads.subscriptions = []
      descendant.view = Unmounted()
      descendant.environment = [:]
      descendant.declared.actions = [:]
      descendant.declared.refresh = nil
      descendant.modifiers = ViewModifiers()
      descendant.declared.shown = []
      descendant.lazy = HarnessNode.LazyRows()
    }
  }

  /// Queues the start of each task that the view declares for the first time or with a new
  /// `id`, after cancelling the one it replaces, as `.task(id:)` does after the update.
  func scheduleTasks(of node: HarnessNode, _ declared: [ViewContent.Task], into work: inout PassWork) {
    node.lifecycle.declaredTasks = declared
    // A covered view starts what it declares when it shows again.
    guard !node.lazy.covered else { return }
    for task in declared {
      let previous = node.lifecycle.taskIDs[task.name]
      guard previous == nil || previous! != task.id else { continue }
      node.lifecycle.taskIDs[task.name] = .some(task.id)
      let replaced = node.lifecycle.tasks[task.name]
      let started = EffectTask(name: task.name)
      node.lifecycle.tasks[task.name] = started
      work.tasks[node.id, default: []].append {
        replaced?.cancel()
        Trace.effect(.task, task.name, file: task.file, line: task.line)
        task.work(started)
      }
    }
  }
}

/// What an unmounted node holds instead of its view's struct.
private struct Unmounted: HarnessView {
  func body(_ content: inout ViewContent) {}
}
