import Foundation
import RedrawHarness
import RedrawTrace
import SurveyTasksKit
import TasksAfter

/// The tasks tab after the move to `@Observable`, as Apple's migration guide has it:
/// `@StateObject` becomes `@State` (the memberwise initializer passing the model in:
/// `State(initialValue:)`), `@ObservedObject` a plain property, `@EnvironmentObject`
/// `@Environment(T.self)` (`content.environment(T.self)`). Nothing else changes.
enum After {
  typealias TasksModel = TasksAfter.TasksViewModel
  typealias PagedModel = TasksAfter.PagedViewModel<SurveyTaskSource>
  typealias BannerModel = TasksAfter.MessageBannerModel

  /// MessageBannerView.swift, around the app's scene (MyDataHelpsKit_ExampleApp.swift:
  /// `MessageBannerView { ContentView(participant: participant) }`, signed in).
  struct MessageBannerView: HarnessView {
    /// `@ViewBuilder var content: () -> Content`, given the objects `.environmentObject(model)`
    /// puts in its environment.
    let content: (inout ViewContent, [AnyObject]) -> Void
    @ViewState var model = Trace.make(BannerModel())
    @ViewState var bannerOpacity = 0.0

    func body(_ content: inout ViewContent) {
      self.content(&content, [model])
      if let message = model.message {
        _ = bannerOpacity  // .opacity(bannerOpacity)
        let banner = self
        content.child(GroupBox(message: message)) { box in
          box.onTapGesture("Banner") { banner.hideBanner() }
          box.onAppear { banner.brieflyShowBanner() }
        }
      }
    }

    func brieflyShowBanner() {
      bannerOpacity = 1
      let banner = self
      AppEffects.task("brieflyShowBanner") { task in
        task.sleep(for: .seconds(3)) { banner.hideBanner() }  // `try?`: the rest runs anyway
      }
    }

    func hideBanner() {
      bannerOpacity = 0
      let model = self.model
      AppEffects.task("hideBanner") { task in
        task.sleep(for: .milliseconds(500)) { model.message = nil }
      }
    }
  }

  /// SwiftUI's `GroupBox { Text(message) }`, the node the banner's `.onAppear` belongs to.
  struct GroupBox: HarnessView {
    let message: String
    func body(_ content: inout ViewContent) { content.text(message) }
  }

  /// ContentView.swift: the tab view; its tasks tab (the other tabs are not ported).
  struct ContentView: HarnessView {
    let participant: ParticipantModel
    func body(_ content: inout ViewContent) {
      content.child(TasksView(model: Trace.make(TasksModel(session: participant.session))))
    }
  }

  /// Tasks/TasksView.swift.
  struct TasksView: HarnessView {
    @ViewState var model: TasksModel
    @ViewState var presentedSurvey: SurveyPresentation? = nil

    /// The memberwise initializer: `TasksView(model: TasksViewModel(session: …))`.
    init(model: TasksModel) {
      _model = ViewState(initialValue: model)
    }

    func body(_ content: inout ViewContent) {
      // NavigationStack(path: $model.path)
      let path = $model.path
      content.environment(NavigationStackContext.self)?.path = path
      let presented = $presentedSurvey
      // List
      content.child(
        PersistentSurveysSectionView(
          session: model.session, persistentSurveys: model.persistentSurveys, presentedSurvey: presented))
      content.child(AssignedTasksSectionView(tasksModel: model.tasksModel, presentedSurvey: presented))
      content.button("View Completed Tasks") { path.wrappedValue.append(.completedTasks) }
      let model = self.model
      content.refreshable { task in model.refresh(in: task) }
      content.onReceive(AppEffects.publisher(for: participantDidUpdateNotification)) {
        AppEffects.task("refresh") { task in model.refresh(in: task) }
      }
      content.child(Sheet(item: presented) { _, sheet in sheet.child(PresentedSurveyView(presentation: presented)) })
      // .navigationDestination(for: TasksNavigationPath.self): the views on the path.
      for destination in path.wrappedValue {
        switch destination {
        case .completedTasks:
          let session = model.session
          content.child(
            PagedListView(model: SurveyTaskQuery(statuses: [.complete]).pagedListViewModel(session)) { task in
              SurveyTaskView(model: task, presentedSurvey: presented)
            }, id: destination)
        case .surveyLauncher, .surveyAnswers:
          break  // not ported: the script does not go there
        }
      }
    }
  }

