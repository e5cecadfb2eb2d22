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
