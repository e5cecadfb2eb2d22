import RedrawTrace

/// The test's hand on the work app code started (`AppEffects`, views' tasks): what a task
/// awaits arrives, and time passes, each followed by the update it causes.
extension ViewHarness {
  /// Resumes the first pending `await` named `name` (`EffectTask.await(_:cancellable:_:catch:)`),
  /// as the awaited work finishing would, then processes the update its code causes. The trace
  /// gets a `mark` named `resume name` first.
  ///
  /// - Returns: Whether an `await` of that name was pending (none is after its task was
  ///   cancelled, or before the task started).
  @discardableResult
  public func resume(_ name: String) -> Bool {
    guard AppEffects.resume(name) else { return false }
    Trace.mark("resume \(name)")
    flush()
    return true
  }

  /// Fails the first pending `await` named `name`, as the awaited work throwing would: its
  /// `catch` code runs (`EffectTask.await(_:cancellable:_:catch:)`), then the update it causes.
  /// The trace gets a `mark` named `fail name` first.
  ///
  /// - Returns: Whether an `await` of that name was pending.
  @discardableResult
  public func fail(_ name: String) -> Bool {
    guard AppEffects.resume(name, failing: true) else { return false }
    Trace.mark("fail \(name)")
    flush()
    return true
  }

  /// Pulls to refresh the view that declares `.refreshable` (``ViewContent/refreshable(_:)``,
  /// the first in the tree's order, or of type `type`, or at `node`): its action starts as a
  /// task inside an `action` span named `refresh`, then the update follows; what it awaits
  /// resumes when the test says.
  ///
  /// - Returns: Whether such a view was found.
  @discardableResult
  public func refresh(in type: (any HarnessView.Type)? = nil, node: Int? = nil) -> Bool {
    guard let (owner, refresh) = firstMounted(in: type, node: node, { $0.declared.refresh }) else { return false }
    Trace.action("refresh", node: owner.id, binding: false) { refresh(EffectTask(name: "refresh")) }
    flush()
    return true
  }

  /// Moves the test clock on by `duration`: the sleeps that end and the timers that fire in
  /// that time run in order of time, those due at one instant together (in the order they
  /// were scheduled), each instant followed by the update its work causes, as the main run
  /// loop runs the jobs due in one turn before it updates the views. Each instant is a `mark`
  /// in the trace, `clock 1.5 seconds`, before what was due then.
  public func advance(by duration: Duration) {
    let end = AppEffects.now + duration
    while let instant = AppEffects.nextDue(until: end) {
      Trace.mark("clock \(instant)")
      while AppEffects.runNextDue(until: instant) != nil {}
      flush()
    }
    _ = AppEffects.runNextDue(until: end)
  }
}
