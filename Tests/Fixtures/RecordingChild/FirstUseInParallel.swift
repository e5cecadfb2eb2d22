import Foundation
import RedrawTrace

/// Records a mark from each of 8 threads released at once, as the first use of `Trace` in
/// the process, with `REDRAW_TRACE` naming the file: each thread either configures the
/// recorder or waits for the one that does, and no mark may be lost to the race.
enum FirstUseInParallel {
  static let threads = 8

  static func run(path: String) -> Never {
    setenv("REDRAW_TRACE", path, 1)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<threads {
      done.enter()
      Thread.detachNewThread {
        start.wait()
        Trace.mark("thread \(index)")
        done.leave()
      }
    }
    for _ in 0..<threads { start.signal() }
    done.wait()
    exit(0)  // the recording is written at exit
  }
}
