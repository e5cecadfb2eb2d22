import Foundation

// redraw-recording-child: a process that records, for tests that end it abruptly.
//
//   redraw-recording-child exit-while-recording FILE          exits with 4 threads recording
//   redraw-recording-child record-until-killed FILE [FLUSH_MS] a mark a millisecond, forever
//                                                             (FLUSH_MS 0: no periodic flush)
//   redraw-recording-child first-use-in-parallel FILE         8 threads' first marks, REDRAW_TRACE=FILE
//   redraw-recording-child simple-path FILE                   models' accesses on the simple path

let arguments = Array(CommandLine.arguments.dropFirst())

func usage() -> Never {
  FileHandle.standardError.write(
    Data(
      ("usage: redraw-recording-child exit-while-recording FILE | record-until-killed FILE [FLUSH_MS]"
        + " | first-use-in-parallel FILE | simple-path FILE\n").utf8))
  exit(64)
}

switch arguments.first {
case "exit-while-recording" where arguments.count == 2:
  ExitWhileRecording.run(path: arguments[1])
case "record-until-killed" where arguments.count == 2 || arguments.count == 3:
  let milliseconds = arguments.count == 3 ? Int(arguments[2]) : 100
  guard let milliseconds, milliseconds >= 0 else { usage() }
  RecordUntilKilled.run(path: arguments[1], flushInterval: milliseconds == 0 ? nil : .milliseconds(milliseconds))
case "first-use-in-parallel" where arguments.count == 2:
  FirstUseInParallel.run(path: arguments[1])
case "simple-path" where arguments.count == 2:
  SimplePath.run(path: arguments[1])
default:
  usage()
}