  /// Tasks/PersistentSurveysSectionView.swift.
  struct PersistentSurveysSectionView: HarnessView {
    let session: ParticipantSession
    let persistentSurveys: [PersistentSurvey]
    var presentedSurvey: ViewBinding<SurveyPresentation?>

    func body(_ content: inout ViewContent) {
      for survey in persistentSurveys {
        let launch = self
        content.button(survey.surveyDisplayName) { launch.launchSurvey(surveyName: survey.surveyName) }
      }
      if persistentSurveys.isEmpty { content.text("EXERCISE: populate var persistentSurveys") }
      let navigation = content.environment(NavigationStackContext.self)
      content.button("Launch Another Survey") { navigation?.append(.surveyLauncher) }
      content.text("These surveys are presented by name, with no assigned task necessary.")
    }

    private func launchSurvey(surveyName: String) {
      presentedSurvey.wrappedValue = session.surveyPresentation(surveyName: surveyName)
    }
  }

  /// Tasks/AssignedTasksSectionView.swift.
  struct AssignedTasksSectionView: HarnessView {
    let tasksModel: PagedModel
    var presentedSurvey: ViewBinding<SurveyPresentation?>

    func body(_ content: inout ViewContent) {
      content.text("Incomplete Tasks")
      switch tasksModel.state {
      case .empty:
        content.child(PagedEmptyContentView(text: "No assigned tasks"))
      case .failure(let error):
        content.child(PagedFailureContentView(error: error))
      case .normal:
        let presentedSurvey = self.presentedSurvey
        content.child(
          PagedContentItemsView(model: tasksModel, inlineProgressViewVisibility: .allFetches) { task in
            SurveyTaskView(model: task, presentedSurvey: presentedSurvey)
          })
      }
    }
  }

  /// PagedView/PagedView.swift's PagedListView, for the completed tasks.
  struct PagedListView<Row: HarnessView>: HarnessView {
    @ViewState var model: PagedModel
    let rowContent: (SurveyTaskRow) -> Row

    /// The memberwise initializer: `PagedListView(model: query.pagedListViewModel(session)) { … }`.
    init(model: PagedModel, rowContent: @escaping (SurveyTaskRow) -> Row) {
      _model = ViewState(initialValue: model)
      self.rowContent = rowContent
    }

    func body(_ content: inout ViewContent) {
      switch model.state {
      case .empty:
        content.child(PagedEmptyContentView())
      case .failure(let error):
        content.child(PagedFailureContentView(error: error))
      case .normal:
        content.child(PagedContentItemsView(model: model, inlineProgressViewVisibility: .never, rowContent: rowContent))
      }
      content.child(PagedLoadingView(model: model))  // the section's footer
      let model = self.model
      content.refreshable { task in model.reset(in: task) }
    }
  }

  /// PagedView.swift's PagedContentItemsView: the rows, loading the next page at the last.
  struct PagedContentItemsView<Row: HarnessView>: HarnessView {
    let model: PagedModel
    let inlineProgressViewVisibility: PagedLoadingViewVisibility
    let rowContent: (SurveyTaskRow) -> Row

