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
  /// resumes `name`; `failure`, the `catch` the awaited error reaches, when the test fails it:
  /// `task.await("items") { … } catch: { … }`.
  ///
  /// - Parameters:
  ///   - name: What is awaited, as a test names it: `"feed response"`.
  ///   - cancellable: Whether the awaited work throws when the task is cancelled
  ///     (`try await URLSession…`, `try await Task.sleep`): then `then` never runs after a
  ///     cancellation, and `failure` runs instead, as a job of its own. False for work that
  ///     finishes anyway.
  ///   - then: The code after the `await`.
  ///   - failure: The code a thrown error runs (`catch { … }`): at `harness.fail(name)`, or
  ///     after a cancellation. Without it, a failure skips the rest of the task.
  public func `await`(
    _ name: String, cancellable: Bool = true, _ then: @escaping () -> Void, catch failure: (() -> Void)? = nil
  ) {
    suspend(name: name, due: nil, cancellable: cancellable, failure: failure, then)
  }

  /// Sleeps for `duration` of the test clock, as `try await Task.sleep(for:)`: `then` runs when
  /// a test's `harness.advance(by:)` passes the end, unless the task was cancelled first.
  ///
  /// - Parameters:
  ///   - duration: How long it sleeps, on the test clock.
  ///   - then: The code after the sleep.
  ///   - failure: The code a cancellation runs instead (`catch { … }`), as a job of its own;
  ///     for `try? await Task.sleep(…)`, which goes on at once, the code after it again.
  public func sleep(
    for duration: Duration, _ then: @escaping () -> Void, catch failure: (() -> Void)? = nil
  ) {
    let registry = EffectRegistry.current
    let due = DueTime(time: registry.now + duration, sequence: registry.nextSequence())
    suspend(name: "sleep \(duration)", due: due, cancellable: true, failure: failure, then)
  }

  /// Cancels the task: what waits on its cancellable `await`s and sleeps will not run; their
  /// `catch` code runs after the current update, as the thrown `CancellationError` reaches it.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    let registry = EffectRegistry.current
    for suspension in registry.suspensions where suspension.task === self && suspension.cancellable {
      if let failure = suspension.failure { registry.starts.append(failure) }
    }
    registry.suspensions.removeAll { $0.task === self && $0.cancellable }
  }

  private func suspend(
    name: String, due: DueTime?, cancellable: Bool, failure: (() -> Void)?, _ then: @escaping () -> Void
  ) {
    if isCancelled, cancellable {
      if let failure { EffectRegistry.current.starts.append(failure) }
      return
    }
    EffectRegistry.current.suspensions.append(
      Suspension(task: self, name: name, due: due, cancellable: cancellable, failure: failure, then: then))
  }

  /// A task waiting: on an `await` the test resumes by name, or until a time on the clock.
  struct Suspension {
    let task: EffectTask
    let name: String
    /// When a sleep ends; nil for an `await`.
    let due: DueTime?
    let cancellable: Bool
    /// The `catch` code an error runs, if any.
    let failure: (() -> Void)?
    let then: () -> Void
  }
}
