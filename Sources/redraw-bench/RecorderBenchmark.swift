import Foundation
import Observation
import RedrawTrace

/// Measures what recording costs the calling thread, in nanoseconds per event.
///
/// Each case runs a loop of recording calls several times and reports the median.
/// `off` is a call while recording is off (one atomic load and a branch); `memory`
/// and `file` record explicit `read` events, named by hand or by key path; `tracked` reads a `@Tracked` property,
/// which also reports to the Observation registrar; `@Observable+Redraw` reads and writes
/// a property of an unchanged `@Observable` class that records through a `ModelTracking`.
/// Cases that read or write an observable property are printed beside `@Observable`'s
/// own read or write.
struct RecorderBenchmark {
  let events: Int
  let runs: Int
  let directory: String
  /// Runs only the cases whose name contains this, when set.
  let only: String?

  // MARK: - Cases

  struct Figure {
    let name: String
    let nanosecondsPerEvent: Double
    /// The `@Observable` case this one compares with, if any.
    var baseline: String? = nil
    /// The baseline measured in runs alternating with this case's, when it was.
    var pairedBaseline: Double? = nil
  }

  func run() throws -> [Figure] {
    let model = BenchModel()
    let plain = PlainBenchModel()
    var figures: [Figure] = []
    func selected(_ name: String) -> Bool { only.map { name.contains($0) } ?? true }
    if selected("off (explicit read)") {
      figures.append(
        Figure(
          name: "off (explicit read)",
          nanosecondsPerEvent: measure(events * 10) { count in
            for _ in 0..<count { Trace.read(model, type: "BenchModel", property: "value") }
          }))
    }
    if selected("off (explicit read, key path)") {
      figures.append(
        Figure(
          name: "off (explicit read, key path)",
          nanosecondsPerEvent: measure(events * 10) { count in
            for _ in 0..<count { Trace.read(plain, \.value) }
          }))
    }
    if selected("off (explicit read, a call each)") {
      figures.append(
        Figure(
          name: "off (explicit read, a call each)",
          nanosecondsPerEvent: measure(events * 10) { count in
            for _ in 0..<count { readThroughACall(model) }
          }))
    }
    if selected("off (@Tracked read)") {
      figures.append(
        Figure(
          name: "off (@Tracked read)",
          nanosecondsPerEvent: measure(events * 10) { count in
            var sum = 0
            for _ in 0..<count { sum &+= model.value }
            blackHole(sum)
          }, baseline: "@Observable read"))
    }
    let observable = ObservableBenchModel()
    // The baselines: always measured, to be printed beside the cases.
    do {
      figures.append(
        Figure(
          name: "@Observable read",
          nanosecondsPerEvent: measure(events * 10) { count in
            var sum = 0
            for _ in 0..<count { sum &+= observable.value }
            blackHole(sum)
          }))
    }
    do {
      figures.append(
        Figure(
          name: "@Observable write",
          nanosecondsPerEvent: measure(events * 10) { count in
            for index in 0..<count { observable.value = index }
          }))
    }
    if selected("off (@Tracked write)") {
      figures.append(
        Figure(
          name: "off (@Tracked write)",
          nanosecondsPerEvent: measure(events * 10) { count in
            for index in 0..<count { model.value = index }
          }, baseline: "@Observable write"))
    }
    let memory = MemoryTraceSink()
    if selected("memory (explicit read)") {
      figures.append(
        Figure(
          name: "memory (explicit read)",
          nanosecondsPerEvent: try recording(.memory(memory)) { count in
            for _ in 0..<count { Trace.read(model, type: "BenchModel", property: "value") }
          }))
    }
    memory.removeAll()
    if selected("memory (explicit read, key path)") {
      figures.append(
        Figure(
          name: "memory (explicit read, key path)",
          nanosecondsPerEvent: try recording(.memory(memory)) { count in
            for _ in 0..<count { Trace.read(plain, \.value) }
          }))
    }
    memory.removeAll()
    if selected("memory (@Tracked read)") {
      figures.append(
        Figure(
          name: "memory (@Tracked read)",
          nanosecondsPerEvent: try recording(.memory(memory)) { count in
            var sum = 0
            for _ in 0..<count { sum &+= model.value }
            blackHole(sum)
          }, baseline: "@Observable read"))
    }
    memory.removeAll()
    let path = directory + "/redraw-bench-recorder.jsonl"
    if selected("file (explicit read)") {
      figures.append(
        Figure(
          name: "file (explicit read)",
          nanosecondsPerEvent: try recording(.file(path)) { count in
            for _ in 0..<count { Trace.read(model, type: "BenchModel", property: "value") }
          }))
    }
    if selected("file (explicit read, key path)") {
      figures.append(
        Figure(
          name: "file (explicit read, key path)",
          nanosecondsPerEvent: try recording(.file(path)) { count in
            for _ in 0..<count { Trace.read(plain, \.value) }
          }))
    }
    if selected("file (@Tracked read)") {
      figures.append(
        Figure(
          name: "file (@Tracked read)",
          nanosecondsPerEvent: try recording(.file(path)) { count in
            var sum = 0
            for _ in 0..<count { sum &+= model.value }
            blackHole(sum)
          }, baseline: "@Observable read"))
    }
    if selected("file (@Tracked write)") {
      figures.append(
        Figure(
          name: "file (@Tracked write)",
          nanosecondsPerEvent: try recording(.file(path)) { count in
            for index in 0..<count { model.value = index }
          }, baseline: "@Observable write"))
    }
    figures += try observableCases(path: path, selected: selected)
    try? FileManager.default.removeItem(atPath: path)
    return figures
  }

  // MARK: - Timing

  func recording(_ destination: TraceDestination, _ body: (Int) -> Void) throws -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
      try Trace.start(destination, scenario: "bench")
      let start = DispatchTime.now().uptimeNanoseconds
      body(events)
      let elapsed = DispatchTime.now().uptimeNanoseconds - start
      Trace.stop()
      samples.append(Double(elapsed) / Double(events))
    }
    return median(samples)
  }

  func measure(_ count: Int, _ body: (Int) -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      body(count)
      let elapsed = DispatchTime.now().uptimeNanoseconds - start
      samples.append(Double(elapsed) / Double(count))
    }
    return median(samples)
  }
}

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
