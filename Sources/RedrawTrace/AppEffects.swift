/// Stand-ins for the work app code starts: a `Task` (with the `await`s in it), a notification
/// observer, a timer. Each records its effect where it starts (so an initializer that starts
/// one has an effect, as in an app) and runs its work on the thread that started it, where a
/// test drives it through a `ViewHarness`: tasks start after the current update, the code
/// after an `await` runs when the test resumes it, and sleeps and timers run on a test clock.
/// They live here, with the recorder, so a model library that links only RedrawTrace can use
/// them (docs/harness.md, "What app code starts").
///
/// ```swift
/// init() {
///   AppEffects.task("load feed") { [self] task in
///     isLoading = true
///     task.await("feed response") { [self] in
///       posts = ["Hello"]
///       isLoading = false
///     }
///   }
///   AppEffects.observe("didBecomeActive") { [self] in lastSeen += 1 }
/// }
/// …
/// harness.flush()                          // starts the task: isLoading
/// harness.resume("feed response")          // the response arrives: posts, one update
/// AppEffects.post("didBecomeActive")       // runs every observer of the name
/// ```
///
/// Like their counterparts, each keeps what its closure captures alive: a task until it has
/// run, an observer or a timer until it is cancelled (as a block-based `NotificationCenter`
/// observer lives until it is removed, and a scheduled `Timer` until it is invalidated,
/// whether or not anyone keeps the token). An instance that registers an observer on itself
/// in `init` and is then discarded lives on, and its observer keeps writing to it: the leak
/// the `repeated-init` rule reports.
///
/// Work is kept per thread, so tests running in parallel do not run each other's.
public enum AppEffects {
  /// Starts `work` as `Task { … }` would: records a `task` effect now and runs `work` after
  /// the current update (at the next `ViewHarness.flush()`, or ``runTasks()``) on this thread,
  /// as the main actor runs a task after the update that started it. `work` runs up to its
  /// first ``EffectTask/await(_:cancellable:_:catch:)`` or ``EffectTask/sleep(for:_:catch:)``.
  ///
  /// - Returns: The task, which the caller may keep to cancel it (`loadTask?.cancel()`).
  @discardableResult
  public static func task(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, _ work: @escaping (EffectTask) -> Void
  ) -> EffectTask {
    Trace.effect(.task, name, file: file, line: line)
    let task = EffectTask(name: name)
    EffectRegistry.current.starts.append { work(task) }
    return task
  }

  /// ``task(_:file:line:_:)-(_,_,_,(EffectTask)->Void)`` for work with no `await`.
  @discardableResult
  public static func task(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, _ work: @escaping () -> Void
  ) -> EffectTask {
    task(name, file: file, line: line) { _ in work() }
  }

  /// Registers `work` for the notification `name`, as `NotificationCenter.addObserver(forName:…)`
  /// would: records an `observer` effect now; `work` runs at every ``post(_:)`` of `name` on
  /// this thread.
  ///
  /// - Returns: A token to cancel the observer with. Discarding it (`_ =`) does not remove the
  ///   observer, as with `NotificationCenter`: it runs for the thread's life.
  @discardableResult
  public static func observe(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, _ work: @escaping () -> Void
  ) -> ObserverToken {
    Trace.effect(.observer, name, file: file, line: line)
    let registry = EffectRegistry.current
    let token = ObserverToken(name: name, work: work, registry: registry)
    registry.observers.append(token)
    return token
  }

  /// Schedules `fire` every `interval` of the test clock, as `Timer.scheduledTimer(withTimeInterval:
  /// repeats: true)` would: records a `timer` effect now; `fire` runs each time a test's
  /// `harness.advance(by:)` passes a multiple of `interval` from now, each in its own update.
  ///
  /// - Returns: A token to invalidate the timer with. Discarding it does not stop the timer, as
  ///   with `Timer`: it fires for the thread's life.
  @discardableResult
  public static func timer(
    _ name: String, every interval: Duration, file: StaticString = #filePath, line: UInt = #line,
    _ fire: @escaping () -> Void
  ) -> EffectSubscription {
    Trace.effect(.timer, name, file: file, line: line)
    let registry = EffectRegistry.current
    let subscription = EffectTimer(every: interval).subscribe { _ in fire() }
    registry.scheduled.append(subscription)
    return subscription
  }

  /// The publisher of the notification `name` on this thread, as
  /// `NotificationCenter.default.publisher(for: name)`: the same object every time, as that
  /// publisher is equal to another for the same name, so a view's `onReceive` of it keeps its
  /// subscription across evaluations. It emits at every ``post(_:)`` of `name`.
  public static func publisher(for name: String) -> EffectSubject<Void> {
    let registry = EffectRegistry.current
    if let subject = registry.notifications[name] { return subject }
    let subject = EffectSubject<Void>()
    registry.notifications[name] = subject
    return subject
  }

  /// Posts the notification `name`: runs every observer of it registered on this thread, in
  /// the order they were registered, then every subscriber to its ``publisher(for:)``. Their
  /// writes invalidate views at the next flush.
  public static func post(_ name: String) {
    Trace.mark("post \(name)")
    let registry = EffectRegistry.current
    for observer in registry.observers where observer.name == name {
      observer.work?()
    }
    registry.notifications[name]?.send(())
  }

  /// Runs the jobs queued so far on this thread, in order: tasks started, each up to its first
  /// `await`, and code after an `await` or a sleep that is ready. What they queue (a task that
  /// starts a task) waits for the next call, as the main queue runs only what was queued
  /// before its drain began and SwiftUI updates before the next one (docs/harness.md, "Tasks
  /// that await").
  ///
  /// - Returns: Whether any job ran.
  @discardableResult
  public static func runTasks() -> Bool {
    let registry = EffectRegistry.current
    let jobs = registry.starts
    registry.starts.removeAll()
    for job in jobs { job() }
    return !jobs.isEmpty
  }

