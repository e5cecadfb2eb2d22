import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import SurveyTasksKit

/// One side of the migration, mounted: the harness, the server, and what the script reaches
/// into the views for.
struct MountedTasks {
  let harness: ViewHarness
  let server: SurveyServer
  /// The tasks tab's view type, whose list the script pulls to refresh.
  let tasksView: any HarnessView.Type
  /// The nodes of the task rows in view, in the list's order, and their surveys' names.
  let rows: () -> [(node: Int, surveyName: String)]
}

/// A participant's minute on the tasks tab, the same on both sides: the tasks load, the list
/// scrolls to the end of the first page (the next page loads), a task's survey is presented
/// and completed (the banner shows, the tasks refresh), the banner goes, the completed tasks
/// open, and a pull to refresh fails.
enum SurveyTasksScript {
  /// Twelve incomplete tasks, ten a page.
  static func server() -> SurveyServer {
    SurveyServer(
      tasks: (1...12).map {
        SurveyTask(id: "task-\($0)", surveyName: "survey-\($0)", surveyDisplayName: "Check-in \($0)")
      },
      pageSize: 10)
  }

  static func play(_ screen: MountedTasks) {
    let harness = screen.harness
    // The first page arrives: ten tasks, eight rows in view.
    harness.resume("querySurveyTasks")
    // The list scrolls to its end: the last row appears and asks for the next page.
    harness.scroll("rows", to: 10)
    harness.resume("querySurveyTasks")
    // The first row in view is tapped: its survey is presented in a sheet.
    let (row, surveyName) = screen.rows()[0]
    harness.tap("Tap", node: row)
    // The participant completes it: the server has the answers; the sheet closes, the banner
    // shows, and the participant-did-update notification refreshes the tasks.
    Trace.mark("the survey's answers reach the server")
    screen.server.complete(surveyName: surveyName)
    harness.tap("Finish survey")
    harness.resume("querySurveyTasks")
    // Three seconds later the banner fades, and half a second after that it goes.
    harness.advance(by: .milliseconds(3500))
    // The completed tasks open, and load.
    harness.tap("View Completed Tasks")
    harness.resume("querySurveyTasks")
    // Back on the tasks, a pull to refresh fails.
    harness.refresh(in: screen.tasksView)
    harness.fail("querySurveyTasks")
  }

  /// The script on the screen as it is: object-level tracking.
  static func before(swiftUI: SwiftUIBuild) -> TraceRecording {
    record { participant, navigation in
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: swiftUI) {
        Before.MessageBannerView { content, environment in
          content.child(Before.ContentView(participant: participant), environment: environment + [navigation])
        }
      }
      return (
        harness, Before.TasksView.self,
        { harness.mounted(Before.SurveyTaskView.self).map { ($0.node, $0.view.model.surveyName) } }
      )
    }
  }

  /// The script on the screen after the move: property-level tracking.
  static func after(swiftUI: SwiftUIBuild) -> TraceRecording {
    record { participant, navigation in
      let harness = ViewHarness(tracking: .propertyLevel, swiftUI: swiftUI) {
        After.MessageBannerView { content, environment in
          content.child(After.ContentView(participant: participant), environment: environment + [navigation])
        }
      }
      return (
        harness, After.TasksView.self,
        { harness.mounted(After.SurveyTaskView.self).map { ($0.node, $0.view.model.surveyName) } }
      )
    }
  }

  /// Records the script on the side `mount` mounts, given the participant and the stack's state.
  private static func record(
    mount:
      @escaping (ParticipantModel, NavigationStackContext) -> (
        ViewHarness, any HarnessView.Type, () -> [(node: Int, surveyName: String)]
      )
  ) -> TraceRecording {
    Trace.record(scenario: "survey tasks: load, scroll, complete, open completed, refresh", reproducible: true) { _ in
      AppEffects.reset()
      defer { AppEffects.reset() }
      let server = server()
      let (harness, tasksView, rows) = mount(
        ParticipantModel(session: ParticipantSession(server: server)), NavigationStackContext())
      play(MountedTasks(harness: harness, server: server, tasksView: tasksView, rows: rows))
    }
  }
}
