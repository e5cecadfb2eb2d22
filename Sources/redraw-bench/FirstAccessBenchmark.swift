import Foundation
import Observation
import RedrawTrace

/// What the first recorded access to a property of an `@Observable` class costs, when its
/// name is resolved, against a later one, answered by the cache.
///
/// A property's name is resolved once per process, so each figure is the median of one
/// timed read of each of 16 properties (`Int`s holding different values), recording to
/// memory: first reads, then third reads. `named` is the class with the named `access`
/// (the name is checked in `Mirror`); `registrar only` names each key path at run time
/// (16 candidates of one type, told apart by value).
enum FirstAccessBenchmark {
  /// The figures' names, in the order `run` returns them.
  static let names = [
    "first access: first read (named)", "first access: a later read (named)",
    "first access: first read (registrar only)", "first access: a later read (registrar only)",
  ]

  static func run(memory: MemoryTraceSink) throws -> [RecorderBenchmark.Figure] {
    var figures: [RecorderBenchmark.Figure] = []
    try Trace.start(.memory(memory), scenario: "first access")
    defer { Trace.stop() }
    let named = NamedSixteen()
    let (namedFirst, namedLater) = time(named.readers)
    figures.append(.init(name: names[0], nanosecondsPerEvent: namedFirst))
    figures.append(.init(name: names[1], nanosecondsPerEvent: namedLater))
    let runtime = RuntimeNamedSixteen()
    let (runtimeFirst, runtimeLater) = time(runtime.readers)
    figures.append(.init(name: names[2], nanosecondsPerEvent: runtimeFirst))
    figures.append(.init(name: names[3], nanosecondsPerEvent: runtimeLater))
    return figures
  }

  /// The median time of each reader's first call, and of its third (a key path is cached
  /// once seen twice).
  private static func time(_ readers: [() -> Int]) -> (first: Double, later: Double) {
    var first: [Double] = []
    var later: [Double] = []
    for pass in 0..<3 {
      for read in readers {
        let start = DispatchTime.now().uptimeNanoseconds
        blackHole(read())
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        if pass == 0 { first.append(elapsed) } else if pass == 2 { later.append(elapsed) }
      }
    }
    return (median(first), median(later))
  }
}

// MARK: - Models

/// Sixteen `Int` properties and the named `access`.
@Observable final class NamedSixteen: TrackedModel {
  var p0 = 0
  var p1 = 1
  var p2 = 2
  var p3 = 3
  var p4 = 4
  var p5 = 5
  var p6 = 6
  var p7 = 7
  var p8 = 8
  var p9 = 9
  var p10 = 10
  var p11 = 11
  var p12 = 12
  var p13 = 13
  var p14 = 14
  var p15 = 15

  var readers: [() -> Int] {
    [
      { self.p0 }, { self.p1 }, { self.p2 }, { self.p3 }, { self.p4 }, { self.p5 }, { self.p6 }, { self.p7 },
      { self.p8 }, { self.p9 }, { self.p10 }, { self.p11 }, { self.p12 }, { self.p13 }, { self.p14 }, { self.p15 },
    ]
  }

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<NamedSixteen, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<NamedSixteen, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// The same with the registrar alone.
@Observable final class RuntimeNamedSixteen: TrackedModel {
  var p0 = 0
  var p1 = 1
  var p2 = 2
  var p3 = 3
  var p4 = 4
  var p5 = 5
  var p6 = 6
  var p7 = 7
  var p8 = 8
  var p9 = 9
  var p10 = 10
  var p11 = 11
  var p12 = 12
  var p13 = 13
  var p14 = 14
  var p15 = 15

  var readers: [() -> Int] {
    [
      { self.p0 }, { self.p1 }, { self.p2 }, { self.p3 }, { self.p4 }, { self.p5 }, { self.p6 }, { self.p7 },
      { self.p8 }, { self.p9 }, { self.p10 }, { self.p11 }, { self.p12 }, { self.p13 }, { self.p14 }, { self.p15 },
    ]
  }

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
}
