import Foundation

/// The options of one `redraw-bench` command, checked before anything runs: each must be
/// one the command takes and have a value, and a number must be a positive whole number. A
/// mistyped option fails with the usage instead of running with the defaults.
struct BenchOptions {
  private var values: [String: String] = [:]
  private var flags: Set<String> = []
  private let usage: String

  /// Reads `--name value` pairs, and the `flags` that take no value, from `arguments`, or
  /// exits with `usage`.
  init(_ arguments: ArraySlice<String>, allowed: Set<String>, flags allowedFlags: Set<String> = [], usage: String) {
    self.usage = usage
    var rest = arguments
    while let option = rest.popFirst() {
      if allowedFlags.contains(option) {
        flags.insert(option)
        continue
      }
      guard allowed.contains(option) else { fail("redraw-bench: unknown option '\(option)'\n\(usage)") }
      guard let value = rest.popFirst() else { fail("redraw-bench: \(option) needs a value\n\(usage)") }
      guard values[option] == nil else { fail("redraw-bench: \(option) is given twice\n\(usage)") }
      values[option] = value
    }
  }

  /// Whether the flag `option` was given.
  func isSet(_ option: String) -> Bool { flags.contains(option) }

  /// The value of `option`, or nil when it was not given.
  func text(_ option: String) -> String? { values[option] }

  /// The positive whole number given for `option`, or `fallback`.
  func number(_ option: String, default fallback: Int) -> Int {
    guard let text = values[option] else { return fallback }
    guard let number = Int(text), number > 0 else {
      fail("redraw-bench: \(option) takes a positive whole number, not '\(text)'\n\(usage)")
    }
    return number
  }
}

/// Writes `message` to standard error and exits with the usage error status.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(64)
}
