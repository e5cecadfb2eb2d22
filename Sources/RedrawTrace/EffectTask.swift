/// A task started with ``AppEffects/task(_:file:line:_:)-(_,_,_,(EffectTask)->Void)`` or a
/// view's `content.task`: the handle its work uses to `await` and to sleep, as the code of a
/// Swift `Task` does, and to see whether it was cancelled.
///
/// The code after an `await` runs when the test resumes it (`harness.resume("name")`), after
/// a sleep when the test clock passes its end (`harness.advance(by:)`): each in an update of
/// its own, as the main actor runs the rest of a task as a new job.
///
/// Cancelling the task (``cancel()``, or SwiftUI ending a view's task when the view
/// disappears or its `id` changes) drops what waits on a cancellable `await` or a sleep, as
/// `try await` throws `CancellationError` there and the rest does not run; the code after a
/// non-cancellable `await` still runs, and can ask ``isCancelled``.
public final class EffectTask {
  /// The name the task was started with.
  public let name: String
  /// Whether the task was cancelled, as `Task.isCancelled` tells.
  public private(set) var isCancelled = false

  package init(name: String) {
    self.name = name
  }

  /// Suspends at an `await` named `name`: `then`, the code after it, runs when the test
  /// resumes `name`.
  ///
  /// - Parameters:
  ///   - name: What is awaited, as a test names it: `"feed response"`.
  ///   - cancellable: Whether the awaited work throws when the task is cancelled
  ///     (`try await URLSession…`, `try await Task.sleep`): then `then` never runs after a
  ///     cancellation. False for work that finishes anyway.
  ///   - then: The code after the `await`.
  public func `await`(_ name: String, cancellable: Bool = true, _ then: @escaping () -> Void) {
    suspend(name: name, due: nil, cancellable: cancellable, then)
  }

  /// Sleeps for `duration` of the test clock, as `try await Task.sleep(for:)`: `then` runs when
  /// a test's `harness.advance(by:)` passes the end, unless the task was cancelled first.
  public func sleep(for duration: Duration, _ then: @escaping () -> Void) {
    let registry = EffectRegistry.current
    let due = DueTime(time: registry.now + duration, sequence: registry.nextSequence())
    suspend(name: "sleep \(duration)", due: due, cancellable: true, then)
  }

  /// Cancels the task: what waits on its cancellable `await`s and sleeps will not run.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    EffectRegistry.current.suspensions.removeAll { $0.task === self && $0.cancellable }
  }

  private func suspend(name: String, due: DueTime?, cancellable: Bool, _ then: @escaping () -> Void) {
    if isCancelled, cancellable { return }
    EffectRegistry.current.suspensions.append(
      Suspension(task: self, name: name, due: due, cancellable: cancellable, then: then))
  }

  /// A task waiting: on an `await` the test resumes by name, or until a time on the clock.
  struct Suspension {
    let task: EffectTask
    let name: String
    /// When a sleep ends; nil for an `await`.
    let due: DueTime?
    let cancellable: Bool
    let then: () -> Void
  }
}
