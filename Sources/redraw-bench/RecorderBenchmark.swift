import CRedrawPlatform
import Foundation
import Observation
import RedrawTrace

/// Measures what recording costs the calling thread, in nanoseconds per event.
///
/// The cases are one table (``cases(path:memory:)``): each runs a loop of accesses several
/// times and reports the median. `off` runs while recording is off, `memory` and `file`
/// record into a `MemoryTraceSink` and to a file. A case that reads or writes an
/// observable property alternates its runs with runs of the same loop over a plain
/// `@Observable` class, its baseline, so both see the same machine: this VM's speed
/// changes by a third from one second to the next, which a baseline measured at another
/// moment would count as cost.
struct RecorderBenchmark {
  let events: Int
  let runs: Int
  let directory: String
  /// Runs only the cases whose name contains this, when set.
  let only: String?

  struct Figure {
    let name: String
    let nanosecondsPerEvent: Double
    /// The plain `@Observable` access this case compares with, and its time in the runs
    /// alternating with this case's.
    var baseline: (name: String, nanosecondsPerEvent: Double)? = nil
    /// The timed runs in which the recorder dropped events, of how many runs: a dropped
    /// event is not formatted, so those runs are left out of the median when any run kept
    /// every event, and the figure is printed with a warning when none did.
    var runsDropping: (count: Int, of: Int)? = nil
  }

  // MARK: - Cases

  /// Where a case's events go.
  enum Destination {
    case off, memory, file

    var name: String {
      switch self {
      case .off: "off"
      case .memory: "memory"
      case .file: "file"
      }
    }
  }

  /// One timed loop of `count` accesses.
  struct Case {
    let name: String
    let destination: Destination
    /// The plain `@Observable` loop the case alternates with, if it touches an observable
    /// property.
    var baseline: (name: String, loop: (Int) -> Void)? = nil
    let loop: (Int) -> Void
  }

  /// Every case, for every destination: the explicit API by name and by key path, and a
  /// read, a write and a change in place of a `@Tracked` property and of an `@Observable` class with Redraw's
  /// members (each beside the same access of a plain `@Observable` class).
  func cases() -> [Case] {
    let model = BenchModel()
    let plain = PlainBenchModel()
    let observable = ObservableBenchModel()
    let instrumented = InstrumentedBenchModel()
    let observableRead: (name: String, loop: (Int) -> Void) = (
      "@Observable read",
      { count in
        var sum = 0
        for _ in 0..<count { sum &+= observable.value }
        blackHole(sum)
      }
    )
    let observableWrite: (name: String, loop: (Int) -> Void) = (
      "@Observable write", { count in for index in 0..<count { observable.value = index } }
    )
    let observableChange: (name: String, loop: (Int) -> Void) = (
      "@Observable change in place", { count in for _ in 0..<count { observable.value += 1 } }
    )
    var cases: [Case] = []
    for destination in [Destination.off, .memory, .file] {
      let name = destination.name
      cases += [
        Case(name: "\(name) (explicit read)", destination: destination) { count in
          for _ in 0..<count { Trace.read(model, type: "BenchModel", property: "value") }
        },
        Case(name: "\(name) (explicit read, key path)", destination: destination) { count in
          for _ in 0..<count { Trace.read(plain, \.value) }
        },
      ]
      if destination == .off {
        cases.append(
          Case(name: "off (explicit read, a call each)", destination: .off) { count in
            for _ in 0..<count { readThroughACall(model) }
          })
      }
      cases += [
        Case(name: "\(name) (@Tracked read)", destination: destination, baseline: observableRead) { count in
          var sum = 0
          for _ in 0..<count { sum &+= model.value }
          blackHole(sum)
        },
        Case(name: "\(name) (@Tracked write)", destination: destination, baseline: observableWrite) { count in
          for index in 0..<count { model.value = index }
        },
        Case(name: "\(name) (@Tracked change in place)", destination: destination, baseline: observableChange) {
          count in
          for _ in 0..<count { model.value += 1 }
        },
        Case(name: "\(name) (@Observable+Redraw read)", destination: destination, baseline: observableRead) {
          count in
          var sum = 0
          for _ in 0..<count { sum &+= instrumented.value }
          blackHole(sum)
        },
        Case(name: "\(name) (@Observable+Redraw write)", destination: destination, baseline: observableWrite) {
          count in
          for index in 0..<count { instrumented.value = index }
        },
        Case(
          name: "\(name) (@Observable+Redraw change in place)", destination: destination, baseline: observableChange
        ) { count in
          for _ in 0..<count { instrumented.value += 1 }
        },
      ]
    }
    // What a recorded access pays for its time: the clock a record holds (the counter where
    // the kernel keeps time by it), and the system's monotonic clock.
    cases += [
      Case(name: "clock (a record's)", destination: .off) { count in
        var sum: UInt64 = 0
        for _ in 0..<count { sum &+= redraw_clock_now() }
        blackHole(sum)
      },
      Case(name: "clock (the system's)", destination: .off) { count in
        var sum: UInt64 = 0
        for _ in 0..<count { sum &+= redraw_clock_system_now() }
        blackHole(sum)
      },
    ]
    // What RedrawHarness pays: it collects the reads and writes of each body evaluation.
    cases += [
      Case(name: "collecting (@Tracked read)", destination: .off, baseline: observableRead) { count in
        collectingInBodies(count) { blackHole(model.value) }
      },
      Case(name: "collecting (@Observable+Redraw read)", destination: .off, baseline: observableRead) { count in
        collectingInBodies(count) { blackHole(instrumented.value) }
      },
    ]
    return cases
  }

