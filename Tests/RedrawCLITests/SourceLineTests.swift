import Foundation
import RedrawCLI
import RedrawHarness
import RedrawTestSupport
import RedrawTrace
import Testing

// Issue 14's test of done: a trace recorded from this file's code, analyzed as SARIF with the
// package's root as the source root, names for each finding a file that exists under the
// root, at the line of the call that recorded it.

// MARK: - The recorded code

/// An inbox's model, written by typing.
private final class InboxModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var query = ""
  @Tracked var unread = 3
}

/// A loader whose initializer starts a request.
private final class InboxLoader {
  init() { Trace.effect(.network, "GET /inbox") }
}

private struct InboxScreen: HarnessView {
  @ViewObservedObject var model: InboxModel

  /// The line of the `content.child(UnreadBadge(…))` call below.
  static let badgeCall = #line + 4
  func body(_ content: inout ViewContent) {
    content.text(model.query)
    content.child(Toolbar())
    content.child(UnreadBadge(model: model))
  }
}

private struct UnreadBadge: HarnessView {
  @ViewObservedObject var model: InboxModel

  /// The line of the `Trace.effect` call below.
  static let effectCall = #line + 3
  func body(_ content: inout ViewContent) {
    content.text("\(model.unread)")
    Trace.effect(.analytics, "badge shown")
  }
}

private struct Toolbar: HarnessView {
  /// The line of the `Trace.make` call below.
  static let makeCall = #line + 1
  @ViewState var loader = Trace.make(InboxLoader())
  func body(_ content: inout ViewContent) { content.text("toolbar") }
}

// MARK: - The test

@Suite("Findings at the source line, from the package's root")
struct SourceLineTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  /// This file, relative to the package's root.
  static let file = "Tests/RedrawCLITests/SourceLineTests.swift"

  /// Types into the inbox's search field with `ObservableObject`'s tracking: the badge,
  /// subscribed to the model, re-evaluates for every keystroke; the screen re-creates the
  /// toolbar, whose `@ViewState` default makes a loader each time; the badge's body starts
  /// an effect.
  static func record(reproducible: Bool) -> TraceRecording {
    Trace.record(scenario: "type in the inbox's search", reproducible: reproducible) { _ in
      let model = InboxModel()
      let harness = ViewHarness(tracking: .objectLevel) { InboxScreen(model: model) }
      for character in "inbox" {
        model.query.append(character)
        harness.flush()
      }
    }
  }

  /// `redraw analyze` of `recording` in `format` with the package's root as `--source-root`.
  func analyze(_ recording: TraceRecording, format: String) throws -> String {
    let trace = scratch.path("source-lines-\(UUID().uuidString).jsonl")
    try Data(recording.bytes).write(to: URL(fileURLWithPath: trace))
    let terminal = CapturedTerminal()
    let code = terminal.run([
      "analyze", trace, "--format", format, "--source-root", repositoryRoot.path, "--fail-on", "never",
    ])
    #expect(code == .success, "\(terminal.standardError)")
    #expect(!terminal.standardError.contains("no single file"), "every site is found under the root")
    return terminal.standardOutput
  }

  /// The lines of this file, 1-based.
  static let sourceLines: [String] = {
    let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)) ?? ""
    return [""] + text.components(separatedBy: "\n")
  }()

  @Test(arguments: [false, true])
  func everySARIFResultNamesAFileUnderTheRootAtTheLineOfTheCall(reproducible: Bool) throws {
    let sarif = try analyze(Self.record(reproducible: reproducible), format: "sarif")
    try Self.checkSourceLines(sarif)
  }

  @Test func theExecutableRunFromThePackageRootFindsItWithoutAnOption() throws {
    let trace = scratch.path("source-lines-\(UUID().uuidString).jsonl")
    try Data(Self.record(reproducible: false).bytes).write(to: URL(fileURLWithPath: trace))
    // The package's root is the working directory, and its git root; no GITHUB_WORKSPACE.
    let run = try EndToEndTests().run(
      ["analyze", trace, "--format", "sarif", "--fail-on", "never"], environment: ["GITHUB_WORKSPACE": ""])
    #expect(run.status == 0, "\(run.error)")
    try Self.checkSourceLines(run.output)
  }

  /// Checks that every result of `sarif` names this file relative to `%SRCROOT%`, the
  /// package's root, at the line of a call, and each rule the line of its own call.
  static func checkSourceLines(_ sarif: String) throws {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let run = try #require((document["runs"] as? [[String: Any]])?.first)
    let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
    #expect(base?["uri"] as? String == URL(fileURLWithPath: repositoryRoot.path, isDirectory: true).absoluteString)
    let results = try #require(run["results"] as? [[String: Any]])
    var lines: [String: Set<Int>] = [:]
    for result in results {
      let rule = try #require(result["ruleId"] as? String)
      let physical = try #require(
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      let artifact = try #require(physical["artifactLocation"] as? [String: Any])
      let uri = try #require(artifact["uri"] as? String)
      #expect(artifact["uriBaseId"] as? String == "%SRCROOT%", "\(rule) is relative to the source root")
      #expect(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(uri).path), "\(uri)")
      #expect(uri == file)
      let line = try #require((physical["region"] as? [String: Any])?["startLine"] as? Int)
      let text = sourceLines.indices.contains(line) ? sourceLines[line] : ""
      let calls = ["content.child(", "Trace.make(", "Trace.effect(", "ViewHarness("]
      #expect(calls.contains { text.contains($0) }, "\(rule) points at a call, not at line \(line): \(text)")
      lines[rule, default: []].insert(line)
    }
    #expect(lines["over-broad-invalidation"] == [InboxScreen.badgeCall], "the view's body: where it is declared")
    #expect(lines["repeated-init"] == [Toolbar.makeCall], "the construction")
    #expect(lines["side-effect-in-init"] == [Toolbar.makeCall], "the construction")
    #expect(lines["side-effect-in-body"] == [UnreadBadge.effectCall], "the effect")
  }

  @Test func githubAndXcodePointAtTheSameLines() throws {
    let recording = Self.record(reproducible: false)
    let github = try analyze(recording, format: "github")
    #expect(github.contains("file=\(Self.file),line=\(InboxScreen.badgeCall),title=redraw over-broad-invalidation::"))
    #expect(github.contains("file=\(Self.file),line=\(Toolbar.makeCall),title=redraw repeated-init::"))
    let xcode = try analyze(recording, format: "xcode")
    let path = repositoryRoot.appendingPathComponent(Self.file).path
    #expect(xcode.contains("\(path):\(UnreadBadge.effectCall):1: warning: UnreadBadge.body started"))
  }
}
