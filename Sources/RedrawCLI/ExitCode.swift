/// The exit codes of `redraw`.
package enum ExitCode: Int32, Sendable {
  /// No finding at or above the fail level.
  case success = 0
  /// Findings at or above the fail level (or, for `diff`, a regression).
  case findings = 1
  /// A trace could not be read or is invalid.
  case inputError = 2
  /// The command line is wrong (sysexits' EX_USAGE).
  case usage = 64
}
