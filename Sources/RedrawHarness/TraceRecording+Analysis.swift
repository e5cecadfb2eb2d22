import RedrawAnalysis
import RedrawTrace

extension TraceRecording {
  /// Runs the analyzer on the recording in-process: every rule, default thresholds
  /// unless `context` says otherwise.
  ///
  /// - Throws: `TraceInputError` if the recording is not a valid trace.
  public func analyze(context: RuleContext = RuleContext(), name: String = "recording.jsonl") throws(TraceInputError)
    -> Analysis
  {
    try analyze(with: Analyzer(ruleContext: context), name: name)
  }

  /// Runs `analyzer` on the recording in-process: its thresholds, budgets and suppressions,
  /// as `redraw analyze` would with the same configuration.
  public func analyze(with analyzer: Analyzer, name: String = "recording.jsonl") throws(TraceInputError) -> Analysis {
    try analyzer.analyze(bytes: bytes, name: name)
  }

  /// The recording without the `cause` of its `body` events (and the write a `write` cause
  /// names), as an app's recording is: an app cannot know why SwiftUI re-evaluated a body.
  /// The analyzer infers causes; findings and counts should not change.
  public var withoutCauses: TraceRecording {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      out += Self.removingCause(from: line)
      out.append(UInt8(ascii: "\n"))
    }
    if bytes.last == UInt8(ascii: "\n") { out.removeLast() }
    return TraceRecording(bytes: out)
  }

  /// A compact `body` line (RedrawTrace's form) without `,"cause":…` and the `obj`, `type`
  /// and `prop` that follow a `write` cause; any other line as it is.
  static func removingCause(from line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let text = Array(line)
    guard text.starts(with: Array(#"{"e":"body""#.utf8)), let cause = find(#","cause":""#, in: text, from: 0),
      let causeEnd = closingQuote(in: text, from: cause.upperBound)
    else { return line }
    var end = causeEnd + 1
    if Array(text[cause.upperBound..<causeEnd]) == Array("write".utf8),
      let prop = find(#","prop":""#, in: text, from: end),
      let propEnd = closingQuote(in: text, from: prop.upperBound)
    {
      end = propEnd + 1
    }
    return ArraySlice(text[..<cause.lowerBound] + text[end...])
  }

  private static func find(_ pattern: String, in text: [UInt8], from start: Int) -> Range<Int>? {
    let needle = Array(pattern.utf8)
    guard text.count >= needle.count, start <= text.count - needle.count else { return nil }
    for index in start...(text.count - needle.count) where text[index..<index + needle.count].elementsEqual(needle) {
      return index..<index + needle.count
    }
    return nil
  }

  /// The index of the quote that closes a JSON string whose content starts at `start`.
  private static func closingQuote(in text: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < text.count {
      if text[index] == UInt8(ascii: "\\") {
        index += 2
      } else if text[index] == UInt8(ascii: "\"") {
        return index
      } else {
        index += 1
      }
    }
    return nil
  }
}
