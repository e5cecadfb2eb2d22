import Foundation
import RedrawCLI
import RedrawTestSupport
import Testing

@Suite("redraw analyze: exit codes, output and colour")
struct AnalyzeCommandTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  @Test(arguments: [
    ("clean", "error", ExitCode.success), ("model-recreated", "error", .findings),
    ("over-broad-invalidation", "error", .success), ("over-broad-invalidation", "warning", .findings),
    ("hot-property", "warning", .success), ("hot-property", "info", .findings), ("model-recreated", "never", .success),
  ])
  func exitCodeFollowsFailOn(name: String, failOn: String, expected: ExitCode) {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", sample(name), "--fail-on", failOn]) == expected)
  }

  @Test func anInvalidTraceExitsTwoAndPrintsNothingOnStandardOutput() throws {
    let path = scratch.path("bad-\(UUID()).jsonl")
    try Data("{\"e\":\"meta\",\"format\":\"redraw-trace\",\"version\":1}\n{oops\n{}\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", path, "--format", "json"]) == .inputError)
    #expect(terminal.standardOutput.isEmpty)
    #expect(
      terminal.standardError == "redraw: error: \(path):2:2: expected a key string\n"
        + "redraw: note: 'redraw validate \(path)' lists every problem of the file; --lenient skips malformed lines\n")
  }

  @Test func lenientSkipsAndSaysSo() throws {
    let path = scratch.path("bad-\(UUID()).jsonl")
    try Data(
      ("{\"e\":\"meta\",\"format\":\"redraw-trace\",\"version\":1}\n{oops\n"
        + "{\"e\":\"mark\",\"t\":1,\"tid\":1,\"name\":\"tap\"}\n").utf8
    ).write(to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", path, "--lenient"]) == .success)
    #expect(terminal.standardOutput.contains("skipped 1 malformed line"))
    #expect(terminal.standardOutput.contains(":2:2: expected a key string"))
    #expect(
      terminal.standardError
        == "redraw: warning: \(path): skipped 1 malformed line(s), the first at \(path):2:2: expected a key string\n")
  }

  @Test func aTruncatedTraceIsAnalyzedAndReported() throws {
    let text = try String(contentsOfFile: sample("over-broad-invalidation"), encoding: .utf8)
    let cut = String(text.utf8.prefix(text.utf8.count - 10))!
    let path = scratch.path("cut-\(UUID()).jsonl")
    try Data(cut.utf8).write(to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", path, "--fail-on", "never"]) == .success)
    #expect(terminal.standardOutput.contains("trace truncated: the last line (49) is cut short and 1 span never ended"))
    #expect(terminal.standardError.contains("trace truncated"))
  }

  @Test func outputGoesToTheFileAndNotToStandardOutput() throws {
    let path = scratch.path("report-\(UUID()).json")
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", sample("clean"), "--format", "json", "--output", path]) == .success)
    #expect(terminal.standardOutput.isEmpty)
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    #expect((report?["version"] as? Int) == 1)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
      .filter { $0.contains(".redraw-") && $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  @Test func aFailedRunLeavesThePreviousReportWhole() throws {
    let path = scratch.path("keep-\(UUID()).json")
    try Data("previous report".utf8).write(to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", "/nonexistent.jsonl", "--output", path]) == .inputError)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous report")
  }

  /// `--output /dev/null` once replaced the device with a regular file (the report was renamed
  /// over it); a FIFO stands in for the device here.
  @Test(arguments: [
    (["analyze", "--format", "json", sample("clean")], #""findings""#),
    (["export", "--to", "chrome", sample("clean")], #""traceEvents""#),
  ])
  func anOutputThatIsNotARegularFileIsWrittenInPlace(command: [String], expected: String) throws {
    let path = scratch.path("fifo-\(UUID())")
    #expect(mkfifo(path, 0o600) == 0)
    // Held open for reading and writing, the FIFO lets the report's writer open it at once
    // and keeps the report (far below a pipe's 64 KiB) until it is read.
    let descriptor = open(path, O_RDWR | O_NONBLOCK)
    defer { close(descriptor) }
    let terminal = CapturedTerminal()
    #expect(terminal.run(command + ["--output", path]) == .success)
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    var report: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
      report += buffer[..<count]
    }
    #expect(String(decoding: report, as: UTF8.self).contains(expected))
  }

  @Test func anUnwritableOutputIsAnErrorAndLeavesNothing() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["analyze", sample("clean"), "--output", "/nonexistent-dir/report.txt"]) == .inputError)
    #expect(terminal.standardError.contains("cannot write '/nonexistent-dir/report.txt'"))
  }

  @Test func colourOnlyOnATerminalAndNeverWithNoColor() {
    let plain = CapturedTerminal(isTerminal: false)
    _ = plain.run([sample("model-recreated")])
    #expect(!plain.standardOutput.contains("\u{1B}["))
    let tty = CapturedTerminal(isTerminal: true)
    _ = tty.run([sample("model-recreated")])
    #expect(tty.standardOutput.contains("\u{1B}[31m"))
    let noColor = CapturedTerminal(environment: ["NO_COLOR": "1"], isTerminal: true)
    _ = noColor.run([sample("model-recreated")])
    #expect(!noColor.standardOutput.contains("\u{1B}["))
    let forced = CapturedTerminal(isTerminal: false)
    _ = forced.run([sample("model-recreated"), "--color", "always"])
    #expect(forced.standardOutput.contains("\u{1B}["))
  }

  @Test func theTextReportFitsEightyColumns() {
    let terminal = CapturedTerminal()
    for name in ["side-effect-in-init", "whole-model-read", "over-broad-invalidation"] {
      _ = terminal.run([sample(name)])
    }
    let wide = terminal.standardOutput.split(separator: "\n").filter { $0.count > 80 && !$0.contains("/") }
    #expect(wide.isEmpty, "\(wide)")
  }

  /// The sample's clock is written 30 times: the rule fires at its default minimum, and not
  /// once the command line raises it past 30.
  @Test(arguments: [(nil, true), ("30", true), ("31", false)] as [(String?, Bool)])
  func thresholdsFromTheCommandLineApply(minimumWrites: String?, fires: Bool) throws {
    let terminal = CapturedTerminal()
    let threshold = minimumWrites.map { ["--threshold", "hot-property.minimum-writes=\($0)"] } ?? []
    _ = terminal.run([sample("hot-property"), "--format", "json"] + threshold)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(terminal.standardOutput.utf8)) as? [String: Any])
    let findings = try #require(report["findings"] as? [[String: Any]])
    #expect(findings.contains { $0["rule"] as? String == "hot-property" } == fires)
  }

  @Test func severalFilesMakeOneReport() throws {
    let terminal = CapturedTerminal()
    _ = terminal.run([sample("clean"), sample("over-broad-invalidation"), "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(terminal.standardOutput.utf8)) as? [String: Any])
    let summary = try #require(report["summary"] as? [String: Any])
    #expect(summary["files"] as? Int == 2)
    #expect(summary["sessions"] as? Int == 2)
    #expect(summary["bodyEvaluations"] as? Int == 22)
    #expect(summary["overBroadEvaluations"] as? Int == 5)
  }
}

@Suite("redraw analyze writes every format")
struct FormatTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  @Test(arguments: ["text", "json", "sarif", "junit", "markdown", "github", "html"])
  func everyFormatIsWritten(format: String) throws {
    let path = scratch.path("\(UUID()).\(format)")
    let terminal = CapturedTerminal()
    #expect(terminal.run([sample("model-recreated"), "--format", format, "--output", path]) == .findings)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("CounterView"))
    #expect(!text.contains("\u{1B}["), "no colour escapes in files")
  }

  @Test func theHTMLReportForbidsEveryRequest() throws {
    let terminal = CapturedTerminal()
    _ = terminal.run([sample("clean"), "--format", "html"])
    let html = terminal.standardOutput
    #expect(
      html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-"#))
    #expect(!html.contains("src=\"http") && !html.contains("<link"))
    #expect(html.contains("generated 20"), "the CLI passes the date in")
  }

  /// Reproducible builds' `SOURCE_DATE_EPOCH` pins the HTML report's date, so two runs make
  /// the same page; an empty one is unset, and one that is not whole seconds is refused, not
  /// replaced by the clock.
  @Test func sourceDateEpochPinsTheHTMLReportsDate() {
    let pinned = ["SOURCE_DATE_EPOCH": "1767225600"]
    let first = CapturedTerminal(environment: pinned)
    let second = CapturedTerminal(environment: pinned)
    #expect(first.run([sample("clean"), "--format", "html"]) == .success)
    #expect(second.run([sample("clean"), "--format", "html"]) == .success)
    #expect(first.standardOutput.contains("generated 2026-01-01T00:00:00Z"))
    #expect(first.standardOutput == second.standardOutput)
    let empty = CapturedTerminal(environment: ["SOURCE_DATE_EPOCH": ""])
    #expect(empty.run([sample("clean"), "--format", "html"]) == .success)
    #expect(empty.standardOutput.contains("generated 20"), "empty is unset: the clock's time")
    #expect(!empty.standardOutput.contains("generated 1970"))
    for value in ["soon", "1.5", "-1", "+5", "253402300800"] {
      let refused = CapturedTerminal(environment: ["SOURCE_DATE_EPOCH": value])
      #expect(refused.run([sample("clean"), "--format", "html"]) == .usage)
      #expect(
        refused.standardError.contains(
          "SOURCE_DATE_EPOCH must be whole seconds since 1970 (0 to 253402300799), found '\(value)'"))
      #expect(refused.standardOutput.isEmpty)
    }
    let latest = CapturedTerminal(environment: ["SOURCE_DATE_EPOCH": "253402300799"])
    #expect(latest.run([sample("clean"), "--format", "html"]) == .success)
    #expect(latest.standardOutput.contains("generated 9999-12-31T23:59:59Z"))
  }

  /// Only the HTML report shows a date: the other formats, and `diff` in every format,
  /// never read the variable, so a bad one does not stop them.
  @Test(arguments: [["analyze", "--format", "json"], ["analyze", "--format", "text"], ["diff", "--format", "html"]])
  func reportsWithoutADateIgnoreSourceDateEpoch(command: [String]) {
    let terminal = CapturedTerminal(environment: ["SOURCE_DATE_EPOCH": "soon"])
    let traces = command[0] == "diff" ? [sample("clean"), sample("clean")] : [sample("clean")]
    #expect(terminal.run([command[0]] + traces + command.dropFirst()) == .success)
    #expect(!terminal.standardError.contains("SOURCE_DATE_EPOCH"))
  }
}
