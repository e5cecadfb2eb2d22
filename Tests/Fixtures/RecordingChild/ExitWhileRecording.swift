import Foundation
import RedrawTrace

/// Records from several threads and exits the process in the middle, for the test that
/// checks what a recording left at exit: complete lines, at most a cut last one.
enum ExitWhileRecording {
  static func run(path: String) -> Never {
    do {
      try Trace.start(.file(path), scenario: "exit while recording")
    } catch {
      FileHandle.standardError.write(Data("redraw-recording-child: \(error)\n".utf8))
      exit(2)
    }
    for worker in 0..<4 {
      Thread.detachNewThread {
        var step = 0
        while true {
          Trace.body("Worker\(worker)", node: worker) { Trace.mark("step \(step) with \"quotes\" and \\ backslash") }
          step += 1
        }
      }
    }
    Thread.sleep(forTimeInterval: 0.2)
    exit(0)
  }
}