  // MARK: - Running

  func run() throws -> [Figure] {
    Self.startAThread()
    let memory = MemoryTraceSink()
    let path = directory + "/redraw-bench-recorder.jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var figures: [Figure] = []
    for benchmarkCase in cases() where only.map(benchmarkCase.name.contains) ?? true {
      let destination: TraceDestination? =
        switch benchmarkCase.destination {
        case .off: nil
        case .memory: .memory(memory)
        case .file: .file(path)
        }
      figures.append(try measure(benchmarkCase, recordingTo: destination, emptying: memory))
      memory.removeAll()
    }
    let selected = { (name: String) in only.map(name.contains) ?? true }
    if FirstAccessBenchmark.names.contains(where: selected) {
      figures += try FirstAccessBenchmark.run(memory: memory).filter { selected($0.name) }
    }
    return figures
  }

  /// The median of `runs` runs of the case, each after a run of its baseline, if any.
  ///
  /// A case while off loops ten times as often: one of its accesses takes nanoseconds. A
  /// recording case first runs untimed until a run drops no event (five times at most), so
  /// the memory sink has grown to its size before anything is timed: while it grew, the
  /// writer fell behind and the recorder dropped up to half the events of a run. The median
  /// is of the timed runs that dropped nothing, when there are any.
  private func measure(
    _ benchmarkCase: Case, recordingTo destination: TraceDestination?, emptying memory: MemoryTraceSink
  ) throws -> Figure {
    let count = destination == nil ? events * 10 : events
    if let destination {
      for _ in 0..<5 {
        memory.removeAll(keepingCapacity: true)
        try Trace.start(destination, scenario: "bench")
        benchmarkCase.loop(count)
        Trace.stop()
        if Trace.eventsDroppedSinceStart == 0 { break }
      }
    }
    var baselines: [Double] = []
    var values: [(time: Double, dropped: Bool)] = []
    for _ in 0..<runs {
      if let baseline = benchmarkCase.baseline { baselines.append(time(count, baseline.loop)) }
      memory.removeAll(keepingCapacity: true)
      if let destination { try Trace.start(destination, scenario: "bench") }
      let value = time(count, benchmarkCase.loop)
      if destination != nil { Trace.stop() }
      values.append((value, destination != nil && Trace.eventsDroppedSinceStart > 0))
    }
    let complete = values.filter { !$0.dropped }.map(\.time)
    var figure = Figure(
      name: benchmarkCase.name, nanosecondsPerEvent: median(complete.isEmpty ? values.map(\.time) : complete))
    if let baseline = benchmarkCase.baseline { figure.baseline = (baseline.name, median(baselines)) }
    if destination != nil { figure.runsDropping = (runs - complete.count, runs) }
    return figure
  }

  private func time(_ count: Int, _ body: (Int) -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body(count)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
  }

  /// Creates a thread and waits for it to end, before anything is measured.
  ///
  /// glibc takes an uncontended `pthread_mutex_t` without an atomic instruction for as long
  /// as the process has never created a thread, and the `ObservationRegistrar` locks one on
  /// every write. An app or a test runner has threads, and recording starts its writer's, so
  /// a baseline measured before would be faster than any real one: a plain `@Observable`
  /// write took 41 ns here in a process with one thread, 60 ns after a thread had existed.
  static func startAThread() {
    let ended = DispatchSemaphore(value: 0)
    Thread.detachNewThread { ended.signal() }
    ended.wait()
  }
}

// MARK: - Models

/// The model the benchmark reads.
final class BenchModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var value = 1
}

/// A model recorded through the explicit API, read by key path: a stored property, and the
/// identity the string form's `BenchModel` has too.
final class PlainBenchModel: TraceIdentifiable {
  let traceIdentity = TraceIdentity()
  var value = 1
}

/// The same model as `@Observable` declares it: the baseline of every `@Tracked` figure.
@Observable final class ObservableBenchModel {
  var value = 1
}

/// The same `@Observable` class as ``ObservableBenchModel``, with Redraw's members.
@Observable final class InstrumentedBenchModel: TrackedModel {
  var value = 1

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<InstrumentedBenchModel, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<InstrumentedBenchModel, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

// MARK: - Helpers

/// Runs `access` `count` times, 100 to a collection of accesses, as RedrawHarness collects
/// each body evaluation's.
func collectingInBodies(_ count: Int, _ access: () -> Void) {
  var left = count
  while left > 0 {
    let body = min(left, 100)
    _ = ModelObservation.collectAccesses { for _ in 0..<body { access() } }
    left -= body
  }
}

func median(_ samples: [Double]) -> Double {
  let sorted = samples.sorted()
  return sorted[sorted.count / 2]
}

/// A recording call that the optimizer cannot merge into the loop around it.
@inline(never)
func readThroughACall(_ model: BenchModel) {
  Trace.read(model, type: "BenchModel", property: "value")
}

@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
