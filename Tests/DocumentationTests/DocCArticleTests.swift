import Foundation
import RedrawTestSupport
import Testing

/// The DocC catalogs' articles generated from docs/ are current: `scripts/docs.sh --articles`
/// rewrites them.
@Suite struct DocCArticleTests {
  static let path = "Sources/RedrawTrace/RedrawTrace.docc/GettingStarted.md"

  @Test func theGettingStartedArticleIsGeneratedFromTheGuide() throws {
    try GeneratedFile.check(
      Self.path, printedBy: "scripts/docs.sh", ["--print-article"], regenerate: "scripts/docs.sh --articles")
  }

  @Test func theArticleHasDocCsTitleAndNoLinksToOtherPages() throws {
    let article = try String(contentsOf: repositoryRoot.appendingPathComponent(Self.path), encoding: .utf8)
    #expect(article.hasPrefix("# Getting Started with Redraw\n"))
    #expect(!article.contains(".md)"), "links to other pages become their paths")
  }
}
