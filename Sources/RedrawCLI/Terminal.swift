import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the commands may use of the outside world, injected so tests can run them
/// in-process: the output streams, the environment and whether stdout is a terminal.
package struct Terminal: Sendable {
  /// Writes to standard output.
  package var standardOutput: @Sendable (String) -> Void
  /// Writes UTF-8 to standard output as it is; when nil, ``standardOutput`` gets it as text.
  package var standardOutputBytes: (@Sendable ([UInt8]) -> Void)?
  /// Writes to standard error.
  package var standardError: @Sendable (String) -> Void
  /// The environment variables.
  package var environment: [String: String]
  /// Whether standard output is a terminal.
  package var outputIsTerminal: Bool
  /// Whether the process exits as soon as the command returns (`redraw` itself, not a test
  /// running commands in-process): a command may then leave large values for the exit to
  /// reclaim at once instead of freeing them object by object.
  package var exitsAfterCommand = false

  package init(
    standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
    environment: [String: String], outputIsTerminal: Bool
  ) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
  }

  /// The process's own streams and environment, for a process that exits after one command.
  package static func process() -> Terminal {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entry += 1
    }
    var terminal = Terminal(
      standardOutput: { write(1, $0) }, standardError: { write(2, $0) }, environment: environment,
      outputIsTerminal: isatty(1) == 1)
    terminal.exitsAfterCommand = true
    terminal.standardOutputBytes = { bytes in
      _ = bytes.withUnsafeBytes { FileDescriptor.writeAll($0, to: 1) }
    }
    return terminal
  }

  /// Writes `bytes`, UTF-8, to standard output: through ``standardOutputBytes`` when set.
  func writeStandardOutput(_ bytes: [UInt8]) {
    if let standardOutputBytes {
      standardOutputBytes(bytes)
    } else {
      standardOutput(String(decoding: bytes, as: UTF8.self))
    }
  }

  private static func write(_ descriptor: Int32, _ text: String) {
    _ = FileDescriptor.writeAll(text, to: descriptor)
  }
}