  /// Whether jobs are queued for the next ``runTasks()``.
  package static var hasQueuedJobs: Bool { !EffectRegistry.current.starts.isEmpty }

  /// Queues `job` for the next ``runTasks()``, as a job enqueued on the main actor.
  package static func enqueue(_ job: @escaping () -> Void) {
    EffectRegistry.current.starts.append(job)
  }

  /// The names of the `await`s and sleeps of this thread's tasks that have not resumed yet,
  /// in the order they began.
  public static var suspended: [String] { EffectRegistry.current.suspensions.map(\.name) }

  /// The test clock's time on this thread: how far `harness.advance(by:)` has moved it.
  public static var now: Duration { EffectRegistry.current.now }

  /// Forgets this thread's tasks, suspensions, observers and timers, and sets its clock back
  /// to zero, for a test that starts afresh.
  public static func reset() {
    let registry = EffectRegistry.current
    registry.starts.removeAll()
    registry.suspensions.removeAll()
    registry.observers.removeAll()
    registry.notifications.removeAll()
    for subscription in registry.scheduled { subscription.cancel() }
    registry.scheduled.removeAll()
    registry.timers.removeAll()
    registry.now = .zero
  }

  // MARK: - Driving (for the harness, which flushes after each)

  /// Queues the code after the first pending `await` named `name`, or, when `failing`, the
  /// `catch` code its error reaches (nothing when it has none), for the next ``runTasks()``.
  ///
  /// - Returns: Whether one was pending.
  package static func resume(_ name: String, failing: Bool = false) -> Bool {
    let registry = EffectRegistry.current
    guard let index = registry.suspensions.firstIndex(where: { $0.name == name && $0.due == nil }) else {
      return false
    }
    // The rest of the task is a job of its own, run with the next drain of the queue.
    let suspension = registry.suspensions.remove(at: index)
    if failing {
      if let failure = suspension.failure { registry.starts.append(failure) }
    } else {
      registry.starts.append(suspension.then)
    }
    return true
  }

  /// When the earliest sleep ends or timer fires, if at or before `end`; the clock stays.
  package static func nextDue(until end: Duration) -> Duration? {
    let (sleep, timer) = earliest()
    return [sleep?.due.time, timer?.due.time].compactMap { $0 }.filter { $0 <= end }.min()
  }

  /// The sleep that ends first (with its index) and the timer that fires first.
  private static func earliest() -> (sleep: (due: DueTime, index: Int)?, timer: (due: DueTime, timer: EffectTimer)?) {
    let registry = EffectRegistry.current
    let sleep = registry.suspensions.indices.compactMap { index in
      registry.suspensions[index].due.map { (due: $0, index: index) }
    }.min { $0.due < $1.due }
    let timer = registry.timers.compactMap { timer in timer.due.map { (due: $0, timer: timer) } }.min {
      $0.due < $1.due
    }
    return (sleep, timer)
  }

  /// Moves the clock to the earliest sleep's end or timer's fire at or before `end` and fires
  /// the timer, or queues the code after the sleep for the next ``runTasks()``; or, when there
  /// is none, moves the clock to `end`.
  ///
  /// - Returns: When what fired or was queued was due (the caller takes what else is due
  ///   then, updates, and asks again), or nil when nothing was due.
  package static func runNextDue(until end: Duration) -> Duration? {
    let registry = EffectRegistry.current
    let (sleep, timer) = earliest()
    let next = [sleep?.due, timer?.due].compactMap { $0 }.filter { $0.time <= end }.min()
    guard let next else {
      registry.now = max(registry.now, end)
      return nil
    }
    registry.now = max(registry.now, next.time)
    if let sleep, sleep.due == next {
      // A task's sleep ends as a job on the main queue; a run-loop timer fires at once.
      registry.starts.append(registry.suspensions.remove(at: sleep.index).then)
    } else {
      timer?.timer.fire()
    }
    return next.time
  }
}

/// The tasks, suspensions, observers, timers and clock of one thread.
final class EffectRegistry {
  /// Tasks started and not yet run.
  var starts: [() -> Void] = []
  var suspensions: [EffectTask.Suspension] = []
  var observers: [ObserverToken] = []
  /// The publishers of notifications, by name.
  var notifications: [String: EffectSubject<Void>] = [:]
  /// The timers connected now, and the scheduled ones' subscriptions, kept until cancelled.
  var timers: [EffectTimer] = []
  var scheduled: [EffectSubscription] = []
  var now: Duration = .zero
  /// Orders what falls due at one time as it was scheduled.
  private var sequence = 0

  func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  static var current: EffectRegistry { ThreadContext.effects }
}

/// When something falls due on the test clock, and its place among those due then.
struct DueTime: Comparable {
  var time: Duration
  var sequence: Int

  static func < (lhs: DueTime, rhs: DueTime) -> Bool { (lhs.time, lhs.sequence) < (rhs.time, rhs.sequence) }
}

/// An observer registered with ``AppEffects/observe(_:file:line:_:)``.
public final class ObserverToken {
  let name: String
  private(set) var work: (() -> Void)?
  private weak var registry: EffectRegistry?

  init(name: String, work: @escaping () -> Void, registry: EffectRegistry) {
    self.name = name
    self.work = work
    self.registry = registry
  }

  /// Removes the observer: it runs no more, and its closure (with what it captured) is
  /// released now.
  public func cancel() {
    work = nil
    registry?.observers.removeAll { $0 === self }
  }
}
