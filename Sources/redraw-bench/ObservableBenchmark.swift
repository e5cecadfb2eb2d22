import Foundation
import Observation
import RedrawTrace

/// The cases of an unchanged `@Observable` class with Redraw's members: reads and writes
/// while off, recording to memory and to a file, each measured in runs that alternate
/// with runs of the same loop over a plain `@Observable` class, so that both see the same
/// machine (this VM's speed changes by a third from one second to the next).
extension RecorderBenchmark {
  func observableCases(path: String, selected: (String) -> Bool) throws -> [Figure] {
    let plain = ObservableBenchModel()
    let model = InstrumentedBenchModel()
    let memory = MemoryTraceSink()
    var figures: [Figure] = []
    let loops: [(kind: String, plain: (Int) -> Void, instrumented: (Int) -> Void)] = [
      (
        "read",
        { count in
          var sum = 0
          for _ in 0..<count { sum &+= plain.value }
          blackHole(sum)
        },
        { count in
          var sum = 0
          for _ in 0..<count { sum &+= model.value }
          blackHole(sum)
        }
      ),
      (
        "write",
        { count in for index in 0..<count { plain.value = index } },
        { count in for index in 0..<count { model.value = index } }
      ),
    ]
    for loop in loops {
      let baseline = "@Observable \(loop.kind)"
      let destinations: [(name: String, destination: TraceDestination?)] = [
        ("off", nil), ("memory", .memory(memory)), ("file", .file(path)),
      ]
      for (name, destination) in destinations where selected("\(name) (@Observable+Redraw \(loop.kind))") {
        let (base, value) = try paired(destination, loop.plain, loop.instrumented)
        figures.append(
          Figure(
            name: "\(name) (@Observable+Redraw \(loop.kind))", nanosecondsPerEvent: value, baseline: baseline,
            pairedBaseline: base))
        memory.removeAll()
      }
    }
    if selected("first access") {
      figures += try FirstAccessBenchmark.run(memory: memory)
      memory.removeAll()
    }
    return figures
  }

  /// The medians of `runs` runs of `baseline` (never recording) and of `body` (recording
  /// to `destination`, if any), alternating.
  private func paired(
    _ destination: TraceDestination?, _ baseline: (Int) -> Void, _ body: (Int) -> Void
  ) throws -> (baseline: Double, value: Double) {
    let count = destination == nil ? events * 10 : events
    var baselines: [Double] = []
    var values: [Double] = []
    for _ in 0..<runs {
      baselines.append(time(count, baseline))
      if let destination { try Trace.start(destination, scenario: "bench") }
      values.append(time(count, body))
      if destination != nil { Trace.stop() }
    }
    return (median(baselines), median(values))
  }

  private func time(_ count: Int, _ body: (Int) -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body(count)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
  }
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
