import RedrawAnalysis
import RedrawTrace

extension TraceRecording {
  /// Runs the analyzer on the recording in-process: every rule, default thresholds
  /// unless `context` says otherwise.
  ///
  /// - Throws: ``TraceInputError`` if the recording is not a valid trace.
  public func analyze(context: RuleContext = RuleContext(), name: String = "recording.jsonl") throws(TraceInputError)
    -> Analysis
  {
    var reader = TraceReader(lenient: false)
    let file = try reader.read(bytes: bytes, name: name)
    return Analysis(files: [file], findings: RuleRegistry.run(on: file.sessions, context: context))
  }
}
