import Foundation
import Testing

/// A process that exits while its threads record leaves only complete lines, and at most
/// a cut last one (the recorder flushes at exit).
@Suite("Exiting while recording")
struct ProcessExitTests {
  @Test func theTraceIsValidUpToAtMostACutLastLine() throws {
    let executable = try #require(
      Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("redraw-bench"))
    try #require(FileManager.default.isExecutableFile(atPath: executable.path), "redraw-bench is built")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("redraw-exit-\(UUID()).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["exit-while-recording", path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    #expect(lines.count > 100, "the threads recorded for 0.2 s")
    let decoder = JSONDecoder()
    for (index, line) in lines.enumerated() {
      let isLast = index == lines.count - 1
      let valid = (try? decoder.decode(TraceLine.self, from: Data(line))) != nil
      #expect(valid || (isLast && data.last != 0x0A), "line \(index + 1) is a complete JSON line")
    }
  }
}
