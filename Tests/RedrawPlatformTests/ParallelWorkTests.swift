import RedrawPlatform
import Testing

@Suite struct ParallelWorkTests {
  /// Every piece runs once and its result lands at its index, whatever the threads.
  @Test(arguments: [1, 2, 3, 8])
  func resultsAreInIndexOrder(threads: Int) {
    let calls = Locked([Int](repeating: 0, count: 1_000))
    let results = ParallelWork.map(1_000, threads: threads) { index in
      calls.withLock { $0[index] += 1 }
      return String(index * 3)
    }
    #expect(results == (0..<1_000).map { String($0 * 3) })
    #expect(calls.value.allSatisfy { $0 == 1 })
  }

  @Test func noPiecesIsAnEmptyResult() {
    #expect(ParallelWork.map(0, threads: 4) { $0 }.isEmpty)
  }

  /// Pieces of very different sizes: the threads take the short ones while one runs long.
  @Test func aLongPieceDoesNotChangeTheOrder() {
    let results = ParallelWork.map(20, threads: 2) { index in
      (0..<(index == 0 ? 200_000 : 10)).reduce(index) { $0 &+ $1 % 2 }
    }
    #expect(results == (0..<20).map { index in (0..<(index == 0 ? 200_000 : 10)).reduce(index) { $0 &+ $1 % 2 } })
  }
}
