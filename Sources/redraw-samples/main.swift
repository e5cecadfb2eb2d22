import Foundation
import RedrawHarness

// redraw-samples: regenerates SampleTraces/scenarios from the scripted scenarios.
//
//   redraw-samples [--output DIR]   write the recordings (default SampleTraces/scenarios)
//   redraw-samples --check [DIR]    compare them with DIR; exit 1 and list what differs

let arguments = Array(CommandLine.arguments.dropFirst())
let checking = arguments.contains("--check")
let directory =
  arguments.firstIndex(of: "--output").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
  ?? arguments.firstIndex(of: "--check").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
  ?? "SampleTraces/scenarios"

var differences: [String] = []
if !checking {
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
}
for scenario in Scenario.all {
  for run in scenario.runs {
    let path = directory + "/" + scenario.fileName(run)
    let recording = Data(scenario.record(run).bytes)
    if checking {
      if FileManager.default.contents(atPath: path) != recording { differences.append(path) }
    } else {
      do {
        try recording.write(to: URL(fileURLWithPath: path))
        print("wrote \(path)")
      } catch {
        FileHandle.standardError.write(Data("redraw-samples: cannot write \(path): \(error)\n".utf8))
        exit(2)
      }
    }
  }
}
if !differences.isEmpty {
  FileHandle.standardError.write(
    Data(
      ("redraw-samples: these samples differ from what the scenarios record now; "
        + "regenerate them with `swift run redraw-samples`:\n" + differences.map { "  \($0)\n" }.joined()).utf8))
  exit(1)
}
