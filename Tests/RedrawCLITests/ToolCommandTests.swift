import Foundation
import RedrawAnalysis
import RedrawCLI
import RedrawTestSupport
import Testing

@Suite("redraw export, stats, validate and completion scripts")
struct ToolCommandTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  func temporary(_ suffix: String) -> String {
    scratch.path("\(UUID())\(suffix)")
  }

  func write(_ text: String) throws -> String {
    let path = temporary(".jsonl")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The Chrome trace's events, checking that `B` and `E` nest per process and thread.
  func exportedEvents(_ arguments: [String]) throws -> [JSONValue] {
    let output = temporary(".json")
    let terminal = CapturedTerminal()
    #expect(
      terminal.run(["export", "--to", "chrome", "--output", output] + arguments) == .success,
      "\(terminal.standardError)")
    let document = try JSONValue.parse(String(contentsOfFile: output, encoding: .utf8))
    guard case .array(let events)? = document["traceEvents"] else {
      Issue.record("no traceEvents")
      return []
    }
    var depth: [String: Int] = [:]
    var lastTime: [String: Double] = [:]
    for event in events {
      guard case .string(let phase)? = event["ph"], phase == "B" || phase == "E" else { continue }
      let key = "\(String(describing: event["pid"])):\(String(describing: event["tid"]))"
      if case .number(let time)? = event["ts"] {
        #expect(time >= lastTime[key, default: -1], "times do not go back on a thread")
        lastTime[key] = time
      }
      depth[key, default: 0] += phase == "B" ? 1 : -1
      #expect(depth[key]! >= 0, "an E never closes more than was opened")
    }
    #expect(depth.values.allSatisfy { $0 == 0 }, "every slice is closed")
    return events
  }

  @Test func exportWritesNestedSlicesAndInstants() throws {
    let events = try exportedEvents([sample("model-recreated")])
    let bodies = events.filter { $0["cat"] == .string("body") }
    #expect(bodies.count == 11)
    #expect(events.contains { $0["ph"] == .string("i") && $0["cat"] == .string("write") })
    #expect(events.contains { $0["name"] == .string("process_name") })
  }

  @Test func exportKeepsSpansNestedWhenTheTraceDoesNot() throws {
    let path = try write(
      trace(
        #"{"e":"body","t":1000,"tid":1,"id":1,"view":"A","node":1}"#,
        #"{"e":"body","t":2000,"tid":1,"id":2,"view":"B","node":2}"#, #"{"e":"end","t":3000,"tid":1,"id":1}"#,
        #"{"e":"end","t":4000,"tid":1,"id":2}"#, #"{"e":"init","t":5000,"tid":2,"id":3,"type":"Left open"}"#))
    let events = try exportedEvents([path])
    #expect(events.filter { $0["ph"] == .string("E") }.count == 3)
  }

  @Test func exportKeepsOnlyTheWindow() throws {
    let all = try exportedEvents([sample("hot-property")])
    let window = try exportedEvents([sample("hot-property"), "--from", "1us", "--until", "2us"])
    #expect(window.count < all.count)
    for event in window {
      if case .number(let time)? = event["ts"], event["ph"] != .string("E") { #expect(time >= 1 && time <= 2) }
    }
  }

  @Test func exportRejectsABadWindow() {
    let terminal = CapturedTerminal()
    #expect(
      terminal.run(["export", sample("clean"), "-o", temporary(".json"), "--from", "2s", "--until", "1s"]) == .usage)
    #expect(
      CapturedTerminal().run(["export", sample("clean"), "-o", temporary(".json"), "--to", "perfetto"]) == .usage)
  }

  /// `--to` names the format only; a time there says where the window's end went.
  @Test func aTimeGivenToToPointsAtUntil() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["export", sample("clean"), "-o", temporary(".json"), "--to", "2s"]) == .usage)
    #expect(terminal.standardError.contains("the end of the window is --until 2s"))
  }

  /// In `diff`, the allowed increase has a name of its own: `--threshold` is `analyze`'s
  /// rule threshold.
  @Test func diffTakesMaxIncreaseNotThreshold() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["diff", sample("clean"), sample("clean"), "--threshold", "5"]) == .usage)
    #expect(terminal.standardError.contains("--threshold"))
  }

  @Test func statsCountsEventsAndNamesTheLargest() {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["stats", sample("over-broad-invalidation")]) == .success)
    let text = terminal.standardOutput
    #expect(text.contains("Events              49"))
    #expect(text.contains("  body      13"))
    #expect(text.contains("\"type in search (ObservableObject)\""))
    #expect(text.contains("           6  UnreadBadge"))
    #expect(text.contains("          17  ProfileModel"))
  }

  @Test func validateAcceptsEverySample() throws {
    let samples = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("SampleTraces/rules").path
    ).filter { $0.hasSuffix(".jsonl") }.map { sample(String($0.dropLast(6))) }
    let terminal = CapturedTerminal()
    #expect(terminal.run(["validate"] + samples) == .success)
    #expect(samples.count >= 9)
    #expect(terminal.standardOutput.hasSuffix("No problems in \(samples.count) files.\n"))
  }

  @Test func validateListsEveryProblemWithItsLine() throws {
    let path = try write(
      #"{"e":"write","t":1,"tid":1,"obj":1,"type":"M","prop":"a"}"# + "\n" + metaLine + "\n"
        + #"{"e":"body","t":2,"tid":1,"id":1,"view":"V"}"# + "\n" + #"{"e":"end","t":3,"tid":1,"id":9}"# + "\n"
        + #"{"e":"frame","t":4,"tid":1}"# + "\n" + #"{"e":"mark","t":3,"ti"#)
    let terminal = CapturedTerminal()
    #expect(terminal.run(["validate", path]) == .findings)
    let text = terminal.standardOutput
    #expect(text.contains("\(path):1: events before any meta line"))
    #expect(text.contains("\(path):3:1: expected \"node\" in a \"body\" event"))
    #expect(text.contains("\(path):4: end for a span that is not open on its thread"))
    #expect(text.contains("\(path):6: the last line is cut short"))
    #expect(text.contains("note: 1 event(s) of unknown kind \"frame\""))
    #expect(text.hasSuffix("4 problems.\n"))
    #expect(CapturedTerminal().run(["validate", "/nonexistent.jsonl"]) == .inputError)
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsNameEveryCommandAndOption(shell: String) throws {
    let terminal = CapturedTerminal()
    #expect(terminal.run(["--generate-completion-script", shell]) == .success)
    let script = terminal.standardOutput
    for command in ["analyze", "diff", "stats", "validate", "export", "rules", "explain"] {
      #expect(script.contains(command))
    }
    for option in ["fail-on", "baseline", "threshold", "from"] { #expect(script.contains(option)) }
    if shell == "bash" {
      let path = temporary(".bash")
      try Data(script.utf8).write(to: URL(fileURLWithPath: path))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-n", path]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "the bash script parses")
    }
  }

  @Test func anUnknownShellIsAUsageError() {
    #expect(CapturedTerminal().run(["--generate-completion-script", "powershell"]) == .usage)
  }
}

let metaLine = #"{"e":"meta","format":"redraw-trace","version":1,"scenario":"test"}"#

func trace(_ lines: String...) -> String {
  ([metaLine] + lines).joined(separator: "\n") + "\n"
}

@Suite("redraw validate: allowed diagnostics")
struct ValidateAllowedTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  @Test func untrackedReadsAreNotesNotProblems() throws {
    let path = scratch.path("\(UUID()).jsonl")
    try Data(trace(#"{"e":"read","t":1,"tid":1,"obj":1,"type":"M","prop":"a"}"#).utf8).write(
      to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(["validate", path]) == .success)
    #expect(
      terminal.standardOutput.contains(
        "note: reads outside any body or init span (untracked reads): 1, the first at line 2 (allowed)"))
  }
}

@Suite("Every reader checks the format version")
struct VersionCheckTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  /// `OUTPUT` stands for a file in the test's scratch directory.
  @Test(arguments: [["export", "--to", "chrome", "-o", "OUTPUT"], ["stats"], ["analyze"]])
  func aNewerVersionIsAnInputError(command: [String]) throws {
    let command = command.map { $0 == "OUTPUT" ? scratch.path("version-test.json") : $0 }
    let path = scratch.path("\(UUID()).jsonl")
    try Data(#"{"e":"meta","format":"redraw-trace","version":2}"#.utf8 + [0x0A]).write(to: URL(fileURLWithPath: path))
    let terminal = CapturedTerminal()
    #expect(terminal.run(command + [path]) == .inputError)
    #expect(terminal.standardError.contains("trace format version 2 is not supported"))
  }
}
