import Foundation
import RedrawTestSupport
import Testing

/// A port of a second real screen (Tests/Fixtures/SurveyTasks: MyDataHelpsKit's example app,
/// its tasks tab; README.md names the commit and files): its own tests check that `redraw
/// plan` from the run as it is predicts, view by view and for each owner, the run after the
/// move to `@Observable`, under both Xcode builds, and judge every finding.
@Suite struct SurveyTasksFixtureTests {
  @Test func thePlanHoldsOnAPortOfASecondRealScreen() throws {
    let package = try FixturePackage.prepare("SurveyTasks")
    let run = try package.swift(["test", "--skip-build", "--disable-xctest"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Test run with 2 tests in 2 suites passed"), "\(run.output)")
  }
}
