import RedrawTrace
import SurveyTasksKit

// The example app's models as they are: `ObservableObject`s whose `@Published` properties are
// `@Tracked` (PagedView/PagedViewModel.swift, Tasks/TasksViewModel.swift,
// MessageBannerView.swift's MessageBannerModel). An `async` function takes the task it runs
// in, and the code after an `await` is the closure given to it.

/// A paged list's model: its items, loaded a page at a time from its source.
public final class PagedViewModel<Source: PagedModelSource>: TrackedModel {
  /// The items the pages hold.
  public typealias ItemType = Source.PageModel.ItemType

  /// What the list shows.
  public enum State {
    case normal(loadMore: Bool)
    case empty
    case failure(MyDataHelpsError)
  }

  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  /// Where the pages come from.
  @Tracked public private(set) var source: Source
  private var loading = false
  private var lastPage: Source.PageModel?
  /// What the list shows: its items, that it has none, or a failure.
  @Tracked public var state: State = .normal(loadMore: true)
  /// The items of the pages loaded so far.
  @Tracked public var items: [ItemType] = []
  /// The item last tapped.
  @Tracked public var selectedItem: ItemType?

  /// Starts loading the first page: `Task { await loadNextPage() }`.
  public init(source: Source) {
    self.source = source
    AppEffects.task("loadNextPage") { [self] task in loadNextPage(in: task) }
  }

  /// `func reset(newSource:) async`: back to no items, then the first page.
  public func reset(newSource: Source? = nil, in task: EffectTask, then: @escaping () -> Void = {}) {
    lastPage = nil
    state = .normal(loadMore: true)
    items = []
    loading = false
    if let newSource { source = newSource }
    loadNextPage(in: task, then: then)
  }

  /// `func loadNextPage() async`: the next page, unless one is loading or none is left.
  public func loadNextPage(in task: EffectTask, then: @escaping () -> Void = {}) {
    guard case .normal(true) = state, !loading else { return then() }
    loading = true
    source.loadPage(after: lastPage, in: task) { [self] page in
      loaded(page)
      loading = false
      then()
    } catch: { [self] error in
      lastPage = nil
      items.removeAll()
      state = .failure(error)
      loading = false
      then()
    }
  }

  /// Whether `item` is the last item loaded.
  public func isLastItem(_ item: ItemType) -> Bool {
    item.id == items.last?.id
  }

  private func loaded(_ page: Source.PageModel?) {
    lastPage = page
    if let page { items.append(contentsOf: page.pageItems(session: source.session)) }
    if items.isEmpty {
      state = .empty
    } else {
      state = .normal(loadMore: page?.nextPageID != nil)
    }
  }
}

extension SurveyTaskQuery {
  /// A paged model of the query's tasks.
  public func pagedListViewModel(_ session: ParticipantSession) -> PagedViewModel<SurveyTaskSource> {
    Trace.make(PagedViewModel(source: SurveyTaskSource(session: session, criteria: self)))
  }
}

/// The tasks tab's model: its navigation path and its incomplete tasks.
public final class TasksViewModel: TrackedModel {
  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  /// The participant's session.
  public let session: ParticipantSession
  /// The navigation stack's path.
  @Tracked public var path: [TasksNavigationPath] = []
  /// The incomplete tasks, a page at a time.
  @Tracked public var tasksModel: PagedViewModel<SurveyTaskSource>
  /// The surveys launched by name, without a task.
  public let persistentSurveys: [PersistentSurvey]

  /// The tab's model: its incomplete tasks start loading now.
  public init(session: ParticipantSession) {
    self.session = session
    tasksModel = SurveyTaskQuery(statuses: [.incomplete]).pagedListViewModel(session)
    persistentSurveys = [
      PersistentSurvey(surveyName: "EMA1", surveyDisplayName: "Daily Mood Survey"),
      PersistentSurvey(surveyName: "EMA2", surveyDisplayName: "Daily Medication Survey"),
    ]
  }

  /// `func refresh() async { await tasksModel.reset() }`.
  public func refresh(in task: EffectTask) {
    tasksModel.reset(in: task)
  }
}

/// The banner's message, which any view of the app shows by calling the model.
public final class MessageBannerModel: TrackedModel {
  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  /// The message the banner shows, nil when none.
  @Tracked public var message: String?

  /// A banner with no message.
  public init() {}

  /// Shows `text` in the banner: `messageBanner("Saved")`.
  public func callAsFunction(_ text: String) {
    showMessage(text)
  }

  /// `withAnimation { message = text }`.
  public func showMessage(_ text: String) {
    message = text
  }
}
