import Foundation
import RedrawTrace

/// Stand-ins for the work app code starts, above all in initializers: a `Task`, a
/// notification observer. Each records its effect where it starts (so an initializer that
/// starts one has an effect, as in an app) and runs its work inside the recording, on the
/// harness's thread, where a test can drive it:
///
/// ```swift
/// init() {
///   AppEffects.task("load feed") { [self] in posts = ["Hello"] }
///   AppEffects.observe("didBecomeActive") { [self] in lastSeen += 1 }
/// }
/// …
/// harness.flush()                          // runs the tasks started so far
/// AppEffects.post("didBecomeActive")       // runs every observer of the name
/// ```
///
/// Like their counterparts, both keep what their closure captures alive: a task until it
/// has run, an observer until its token is cancelled (as a block-based `NotificationCenter`
/// observer lives until it is removed, whether or not anyone keeps its token). An instance
/// that registers an observer on itself in `init` and is then discarded lives on, and its
/// observer keeps writing to it: the leak the `repeated-init` rule reports.
///
/// Work is kept per thread, so tests running in parallel do not run each other's tasks.
public enum AppEffects {
  /// Starts `work` as `Task { … }` would: records a `task` effect now and runs `work` at the
  /// next ``ViewHarness/flush()`` (or ``runTasks()``) on this thread, as the main actor
  /// runs a task after the current update.
  public static func task(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, _ work: @escaping () -> Void
  ) {
    Trace.effect(.task, name, file: file, line: line)
    Registry.current.tasks.append(work)
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
    let registry = Registry.current
    let token = ObserverToken(name: name, work: work, registry: registry)
    registry.observers.append(token)
    return token
  }

  /// Posts the notification `name`: runs every observer of it registered on this thread, in
  /// the order they were registered. Their writes invalidate views at the next flush.
  public static func post(_ name: String) {
    Trace.mark("post \(name)")
    for observer in Registry.current.observers where observer.name == name {
      observer.work?()
    }
  }

  /// Runs the tasks started so far on this thread, and those they start, in order.
  public static func runTasks() {
    let registry = Registry.current
    while !registry.tasks.isEmpty {
      let work = registry.tasks.removeFirst()
      work()
    }
  }

  /// Forgets this thread's tasks and observers, for a test that starts afresh.
  public static func reset() {
    Registry.current.tasks.removeAll()
    Registry.current.observers.removeAll()
  }

  /// The tasks and observers of one thread.
  final class Registry {
    var tasks: [() -> Void] = []
    var observers: [ObserverToken] = []

    static var current: Registry {
      let key = "dev.redraw.harness.app-effects"
      if let registry = Thread.current.threadDictionary[key] as? Registry { return registry }
      let registry = Registry()
      Thread.current.threadDictionary[key] = registry
      return registry
    }
  }
}

/// An observer registered with ``AppEffects/observe(_:file:line:_:)``.
public final class ObserverToken {
  let name: String
  private(set) var work: (() -> Void)?
  private weak var registry: AppEffects.Registry?

  init(name: String, work: @escaping () -> Void, registry: AppEffects.Registry) {
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
