import Foundation
import RedrawTestSupport
import Testing

/// Every ```swift block of README.md, docs/*.md and the DocC catalogs' pages is compiled by the tests (it appears
/// verbatim in one of the example files below, less its imports, which each file has at its
/// top) or says it is not, and why, on the line before it: `<!-- not compiled: the reason -->`.
@Suite("Every Swift block of the docs compiles or says why not")
struct PageCoverageTests {

  /// The files that compile the docs' code.
  static let exampleFiles = [
    "Tests/DocumentationTests/HarnessExamples.swift",
    "Tests/RedrawTraceTests/Documentation/DocumentationExamples.swift",
    // A user's package, built and run by RedrawTestingTests.
    "Tests/Fixtures/WholeSuite/Package.swift",
    "Tests/Fixtures/WholeSuite/Tests/ShopTests/CartTests.swift",
    "Tests/Fixtures/WholeSuite/Tests/ShopTests/SearchTests.swift",
    "Tests/Fixtures/WholeSuite/Tests/NotesTests/SyncBadgeTests.swift",
  ]

  static var pages: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)) ?? []
    let modules =
      (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Sources").path))
      ?? []
    let catalogs = modules.sorted().flatMap { module in
      let folder = "Sources/\(module)/\(module).docc"
      let files =
        (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)) ?? []
      return files.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" } + catalogs
  }

  /// The page's Swift blocks, each with whether the line before it marks it not compiled.
  static func blocks(of page: String) throws -> [(code: String, markedNotCompiled: Bool)] {
    let lines = try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    var blocks: [(String, Bool)] = []
    var current: [Substring]?
    var marked = false
    for (index, line) in lines.enumerated() {
      if current == nil, line == "```swift" {
        current = []
        marked = index > 0 && lines[index - 1].hasPrefix("<!-- not compiled: ") && lines[index - 1].hasSuffix(" -->")
      } else if current != nil, line == "```" {
        blocks.append((current!.joined(separator: "\n"), marked))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func thereArePagesWithSwiftBlocks() throws {
    #expect(try Self.pages.reduce(0) { $0 + (try Self.blocks(of: $1).count) } >= 15)
  }

  @Test(arguments: pages)
  func everySwiftBlockIsCompiledOrMarked(page: String) throws {
    let files = try Self.exampleFiles.map {
      try String(contentsOf: repositoryRoot.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n")
    // Imports are compared on their own: a block's code is looked for without them.
    let examples = files.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
    for block in try Self.blocks(of: page) where !block.markedNotCompiled {
      let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false)
      let imports = lines.filter { $0.hasPrefix("import ") }
      let code = lines.filter { !$0.hasPrefix("import ") }.drop { $0.isEmpty }.joined(separator: "\n")
      #expect(
        examples.contains(code),
        "\(page) shows code that no test compiles; add it to an example file or mark it:\n\(block.code)")
      for line in imports {
        #expect(files.contains("\n\(line)\n"), "\(page): no example file has '\(line)'")
      }
    }
  }
}
