import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// An over-broad evaluation is charged to the write that changed a value, not to an
/// equal-value write made just before it, and the finding says when other writes of the same
/// update caused it too.
@Suite struct OverBroadBlameTests {
  final class FeedLoader: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var isLoading = false
    @Tracked var items: [String] = []
    @Tracked var unread = 0

    func refresh() {
      isLoading = false  // the same value
      items.append("post")
    }
  }

  struct Badge: HarnessView {
    @ViewObservedObject var loader: FeedLoader
    func body(_ content: inout ViewContent) { content.text("\(loader.unread)") }
  }

  static func findings(_ script: (FeedLoader, ViewHarness) -> Void) throws -> [Finding] {
    let recording = Trace.record(scenario: "refresh", reproducible: true) { _ in
      let loader = Trace.make(FeedLoader())
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: .xcode26) { Badge(loader: loader) }
      script(loader, harness)
    }
    return try analyzeWithAndWithoutCauses(recording).findings.filter { $0.rule == "over-broad-invalidation" }
  }

  @Test func theWriteThatChangedAValueTakesTheBlame() throws {
    let findings = try Self.findings { loader, harness in
      for _ in 0..<2 {
        loader.refresh()
        harness.flush()
      }
    }
    #expect(findings.map { "\($0.property ?? "") ×\($0.count)" } == ["items ×2"])
    let message = try #require(findings.first?.message)
    #expect(message.contains("after writes to FeedLoader.items, which it never reads (it reads unread)"), "\(message)")
    #expect(
      message.contains("Each followed other writes of the same update too, such as FeedLoader.isLoading."), "\(message)"
    )
  }

  @Test func aLoneWriteSaysNothingOfOthers() throws {
    let findings = try Self.findings { loader, harness in
      loader.items.append("post")
      harness.flush()
    }
    let message = try #require(findings.first?.message)
    #expect(!message.contains("other writes"), "\(message)")
  }
}

/// Rows of one view type read different properties of a shared model: the finding speaks of
/// the rows whose evaluations were over-broad, not of every row's reads merged.
@Suite struct OverBroadReadsTests {
  final class Settings: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var isCollapsed = false
    @Tracked var fontSize = 12
  }

  struct Outline: HarnessView {
    func body(_ content: inout ViewContent) {
      content.child(Section(collapsible: true), id: 1)
      content.child(Section(collapsible: false), id: 2)
    }
  }

  struct Section: HarnessView {
    let collapsible: Bool
    @ViewEnvironmentObject var settings: Settings
    func body(_ content: inout ViewContent) {
      content.text("\(settings.fontSize)")
      if collapsible { content.text(settings.isCollapsed ? "▸" : "▾") }
    }
  }

  struct Root: HarnessView {
    let settings: Settings
    func body(_ content: inout ViewContent) { content.child(Outline(), environment: [settings]) }
  }

  @Test func theMessageListsTheReadsOfTheOverBroadRow() throws {
    let recording = Trace.record(scenario: "collapse", reproducible: true) { _ in
      let settings = Trace.make(Settings())
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: .xcode26) { Root(settings: settings) }
      settings.isCollapsed = true
      harness.flush()
    }
    let finding = try #require(
      try analyzeWithAndWithoutCauses(recording).findings.first { $0.rule == "over-broad-invalidation" })
    #expect(finding.view == "Section" && finding.property == "isCollapsed" && finding.count == 1)
    #expect(finding.message.contains("which it never reads (it reads fontSize)."), "\(finding.message)")
  }
}
