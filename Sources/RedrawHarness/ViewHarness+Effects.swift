import RedrawTrace

/// The test's hand on the work app code started (`AppEffects`, views' tasks): what a task
/// awaits arrives, and time passes, each followed by the update it causes.
extension ViewHarness {
  /// Resumes the first pending `await` named `name` (`EffectTask.await(_:cancellable:_:)`),
  /// as the awaited work finishing would, then processes the update its code causes.
  ///
  /// - Returns: Whether an `await` of that name was pending (none is after its task was
  ///   cancelled, or before the task started).
  @discardableResult
  public func resume(_ name: String) -> Bool {
    guard AppEffects.resume(name) else { return false }
    flush()
    return true
  }

  /// Moves the test clock on by `duration`: each sleep that ends and each timer fire in that
  /// time runs in order of time, each followed by the update it causes, as the run loop runs
  /// them one after another.
  public func advance(by duration: Duration) {
    let end = AppEffects.now + duration
    while AppEffects.runNextDue(until: end) { flush() }
  }
}
