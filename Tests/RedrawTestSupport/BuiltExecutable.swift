import Foundation

/// The executable `name` of this package (`redraw`, `redraw-samples`, …) built beside the
/// test bundle, or nil when it is not built.
public func builtExecutable(_ name: String) -> URL? {
  let directory =
    Bundle.main.executableURL?.deletingLastPathComponent()
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let candidate = directory.appendingPathComponent(name)
  return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
}
