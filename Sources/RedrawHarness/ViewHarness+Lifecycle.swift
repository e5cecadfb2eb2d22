import RedrawTrace

/// What a pass queues to run after its evaluations, as SwiftUI runs its actions after an
/// update: lifecycle actions, then the views' tasks (docs/harness.md, "Lifecycle actions").
struct PassWork {
  /// `onDisappear` actions of the views the pass removed, children before their parent.
  var disappear: [() -> Void] = []
  /// `onAppear` and `onChange` actions, by node, in the order each body declared them.
  var actions: [Int: [() -> Void]] = [:]
  /// The views' tasks that start (on appearing, or for a new task id), by node.
  var tasks: [Int: [() -> Void]] = [:]

  var isEmpty: Bool { disappear.isEmpty && actions.isEmpty && tasks.isEmpty }
  /// Whether it runs actions the update dispatches (`onAppear`, `onChange`, `onDisappear`).
  var hasActions: Bool { !disappear.isEmpty || !actions.isEmpty }

  /// Runs the queued work: `onDisappear`, then `onAppear` and `onChange`, each children's
  /// before their parent's, and queues the tasks in that order for the next update's drain.
  /// Their writes invalidate views for the next pass.
  func run(from root: HarnessNode) {
    for action in disappear { action() }
    guard !actions.isEmpty || !tasks.isEmpty else { return }
    let order = Self.childrenFirst(root)
    for node in order {
      for action in actions[node.id] ?? [] { action() }
    }
    // A view's task is a job on the main actor, run with the next drain, as app tasks are.
    for node in order {
      for task in tasks[node.id] ?? [] { AppEffects.enqueue(task) }
    }
  }

  /// The tree with each node after its children, siblings in order.
  private static func childrenFirst(_ node: HarnessNode) -> [HarnessNode] {
    node.children.flatMap(childrenFirst) + [node]
  }
}

extension ViewHarness {
  /// Queues the lifecycle actions an evaluation declared: `onAppear` when the view
  /// appeared; `onChange` when its value differs from what the last evaluation saw (or on
  /// its first declaration, with `initial`); and keeps the `onDisappear` actions for when
  /// the view goes.
  func scheduleLifecycle(
    of node: HarnessNode, _ declared: [ViewContent.LifecycleAction], appeared: Bool, into work: inout PassWork
  ) {
    var actions: [() -> Void] = []
    var watched: [HarnessNode.WatchKey: ViewContent.ChangeWatch] = [:]
    node.lifecycle.disappear = []
    node.lifecycle.appear = []
    for declaration in declared {
      switch declaration.kind {
      case .appear(let action):
        node.lifecycle.appear.append(action)
        if appeared { actions.append(action) }
      case .disappear(let action):
        node.lifecycle.disappear.append(action)
      case .change(let watch, let initial, let action):
        let key = HarnessNode.WatchKey(site: declaration.site, occurrence: declaration.occurrence)
        if let before = node.lifecycle.watched[key] {
          if watch.differs(before.value) { actions.append { action(before.value) } }
        } else if initial {
          actions.append { action(watch.value) }
        }
        watched[key] = watch
      }
    }
    node.lifecycle.watched.removeAll { HarnessNode.WatchKey.precedes($0.key, $1.key) }
    node.lifecycle.watched = watched
    // `.onAppear` attached by the parent wraps the child: after the child's own.
    if appeared { actions += node.modifiers.appear }
    if !actions.isEmpty { work.actions[node.id, default: []] += actions }
  }
}

extension ViewHarness {
  /// Keeps, starts or ends the view's `onReceive` subscriptions after an evaluation: the same
  /// publisher object keeps its subscription (with the new action), another is subscribed
  /// anew, and one no longer declared ends.
  func subscribe(_ node: HarnessNode, to declared: [ViewContent.Receiver]) {
    guard !declared.isEmpty || !node.lifecycle.receivers.isEmpty else { return }
    var kept: [HarnessNode.WatchKey: ViewContent.Subscribed] = [:]
    for receiver in declared {
      if let live = node.lifecycle.receivers[receiver.key], live.publisher === receiver.publisher {
        live.action = receiver.action
        kept[receiver.key] = live
        continue
      }
      node.lifecycle.receivers[receiver.key]?.subscription?.cancel()
      let live = ViewContent.Subscribed(publisher: receiver.publisher, action: receiver.action)
      kept[receiver.key] = live
      live.subscription = receiver.subscribe { [weak live] value in live?.action(value) }
    }
    for key in node.lifecycle.receivers.keys.sorted(by: HarnessNode.WatchKey.precedes) where kept[key] == nil {
      node.lifecycle.receivers[key]?.subscription?.cancel()
    }
    node.lifecycle.receivers.removeAll { HarnessNode.WatchKey.precedes($0.key, $1.key) }
    node.lifecycle.receivers = kept
  }
}
