import RedrawAnalysis
import RedrawPlatform
import RedrawReports

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `redraw export --to chrome TRACE --output FILE [--from T] [--until T]`: the trace on a timeline viewer.
enum ExportCommand {
  static let to = OptionSpec(
    name: "--to", valueName: "format", help: "The format to export to: chrome, the only one so far.",
    defaultValue: "chrome")
  static let from = OptionSpec(
    name: "--from", valueName: "time", help: "The start of the window, e.g. 1.5s, 200ms, 50us or 1000 (ns).")
  static let until = OptionSpec(
    name: "--until", valueName: "time", help: "The end of the window, e.g. 2s or 150ms.")
  static let output = OptionSpec(
    name: "--output", shortName: "-o", valueName: "file",
    help: "The file to write, required (replaced atomically; a FIFO or device is written in place).")
  static let lenient = AnalyzeOptions.lenient

  /// Chrome's own viewer struggles past this size; Perfetto's UI opens larger files.
  static let viewerLimit = 256 << 20

  static let spec = CommandSpec(
    name: "export",
    abstract: "Convert a trace to the Chrome trace event format for Perfetto's UI and chrome://tracing.",
    discussion: """
      Body and init spans become slices on their thread, writes, marks and effects instant \
      events, and each session a process named after its scenario. A window given with \
      --from and --until keeps the events inside it. A trace with no events is an error (exit \
      2) unless --allow-empty.
      """,
    arguments: [ArgumentSpec(name: "trace", help: "The trace to convert; - reads standard input.")],
    options: [to, from, until, output, lenient, AnalyzeOptions.allowEmpty])

  static func run(_ parsed: ParsedArguments, terminal: Terminal) -> ExitCode {
    var end = Int64.max
    var start = Int64.min
    do throws(UsageError) {
      if let value = parsed.value(to), value != "chrome" {
        // `--to` named the window's end too, before `--until`: say where that went.
        let hint = Duration.nanoseconds(value) != nil ? "; the end of the window is --until \(value)" : ""
        throw UsageError(message: "Expected a format for '--to' (chrome), found '\(value)'\(hint)")
      }
      if let value = parsed.value(until) {
        guard let time = Duration.nanoseconds(value) else {
          throw UsageError(message: "Expected a time such as 2s or 150ms for '--until', found '\(value)'")
        }
        end = time
      }
      if let value = parsed.value(from) {
        guard let time = Duration.nanoseconds(value) else {
          throw UsageError(message: "Expected a time such as 1.5s or 200ms for '--from', found '\(value)'")
        }
        start = time
      }
      guard start <= end else { throw UsageError(message: "The window starts after it ends") }
      guard let file = parsed.value(output) else {
        throw UsageError(message: "Missing '--output <file>': export always writes a file")
      }
      guard file != "-" else {
        throw UsageError(message: "'--output -': export writes a file, not standard output; name one")
      }
    } catch {
      terminal.standardError(HelpFormatter.usageError(error, spec: spec))
      return .usage
    }
    let path = parsed.value(output)!
    let file: AtomicFile
    do {
      file = try AtomicFile(path: path)
    } catch {
      terminal.standardError("redraw: error: cannot write '\(path)': \(error.reason)\n")
      return .inputError
    }
    var writer = ChromeTraceWriter(window: start...end)
    var written = 0
    func flush(_ writer: inout ChromeTraceWriter) {
      let bytes = writer.drain()
      written += bytes.count
      bytes.withUnsafeBytes { file.write($0) }
    }
    var reader = TraceReader(lenient: parsed.isSet(lenient))
    var events = 0
    do {
      try reader.forEachEvent(path: parsed.positionals[0]) { event, _, strings in
        if event.kind != .meta { events += 1 }
        writer.add(event, strings: strings)
        if writer.pendingBytes > 1 << 20 { flush(&writer) }
      }
    } catch {
      file.abandon()
      terminal.standardError(AnalysisPipeline.inputErrorMessage(error))
      return .inputError
    }
    if events == 0, !parsed.isSet(AnalyzeOptions.allowEmpty) {
      file.abandon()
      terminal.standardError(AnalysisPipeline.emptyTraceMessage(parsed.positionals[0]))
      return .inputError
    }
    writer.finish()
    flush(&writer)
    do {
      try file.commit()
    } catch {
      terminal.standardError("redraw: error: cannot write '\(path)': \(error.reason)\n")
      return .inputError
    }
    if written > viewerLimit {
      terminal.standardError(
        "redraw: warning: the export is \(written >> 20) MB; chrome://tracing struggles above "
          + "\(viewerLimit >> 20) MB. Perfetto's UI opens larger files, or export a window with --from and --to.\n")
    }
    return .success
  }
}

/// Times on the command line: `1.5s`, `200ms`, `50us` (or `µs`), `1000ns`, or a bare number
/// of nanoseconds.
enum Duration {
  static func nanoseconds(_ text: String) -> Int64? {
    let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)]
    for (suffix, scale) in units where text.hasSuffix(suffix) {
      guard let value = Double(text.dropLast(suffix.count)), value >= 0, value * scale < 9e18 else { return nil }
      return Int64(value * scale)
    }
    guard let value = Int64(text), value >= 0 else { return nil }
    return value
  }
}
