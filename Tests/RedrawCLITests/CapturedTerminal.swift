import Foundation
import RedrawCLI
import RedrawPlatform
import RedrawTestSupport

/// A terminal whose output the test reads back.
final class CapturedTerminal: Sendable {
  private let out = Locked("")
  private let err = Locked("")
  let environment: [String: String]
  let isTerminal: Bool

  init(environment: [String: String] = [:], isTerminal: Bool = false) {
    self.environment = environment
    self.isTerminal = isTerminal
  }

  var standardOutput: String { out.withLock { $0 } }
  var standardError: String { err.withLock { $0 } }

  var terminal: Terminal {
    Terminal(
      standardOutput: { text in self.out.withLock { $0 += text } },
      standardError: { text in self.err.withLock { $0 += text } }, environment: environment,
      outputIsTerminal: isTerminal)
  }

  /// Runs `redraw` with `arguments` in-process.
  func run(_ arguments: [String]) -> ExitCode {
    RedrawCommand.main(arguments, terminal: terminal)
  }
}

/// The path of a sample trace.
func sample(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("SampleTraces/rules/\(name).jsonl").path
}
