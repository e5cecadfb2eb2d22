import Dispatch
import RedrawPlatform
import Testing

@Suite struct LockedTests {
  @Test func incrementsFromManyThreadsAreNotLost() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
    }
    #expect(counter.value == 80_000)
  }

  /// A lock that guards a section of code: the sections of many threads do not overlap.
  @Test func aLockOfNoValueRunsOneSectionAtATime() {
    final class Tally: @unchecked Sendable {
      var inside = 0
      var most = 0
      var sections = 0
    }
    let lock = Locked<Void>(())
    let tally = Tally()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<2_000 {
        lock.withLock {
          tally.inside += 1
          tally.most = max(tally.most, tally.inside)
          tally.sections += 1
          tally.inside -= 1
        }
      }
    }
    #expect(tally.sections == 16_000)
    #expect(tally.most == 1)
  }

  @Test func withLockReturnsTheBodysResultAndRethrows() {
    struct Refused: Error {}
    let names = Locked(["a"])
    #expect(names.withLock { $0.count } == 1)
    #expect(throws: Refused.self) { try names.withLock { _ in throw Refused() } }
    // The lock was released by the throw: taking it again does not deadlock.
    names.withLock { $0.append("b") }
    #expect(names.value == ["a", "b"])
  }
}

@Suite struct AtomicIntTests {
  @Test func fetchAddFromManyThreadsCountsEveryAdd() {
    let counter = AtomicInt(5)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { counter.fetchAdd(1) }
    }
    #expect(counter.load() == 80_005)
  }

  @Test func fetchAddAndExchangeReturnTheValueBefore() {
    let value = AtomicInt(-1)
    #expect(value.fetchAdd(3) == -1)
    #expect(value.exchange(9) == 2)
    #expect(value.loadRelaxed() == 9)
    value.storeRelaxed(Int64.max)
    #expect(value.fetchAdd(1) == Int64.max)
    #expect(value.load() == Int64.min)  // wraps, as the object and thread counters may
  }

  @Test func exchangeHandsOutAFlagOnce() {
    let flag = AtomicInt(0)
    let winners = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      if flag.exchange(1) == 0 { winners.withLock { $0 += 1 } }
    }
    #expect(winners.value == 1)
  }
}
