/// The line loop every reader runs: ``TraceReader`` on the calling thread and each of
/// ``ParallelTraceReader``'s workers on its chunks.
extension LineParser {
  /// A line as ``parseLines(_:_:failed:)`` hands it on.
  struct ScannedLine {
    /// The 1-based line number in what the ``LineReader`` reads.
    var number: Int
    /// Whether the line ended with `\n` (false only for a last line cut short).
    var isTerminated: Bool
    /// Whether the fast path read it; else ``parseValidating(_:into:)`` did.
    var isCompact: Bool
  }

  /// Why a line gave no event.
  enum LineFailure: Error {
    /// The line is not an event of the format.
    case malformed(Failure)
    /// The line could not be read (the loop then stops).
    case unreadable(LineReader.Failure)
  }

  /// Parses every non-blank line of `lines` and hands it to `parsed`, or its
  /// failure to `failed`, until either returns false or the lines end.
  ///
  /// A compact line is parsed where it lies in the read buffer, the fast path finding its
  /// end (`\n` or `\r\n`). Any other line is found by ``LineReader/nextLine()`` and goes
  /// to ``parseValidating(_:into:)``, not to the fast path again, and is explained if
  /// malformed. (A compact line cut by the end of the read buffer is such a line: one
  /// per refill of the buffer, none when the bytes are all in memory.)
  ///
  /// - Complexity: O(input). The string table is the parser's while it reads, so
  ///   interning never copies it; the handlers see it borrowed.
  @inline(__always)
  mutating func parseLines(
    _ lines: inout LineReader,
    _ parsed: (borrowing TraceEvent, ScannedLine, borrowing StringTable) -> Bool,
    failed: (LineFailure, ScannedLine) -> Bool
  ) {
    var event = TraceEvent()
    while true {
      // A run of compact lines, with where it is and the line number in registers.
      var (start, end) = lines.unread
      var number = lines.lineNumber
      var stops = false
      while start < end {
        event = TraceEvent()
        guard
          let close = FastLineParser.parse(
            start, limit: end, into: &event, strings: &strings, keepsMarkNames: keepsMarkNames),
          let newline = Self.lineEnd(at: close, limit: end)
        else { break }
        start = newline + 1
        number += 1
        guard parsed(event, ScannedLine(number: number, isTerminated: true, isCompact: true), strings) else {
          stops = true
          break
        }
      }
      lines.consumeLines(number - lines.lineNumber, before: start)
      if stops { return }
      // Any other line.
      let next: LineReader.Line?
      do {
        next = try lines.nextLine()
      } catch {
        _ = failed(.unreadable(error), ScannedLine(number: lines.lineNumber + 1, isTerminated: false, isCompact: false))
        return
      }
      guard let found = next else { return }
      if Self.isBlank(found.bytes) { continue }
      let line = ScannedLine(number: lines.lineNumber, isTerminated: found.isTerminated, isCompact: false)
      do throws(Failure) {
        try parseValidating(found.bytes, into: &event)
      } catch {
        guard failed(.malformed(error), line) else { return }
        continue
      }
      guard parsed(event, line, strings) else { return }
    }
  }

  /// The `\n` that ends a line whose object closed just before `close`, when the line
  /// ends there (`\r\n` included) and inside the bytes.
  @inline(__always)
  private static func lineEnd(at close: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
    guard close < limit else { return nil }
    return close.pointee == 0x0A ? close : lineEndAfterReturn(at: close, limit: limit)
  }

  /// ``lineEnd(at:limit:)`` for a line ending in `\r\n`, out of line: most end in `\n`.
  @inline(never)
  private static func lineEndAfterReturn(at close: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>)
    -> UnsafePointer<UInt8>?
  {
    guard close.pointee == 0x0D, close + 1 < limit, close[1] == 0x0A else { return nil }
    return close + 1
  }

  /// Whether a line holds only spaces, tabs and carriage returns: skipped, not an error.
  static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
