import Foundation
import RedrawTestSupport

/// A user's package under `Tests/Fixtures`, built and run with the toolchain's `swift`.
///
/// It is copied to `.build/fixtures/<name>`, beside a link named `Redraw` to this checkout
/// (what its `Package.swift` depends on), and keeps its build there: later runs are
/// incremental.
struct FixturePackage {
  let directory: URL

  /// Copies the fixture `name` into place and builds it with its tests, once per test run:
  /// the suites that use one fixture share its build.
  static func prepare(_ name: String) throws -> FixturePackage {
    try preparing.withLock { prepared in
      if let package = prepared[name] { return package }
      let package = try build(name)
      prepared[name] = package
      return package
    }
  }

  /// The fixtures built so far, by name; one build at a time.
  private static let preparing = LockedValue<[String: FixturePackage]>([:])

  private static func build(_ name: String) throws -> FixturePackage {
    let fixtures = repositoryRoot.appendingPathComponent(".build/fixtures")
    let link = fixtures.appendingPathComponent("Redraw")
    let manager = FileManager.default
    try manager.createDirectory(at: fixtures, withIntermediateDirectories: true)
    if (try? manager.destinationOfSymbolicLink(atPath: link.path)) != repositoryRoot.path {
      try? manager.removeItem(at: link)
      try manager.createSymbolicLink(at: link, withDestinationURL: repositoryRoot)
    }
    let source = repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)")
    let package = FixturePackage(directory: fixtures.appendingPathComponent(name))
    try mirror(source, to: package.directory)
    let build = try package.swift(["build", "--build-tests"])
    guard build.status == 0 else { throw FixtureError(command: "swift build --build-tests", output: build.output) }
    return package
  }

  /// Runs `swift ARGUMENTS` in the package with `environment` added to a clean environment.
  func swift(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    try run("swift", arguments, environment: environment)
  }

  /// Runs `tool` (a name on the `PATH`, or a path) in the package with `environment` added
  /// to a clean environment: its status, and its standard output and error together.
  func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    let run = try run(tool, arguments, environment: environment, separatingErrors: false)
    return (run.status, run.output)
  }

  /// Runs `swift ARGUMENTS` in the package: its status, its standard output, and its
  /// standard error apart.
  func swiftSeparatingErrors(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    try run("swift", arguments, environment: [:], separatingErrors: true)
  }

  private func run(_ tool: String, _ arguments: [String], environment: [String: String], separatingErrors: Bool)
    throws -> (status: Int32, output: String, errors: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.currentDirectoryURL = directory
    var inherited = ProcessInfo.processInfo.environment
    // Nothing of this test run's own recording or test runner reaches the fixture's.
    for key in inherited.keys
    where key.hasPrefix("REDRAW_") || key.hasPrefix("XCTest") || key.hasPrefix("SWIFT_TESTING") || key.hasPrefix("SWT_")
    {
      inherited[key] = nil
    }
    // The toolchain's temporary directories (one a compiler job) go beside the fixtures'
    // copies, under this package's build directory, not into the machine's /tmp for good.
    // One directory for every fixture run: SwiftPM keeps its locks there too (a package's
    // build, the shared manifest cache), and runs that do not share them build at once and
    // fail on a locked database.
    let scratch = directory.deletingLastPathComponent().appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    inherited["TMPDIR"] = scratch.path
    process.environment = inherited.merging(environment) { $1 }
    let output = Pipe()
    let errors = separatingErrors ? Pipe() : output
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Standard error is read on a queue of its own, so that neither pipe fills while the
    // other is read.
    let errorText = LockedValue<Data>(Data())
    let errorsRead = DispatchSemaphore(value: 0)
    if separatingErrors {
      let handle = errors.fileHandleForReading
      DispatchQueue.global().async {
        let data = handle.readAll()
        errorText.withLock { $0 = data }
        errorsRead.signal()
      }
    }
    let data = output.fileHandleForReading.readAll()
    process.waitUntilExit()
    if separatingErrors { errorsRead.wait() }
    return (
      process.terminationStatus, String(decoding: data, as: UTF8.self),
      String(decoding: errorText.withLock { $0 }, as: UTF8.self)
    )
  }

  /// Makes `target` hold the files of `source`, rewriting only those that differ.
  private static func mirror(_ source: URL, to target: URL) throws {
    let manager = FileManager.default
    guard let files = manager.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey]) else { return }
    for case let file as URL in files
    where (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
      let relative = String(file.path.dropFirst(source.path.count + 1))
      let destination = target.appendingPathComponent(relative)
      let data = try Data(contentsOf: file)
      if (try? Data(contentsOf: destination)) == data { continue }
      try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: destination)
    }
  }
}

/// A fixture command that failed, with what it printed.
struct FixtureError: Error, CustomStringConvertible {
  let command: String
  let output: String
  var description: String { "`\(command)` failed:\n\(output.suffix(4_000))" }
}

/// A value behind a lock, for the fixtures' shared state.
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
