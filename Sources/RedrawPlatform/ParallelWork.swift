import Dispatch

/// Independent pieces of work spread over a few threads, the calling thread one of them.
///
/// The analyzer's stages after reading (the rules, the report) are lists of pieces of very
/// different sizes: one rule can take half of the stage. Each thread takes the next piece
/// no thread has taken, so a long piece does not hold the short ones up behind it.
package enum ParallelWork {
  /// The results of `body` for `0..<count`, in index order, computed on up to `threads`
  /// threads. With one thread, or one piece, everything runs on the calling thread.
  ///
  /// `body` runs concurrently with itself: it may read what the pieces share, and write
  /// only what its piece owns.
  ///
  /// - Complexity: O(`count`) calls of `body`, and one atomic add per piece.
  package static func map<T>(_ count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
    let threads = min(threads, count)
    guard threads > 1 else { return (0..<count).map(body) }
    let next = AtomicInt(0)
    return withoutActuallyEscaping(body) { body in
      [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        let shared = Shared(base: buffer.baseAddress!, body: body)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
          while true {
            let index = Int(next.fetchAdd(1))
            guard index < count else { return }
            (shared.base + index).initialize(to: shared.body(index))
          }
        }
        initialized = count
      }
    }
  }

  /// What the threads share: the work, which the caller promises only reads what pieces
  /// share, and where the results go, each index written by the one thread that took it.
  /// `concurrentPerform` returns once every thread is done, so the results are complete.
  private struct Shared<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
    let body: (Int) -> T
  }
}
