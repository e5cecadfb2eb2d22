import RedrawHarness
import RedrawTrace
import Testing

private struct SitedScreen: HarnessView {
  let rows: [Int]

  /// The lines of the `content.child` calls below.
  static let headerCall = #line + 3
  static let rowCall = #line + 4
  func body(_ content: inout ViewContent) {
    content.child(SitedHeader())
    for row in rows {
      content.child(SitedRow(row: row), id: row)
    }
  }
}

private struct SitedHeader: HarnessView {
  func body(_ content: inout ViewContent) { content.text("header") }
}

private struct SitedRow: HarnessView {
  let row: Int
  func body(_ content: inout ViewContent) { content.text("\(row)") }
}

@Suite("The harness records where each view is declared as its body events' site")
struct BodySiteTests {
  static let file = "Tests/RedrawHarnessTests/BodySiteTests.swift"

  @Test func eachBodyEventNamesTheChildCallOrTheHarnessInitializer() {
    let rootCall = #line + 2
    let recording = Trace.record(reproducible: true) { _ in
      _ = ViewHarness { SitedScreen(rows: [1, 2]) }
    }
    let sites = recording.lines.filter { $0.contains(#""e":"body""#) }.map { line -> String in
      guard let start = line.range(of: #""site":""#)?.upperBound else { return "" }
      return String(line[start...].prefix { $0 != "\"" })
    }
    #expect(
      sites == [
        "\(Self.file):\(rootCall)", "\(Self.file):\(SitedScreen.headerCall)", "\(Self.file):\(SitedScreen.rowCall)",
        "\(Self.file):\(SitedScreen.rowCall)",
      ])
  }

  @Test func theSiteIsTheLastKeySoRemovingCausesKeepsIt() {
    let recording = Trace.record(reproducible: true) { _ in
      _ = ViewHarness { SitedScreen(rows: []) }
    }
    let bodies = recording.withoutCauses.lines.filter { $0.contains(#""e":"body""#) }
    #expect(bodies.allSatisfy { !$0.contains("cause") && $0.contains(#","site":"\#(Self.file):"#) })
  }
}
