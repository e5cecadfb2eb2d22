import Foundation
import RedrawCLI
import RedrawTestSupport
import Testing

@Suite("The source root: --source-root, GITHUB_WORKSPACE, the git root, the working directory")
struct SourceRootTests {
  /// This test's own directory for the files it writes.
  let scratch = ScratchDirectory()

  /// A fresh directory with `paths` made in it: a trailing `/` makes a folder, else a file.
  func tree(_ paths: [String]) throws -> URL {
    let root = URL(fileURLWithPath: scratch.path("tree-\(UUID().uuidString)"), isDirectory: true)
    for path in paths {
      let url = root.appendingPathComponent(path)
      if path.hasSuffix("/") {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      } else {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: url)
      }
    }
    return root
  }

  @Test func theOptionComesFirstRelativeToTheWorkingDirectory() throws {
    let root = try SourceRoot.resolve(
      option: "Sources/../Sources", environment: ["GITHUB_WORKSPACE": "/"], workingDirectory: repositoryRoot.path)
    #expect(root == repositoryRoot.appendingPathComponent("Sources").path)
  }

  @Test func anOptionThatNamesNoDirectoryIsAUsageError() {
    let terminal = CapturedTerminal()
    let code = terminal.run(["analyze", sample("clean"), "--format", "sarif", "--source-root", "/no/such/dir"])
    #expect(code == .usage)
    #expect(terminal.standardError.contains("'--source-root <dir>': no such directory"))
  }

  @Test func githubWorkspaceComesNext() throws {
    let workspace = try tree(["checkout/"]).appendingPathComponent("checkout").path
    let root = try SourceRoot.resolve(
      option: nil, environment: ["GITHUB_WORKSPACE": workspace], workingDirectory: repositoryRoot.path)
    #expect(root == workspace)
  }

  @Test func thenTheGitRootOfTheWorkingDirectoryEvenAWorktrees() throws {
    // A worktree or a submodule has a `.git` file rather than a folder.
    let checkout = try tree([".git", "Sources/App/"])
    let inside = checkout.appendingPathComponent("Sources/App").path
    #expect(try SourceRoot.resolve(option: nil, environment: [:], workingDirectory: inside) == checkout.path)
    #expect(SourceRoot.gitRoot(of: inside) == checkout.path)
  }

  @Test func elseTheWorkingDirectory() throws {
    let plain = try tree(["a/b/"]).appendingPathComponent("a/b").path
    try #require(SourceRoot.gitRoot(of: plain) == nil, "no checkout above the temporary directory")
    #expect(
      try SourceRoot.resolve(option: nil, environment: ["GITHUB_WORKSPACE": ""], workingDirectory: plain) == plain)
  }

  @Test func listingSkipsHiddenFoldersAndNodeModules() throws {
    let root = try tree([
      "Sources/App/Feed.swift", "Sources/App/Other.swift", ".build/debug/Feed.swift", "node_modules/x/Feed.swift",
      "Tests/AppTests/Feed.swift",
    ])
    let listing = SourceRoot.files(under: root.path, named: ["Feed.swift"])
    #expect(listing.complete)
    #expect(Set(listing.files) == ["Sources/App/Feed.swift", "Tests/AppTests/Feed.swift"])
    #expect(SourceRoot.files(under: root.path, named: []).files.isEmpty)
  }

  @Test func sitesFoundNowhereAreSaidOnStandardErrorAndKeptAsRecorded() throws {
    let terminal = CapturedTerminal()
    let code = terminal.run([
      "analyze", sample("side-effect-in-init"), "--format", "github", "--source-root", repositoryRoot.path,
      "--fail-on", "never",
    ])
    #expect(code == .success)
    #expect(
      terminal.standardError.contains(
        "redraw: note: 1 recorded source file names no single file under the source root \(repositoryRoot.path) "
          + "(FeedView.swift); they keep the recorded paths; if the traces were recorded from another package, "
          + "pass --source-root with its directory"))
    #expect(terminal.standardOutput.contains("::error file=FeedView.swift,line=9,"))
  }

  @Test func textReportsDoNotLookForSources() {
    let terminal = CapturedTerminal()
    _ = terminal.run(["analyze", sample("side-effect-in-init"), "--source-root", repositoryRoot.path])
    #expect(terminal.standardError.isEmpty)
  }
}
