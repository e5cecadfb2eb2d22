import RedrawAnalysis
import RedrawTestSupport

/// The read error for `text`, or nil when it reads.
func readError(_ text: String) -> TraceInputError? {
  do {
    _ = try analyze(trace: text)
    return nil
  } catch let error as TraceInputError {
    return error
  } catch {
    return nil
  }
}

/// A trace's meta line.
let metaLine = #"{"e":"meta","format":"redraw-trace","version":1,"scenario":"test"}"#

/// Lines joined into a trace after a meta line.
func trace(_ lines: String...) -> String {
  ([metaLine] + lines).joined(separator: "\n") + "\n"
}
