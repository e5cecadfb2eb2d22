import Foundation
import RedrawTestSupport
import Testing

/// A port of a real screen (Tests/Fixtures/Bookmarks: Pocket Casts' bookmarks list, README.md
/// names the commit and files): its own tests check that `redraw plan` from the run as it is
/// predicts, view by view and for its owner, the run after the move to `@Observable`, under
/// both Xcode builds, and judge every finding.
@Suite struct BookmarksFixtureTests {
  @Test func thePlanHoldsOnAPortOfARealScreen() throws {
    let package = try FixturePackage.prepare("Bookmarks")
    let run = try package.swift(["test", "--skip-build", "--disable-xctest"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test run with 2 tests in 2 suites passed"), "\(run.output)")
  }
}
