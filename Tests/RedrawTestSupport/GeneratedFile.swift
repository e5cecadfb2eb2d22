import Foundation
import Testing

/// Files the repository generates with a script of its own and commits: each is checked to
/// be what the script writes now, so a change that needs it regenerated fails until it is.
public enum GeneratedFile {
  /// Expects the committed file at `path` (relative to ``repositoryRoot``) to be what the
  /// shell script `script` prints with `arguments`; the failure names the command that
  /// regenerates it.
  public static func check(
    _ path: String, printedBy script: String, _ arguments: [String], regenerate: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [repositoryRoot.appendingPathComponent(script).path] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let generated = String(decoding: output.fileHandleForReading.readAll(), as: UTF8.self)
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0, "\(script) \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
    let committed = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    #expect(
      committed == generated, "\(path) is not current: regenerate with \(regenerate)", sourceLocation: sourceLocation)
  }
}
