import Dispatch
import RedrawPlatform
import Testing

@Suite struct ArrayMovingTests {
  /// Pieces of every shape, empty ones among them, join in order.
  @Test(arguments: [
    [[String]](), [[]], [["a"]], [["a", "b", "c"]], [[], ["a"], [], ["b", "c"], []],
    [["a", "b"], ["c"], ["d", "e", "f"]], (0..<50).map { piece in (0..<(piece % 7)).map { "\(piece).\($0)" } },
  ])
  func joiningKeepsTheOrder(pieces: [[String]]) {
    #expect([String].joining(movingFrom: pieces) == Array(pieces.joined()))
  }

  /// Every permutation of four elements, and larger ones with one long cycle, the reversal,
  /// the identity and one of many cycles: each index takes the element `order` names.
  @Test func permutingTakesEachElementFromItsIndex() {
    var orders: [[Int]] = [[], [0]]
    for a in 0..<4 {
      for b in 0..<4 where b != a {
        for c in 0..<4 where c != a && c != b { orders.append([a, b, c, 6 - a - b - c]) }
      }
    }
    let n = 1_000
    orders.append(Array(0..<n))
    orders.append(Array((0..<n).reversed()))
    orders.append((0..<n).map { ($0 + 1) % n })
    // Multiplying by a number prime to `n` permutes the indices in many cycles of
    // different lengths.
    orders.append((0..<n).map { $0 * 7_919 % n })
    for order in orders {
      let original = order.indices.map { "element \($0)" }
      var permuted = original
      permuted.permute(takingFrom: order)
      #expect(permuted == order.map { original[$0] }, "order \(order.prefix(8))")
    }
    #expect(orders.count == 2 + 24 + 4)
  }

  /// Elements that hold objects: each object is released once, when the result goes, so no
  /// element was lost, kept twice or freed while still in the result.
  @Test func movedElementsAreReleasedOnce() {
    let releases = ReleaseCount()
    do {
      let pieces = (0..<20).map { piece in (0..<(piece % 4)).map { Tracked(id: piece * 10 + $0, releases: releases) } }
      let ids = pieces.joined().map(\.id)
      var joined = [Tracked].joining(movingFrom: pieces)
      #expect(joined.map(\.id) == ids)
      let order = (0..<joined.count).map { $0 * 7 % joined.count }
      joined.permute(takingFrom: order)
      #expect(joined.map(\.id) == order.map { ids[$0] })
      // Held to here: the optimizer may end a value's lifetime at its last use.
      withExtendedLifetime(joined) { #expect(releases.count == 0) }
    }
    #expect(releases.count == 30)
  }
}

extension ArrayMovingTests {
  /// Joining no elements and permuting an empty array on many threads at once: the empty
  /// array is the standard library's one shared storage, and writing its count from two
  /// threads is a data race that ThreadSanitizer (`.ci/run`) reports.
  @Test func emptyArraysAreLeftAloneOnManyThreads() {
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<100 {
        let joined = [String].joining(movingFrom: [[], []])
        var permuted = joined
        permuted.permute(takingFrom: [])
        #expect(permuted.isEmpty)
      }
    }
  }
}

/// Counts the deinitializations of ``Tracked`` objects of one test.
private final class ReleaseCount {
  var count = 0
}

/// An object that counts its deinitialization.
private final class Tracked {
  let id: Int
  let releases: ReleaseCount

  init(id: Int, releases: ReleaseCount) {
    self.id = id
    self.releases = releases
  }

  deinit { releases.count += 1 }
}