    func body(_ content: inout ViewContent) {
      let model = self.model
      content.lazy("rows", model.items, visible: taskRowsInView) {
        rowContent($0)
      } modifiers: { item, row in
        row.onTapGesture { model.selectedItem = item }
        row.onAppear {
          if model.isLastItem(item) { AppEffects.task("loadNextPage") { task in model.loadNextPage(in: task) } }
        }
      }
      content.child(PagedLoadingView(model: model, visibility: inlineProgressViewVisibility))
    }
  }

  /// PagedView.swift's PagedLoadingView.
  struct PagedLoadingView: HarnessView {
    let model: PagedModel
    var visibility: PagedLoadingViewVisibility = .allFetches

    func body(_ content: inout ViewContent) {
      switch (visibility, model.state) {
      case (.allFetches, .normal(loadMore: true)):
        content.text("ProgressView")
      case (.initialFetch, .normal(loadMore: true)) where model.items.isEmpty:
        content.text("ProgressView")
      default:
        break
      }
    }
  }

  /// PagedView.swift's PagedEmptyContentView.
  struct PagedEmptyContentView: HarnessView {
    var text = "No results"
    func body(_ content: inout ViewContent) { content.text(text) }
  }

  /// PagedView.swift's PagedFailureContentView.
  struct PagedFailureContentView: HarnessView {
    let error: MyDataHelpsError
    func body(_ content: inout ViewContent) {
      content.child(ErrorView(model: ErrorView.Model(title: "Failed to load", error: error)))
    }
  }

  /// ErrorView.swift.
  struct ErrorView: HarnessView {
    struct Model: Identifiable {
      let id = UUID().uuidString
      let title: String
      let error: MyDataHelpsError
    }

    let model: Model
    func body(_ content: inout ViewContent) {
      content.text(model.title)
      content.text("\(model.error)")
    }
  }

  /// PagedView/SurveyTaskView.swift: a task's row.
  struct SurveyTaskView: HarnessView {
    let model: SurveyTaskRow
    var presentedSurvey: ViewBinding<SurveyPresentation?>

    func body(_ content: inout ViewContent) {
      if model.status == .complete {
        let navigation = content.environment(NavigationStackContext.self)
        let value = TasksNavigationPath.surveyAnswers(model.surveyID, model.surveyDisplayName)
        content.button("Tap") { navigation?.append(value) }  // NavigationLink(value:)
      } else {
        let row = self
        content.button("Tap") { row.launchSurvey() }  // .onTapGesture(perform: launchSurvey)
      }
      switch (model.status, model.hasSavedProgress) {
      case (.incomplete, false): content.text("square")
      case (.incomplete, true): content.text("ellipsis.rectangle")
      case (.complete, _): content.text("checkmark.square")
      case (.closed, _): content.text("checkmark.square.fill")
      }
      content.text(model.surveyDisplayName)
      if let dueDate = model.dueDate { content.text(dueDate.formatted()) }
    }

    private func launchSurvey() {
      guard model.status == .incomplete else { return }
      presentedSurvey.wrappedValue = model.session.surveyPresentation(surveyName: model.surveyName)
    }
  }

  /// SurveyPresentation/PresentedSurveyView.swift: a `UIViewControllerRepresentable` whose
  /// survey view controller calls back when the participant finishes; its body is the
  /// representable's update, which does nothing. The test finishes the survey with its
  /// "Finish survey" control, standing for the survey's own Done.
  struct PresentedSurveyView: HarnessView {
    let presentation: ViewBinding<SurveyPresentation?>

    func body(_ content: inout ViewContent) {
      // @Environment(MessageBannerModel.self) private var messageBanner
      guard let messageBanner = content.environment(BannerModel.self) else { return }
      let view = self
      content.button("Finish survey") { view.surveyFinished(message: "Completed", messageBanner: messageBanner) }
    }

    /// The survey view controller's completion.
    private func surveyFinished(message: String, messageBanner: BannerModel) {
      defer { AppEffects.post(participantDidUpdateNotification) }
      presentation.wrappedValue = nil
      messageBanner(message)
    }
  }
}
