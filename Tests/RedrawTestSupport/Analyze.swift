import Foundation
import RedrawAnalysis

/// Reads `text` as one trace file named `trace.jsonl` and runs every rule, budgets and
/// suppressions included: what `redraw analyze` does, through the library's ``Analyzer``.
///
/// - Parameters:
///   - lenient: Whether unreadable lines are skipped (`--lenient`) rather than an error.
///   - context: The rules' thresholds.
/// - Throws: ``TraceInputError`` when the trace cannot be read.
public func analyze(trace text: String, lenient: Bool = false, context: RuleContext = RuleContext()) throws
  -> Analysis
{
  try Analyzer(lenient: lenient, ruleContext: context).analyze(bytes: Array(text.utf8), name: "trace.jsonl")
}

/// Reads the traces at `paths` (relative to ``repositoryRoot``, and named so in evidence and
/// reports, whatever the machine) and analyzes them together through ``Analyzer``.
public func analyze(repositoryFiles paths: [String]) throws -> Analysis {
  try Analyzer().analyze(paths: paths.map { repositoryRoot.appendingPathComponent($0).path }, names: paths)
}
