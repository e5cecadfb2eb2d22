import Foundation

// redraw-recording-child: a process that records, for tests that end it abruptly.
//
//   redraw-recording-child exit-while-recording FILE          exits with 4 threads recording
//   redraw-recording-child record-until-killed FILE [FLUSH_MS] a mark a millisecond, forever
//                                                             (FLUSH_MS 0: no periodic flush)

let arguments = Array(CommandLine.arguments.dropFirst())

func usage() -> Never {
  FileHandle.standardError.write(
    Data(
      "usage: redraw-recording-child exit-while-recording FILE | record-until-killed FILE [FLUSH_MS]\n".utf8))
  exit(64)
}

switch arguments.first {
case "exit-while-recording" where arguments.count == 2:
  ExitWhileRecording.run(path: arguments[1])
case "record-until-killed" where arguments.count == 2 || arguments.count == 3:
  let milliseconds = arguments.count == 3 ? Int(arguments[2]) : 100
  guard let milliseconds, milliseconds >= 0 else { usage() }
  RecordUntilKilled.run(path: arguments[1], flushInterval: milliseconds == 0 ? nil : .milliseconds(milliseconds))
default:
  usage()
}
