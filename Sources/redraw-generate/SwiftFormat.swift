import Foundation

/// The toolchain's `swift-format`, with the package's `.swift-format`: generated code is
/// printed as the formatter prints it, so the committed files pass `swift format lint`.
enum SwiftFormat {
  /// `text` formatted.
  ///
  /// - Throws: When `swift-format` cannot run or fails.
  static func format(_ text: String, root: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift-format", "format", "--configuration", root.appendingPathComponent(".swift-format").path, "-",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    let formatted = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw GenerationError("swift-format failed on generated code") }
    return String(decoding: formatted, as: UTF8.self)
  }
}
