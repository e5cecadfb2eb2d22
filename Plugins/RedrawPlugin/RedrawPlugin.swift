import Foundation
import PackagePlugin

/// `swift package redraw …`: Redraw's own `redraw`, run in the package that depends on
/// Redraw, with that package's directory as the working directory and, for `analyze` and
/// `plan`, as the source root findings are named from.
///
/// Every argument after the verb is `redraw`'s, and so is the exit status: the plugin ends
/// with the status `redraw` ended with, which `swift package` reports as `Plugin ended with
/// exit code N` and turns into its own failure. `redraw`'s standard output is the plugin's,
/// which SwiftPM prints on its standard output; so is everything a plugin writes to standard
/// error, so `redraw`'s notes and errors are handed to SwiftPM as diagnostics instead, which
/// it prints on standard error: a report on standard output stays the report alone. The plugin asks for no permission, so the
/// commands that only read and print need no flag; a report written into the package needs
/// `swift package --allow-writing-to-package-directory redraw …`, which is what lets a
/// plugin write there under SwiftPM's sandbox (on macOS; Linux has none).
@main
struct RedrawPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "redraw")
    let package = context.package.directoryURL.standardizedFileURL
    let invocation = RedrawInvocation(arguments: arguments, packageDirectory: package.path)
    if let option = invocation.misplacedPackageOption {
      Diagnostics.error(
        "\(option) is an option of `swift package`, not of redraw: put it before `redraw` "
          + "(`swift package \(option) redraw …`)")
      exit(ExitStatus.usage)
    }
    for output in invocation.outputsInsidePackage {
      guard let refusal = Self.writeRefusal(beside: output) else { continue }
      let reason = String(cString: strerror(refusal))
      if refusal == EPERM {
        Diagnostics.error(
          "redraw cannot write '\(output)' into the package (\(reason)): SwiftPM's sandbox lets a plugin write "
            + "there only with its permission; run "
            + "`swift package --allow-writing-to-package-directory redraw \(arguments.joined(separator: " "))`")
      } else {
        Diagnostics.error("redraw cannot write '\(output)': \(reason)")
      }
      exit(ExitStatus.inputError)
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = invocation.arguments
    process.currentDirectoryURL = package
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let messages = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // Every line, blank ones too (the overview's sections are apart), but the break at the end.
    var lines = String(decoding: messages, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    for line in lines { Diagnostics.progress(String(line)) }
    switch process.terminationReason {
    case .exit where process.terminationStatus == 0: return
    case .exit: exit(process.terminationStatus)
    case .uncaughtSignal:
      Diagnostics.error("redraw ended by signal \(process.terminationStatus)")
      exit(128 + process.terminationStatus)
    @unknown default: exit(process.terminationStatus)
    }
  }

  /// Why a file cannot be created beside `path`, as an `errno`, or nil when it can:
  /// SwiftPM's sandbox refuses it in the package (`EPERM`) unless the user allowed writing
  /// there; a read-only directory refuses it with or without. A directory that does not
  /// exist is left for `redraw` to report.
  private static func writeRefusal(beside path: String) -> Int32? {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      return nil
    }
    let probe = directory + "/.redraw-plugin-\(ProcessInfo.processInfo.processIdentifier)"
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    // A probe left by an earlier run of this process id was created there: writable.
    guard descriptor >= 0 else { return errno == EEXIST ? nil : errno }
    close(descriptor)
    unlink(probe)
    return nil
  }
}

/// `redraw`'s exit statuses that the plugin itself ends with.
private enum ExitStatus {
  /// A file that cannot be read or written, as `redraw` reports one.
  static let inputError: Int32 = 2
  /// A wrong command line.
  static let usage: Int32 = 64
}
