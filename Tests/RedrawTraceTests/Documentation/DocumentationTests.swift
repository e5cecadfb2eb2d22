import Foundation
import Testing

/// The Swift examples in the docs are the code in DocumentationExamples.swift, which the
/// test target compiles: a page cannot show code that does not build.
@Suite("Documentation examples compile")
struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let pages = ["docs/getting-started.md", "docs/instrumenting-swiftui.md"]

  /// The fenced ```swift blocks of a page.
  static func swiftBlocks(_ page: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test(arguments: pages)
  func everySwiftBlockIsCompiledCode(page: String) throws {
    let examples = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/RedrawTraceTests/Documentation/DocumentationExamples.swift"),
      encoding: .utf8)
    let blocks = try Self.swiftBlocks(page).filter { !$0.hasPrefix("// Package.swift") }
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(
        examples.contains(block), "\(page) shows code that DocumentationExamples.swift does not compile:\n\(block)")
    }
  }
}
