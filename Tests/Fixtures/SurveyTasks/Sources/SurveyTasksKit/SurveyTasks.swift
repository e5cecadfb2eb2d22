import Foundation
import RedrawTrace

// The part of MyDataHelpsKit the tasks tab uses (MyDataHelpsKit/Model/SurveyTasks.swift,
// SurveyPresentation.swift, Session/ParticipantSession.swift): survey tasks, their query and
// pages, and the session that queries them. The server behind the session is the test's.

/// A survey task's status.
public enum SurveyTaskStatus: String, Hashable, Sendable {
  case incomplete, complete, closed
}

/// A survey assigned to the participant.
public struct SurveyTask: Hashable, Sendable {
  /// The identity.
  public let id: String
  /// The survey's identifier.
  public let surveyID: String
  /// The name the survey is presented by.
  public let surveyName: String
  /// The survey's name as the participant sees it.
  public let surveyDisplayName: String
  /// When the task is due, if ever.
  public let dueDate: Date?
  /// Whether the participant saved answers without finishing.
  public let hasSavedProgress: Bool
  /// Whether the task is incomplete, complete or closed.
  public var status: SurveyTaskStatus

  /// A task of the survey `surveyName`, incomplete unless `status` says otherwise.
  public init(
    id: String, surveyName: String, surveyDisplayName: String, dueDate: Date? = nil, hasSavedProgress: Bool = false,
    status: SurveyTaskStatus = .incomplete
  ) {
    self.id = id
    surveyID = "survey-" + surveyName
    self.surveyName = surveyName
    self.surveyDisplayName = surveyDisplayName
    self.dueDate = dueDate
    self.hasSavedProgress = hasSavedProgress
    self.status = status
  }
}

/// What tasks to query: by status, a page at a time.
public struct SurveyTaskQuery: Hashable, Sendable {
  /// The statuses of the tasks to query; every status when empty.
  public var statuses: Set<SurveyTaskStatus>
  /// The page to fetch; nil for the first.
  public var pageID: String?

  /// A query of the tasks of `statuses`, from the first page.
  public init(statuses: Set<SurveyTaskStatus> = []) {
    self.statuses = statuses
  }

  /// The query of the page after `page`.
  public func page(after page: SurveyTaskResultPage) -> SurveyTaskQuery? {
    guard let next = page.nextPageID else { return nil }
    var query = self
    query.pageID = next
    return query
  }
}

/// A page of tasks, and the id of the next one if there is one.
public struct SurveyTaskResultPage: Sendable {
  /// The page's tasks.
  public let surveyTasks: [SurveyTask]
  /// The next page's id; nil for the last page.
  public let nextPageID: String?
}

/// An error of the SDK.
public enum MyDataHelpsError: Error, Sendable {
  case timedOut
  case unknown
}

/// A survey to present by name (SurveyPresentation.swift).
public struct SurveyPresentation: Identifiable, Hashable, Sendable {
  /// The name the survey is presented by.
  public let surveyName: String
  /// The identity.
  public var id: String { surveyName }
}

/// The participant's session: its queries go to the server, and the code after their `await`
/// runs when the test says the response arrived (`harness.resume("querySurveyTasks")`).
public final class ParticipantSession {
  /// The server the session talks to.
  public let server: SurveyServer

  /// A session whose queries go to `server`.
  public init(server: SurveyServer) {
    self.server = server
  }

  /// `try await session.querySurveyTasks(query)`: the page the server has when the response
  /// arrives, or the error a test fails it with.
  public func querySurveyTasks(
    _ query: SurveyTaskQuery, in task: EffectTask, _ then: @escaping (SurveyTaskResultPage) -> Void,
    catch failure: @escaping (MyDataHelpsError) -> Void
  ) {
    task.await("querySurveyTasks") { [server] in
      then(server.page(for: query))
    } catch: {
      failure(.unknown)
    }
  }

  /// A survey to present by name.
  public func surveyPresentation(surveyName: String) -> SurveyPresentation {
    SurveyPresentation(surveyName: surveyName)
  }
}

/// The test's server: the participant's tasks, served `pageSize` at a time.
public final class SurveyServer {
  /// The participant's tasks.
  public private(set) var tasks: [SurveyTask]
  /// How many tasks a page holds.
  public let pageSize: Int

  /// A server of `tasks`, `pageSize` a page.
  public init(tasks: [SurveyTask], pageSize: Int) {
    self.tasks = tasks
    self.pageSize = pageSize
  }

  /// The page a query asks for.
  func page(for query: SurveyTaskQuery) -> SurveyTaskResultPage {
    let matching = tasks.filter { query.statuses.isEmpty || query.statuses.contains($0.status) }
    let start = query.pageID.flatMap(Int.init) ?? 0
    let end = min(start + pageSize, matching.count)
    let slice = start < end ? Array(matching[start..<end]) : []
    return SurveyTaskResultPage(surveyTasks: slice, nextPageID: end < matching.count ? String(end) : nil)
  }

  /// The participant completed the survey of a task.
  public func complete(surveyName: String) {
    guard let index = tasks.firstIndex(where: { $0.surveyName == surveyName && $0.status == .incomplete }) else {
      return
    }
    tasks[index].status = .complete
  }
}

// The example app's paging (PagedView/PagedViewModel.swift, SurveyTaskSource.swift,
// SurveyTaskView.swift's `Model`), shared by both sides: none of it is an ObservableObject.

/// A page of a paged query, and the items it shows.
public protocol PageModelType {
  associatedtype ItemType: Identifiable
  func pageItems(session: ParticipantSession) -> [ItemType]
  var nextPageID: String? { get }
}

/// What a paged list loads its pages from.
public protocol PagedModelSource {
  associatedtype PageModel: PageModelType
  var session: ParticipantSession { get }
  /// `func loadPage(after page: PageModel?) async throws -> PageModel?`.
  func loadPage(
    after page: PageModel?, in task: EffectTask, _ then: @escaping (PageModel?) -> Void,
    catch failure: @escaping (MyDataHelpsError) -> Void)
}

/// The survey tasks of a query, a page at a time.
public final class SurveyTaskSource: PagedModelSource {
  /// The participant's session.
  public let session: ParticipantSession
  private let criteria: SurveyTaskQuery

  /// The tasks `criteria` selects, from `session`.
  public init(session: ParticipantSession, criteria: SurveyTaskQuery) {
    self.session = session
    self.criteria = criteria
  }

  /// Loads the page after `page` (the first for nil) in `task`: `then` gets it, or nil when there is none; `failure` gets the error.
  public func loadPage(
    after page: SurveyTaskResultPage?, in task: EffectTask, _ then: @escaping (SurveyTaskResultPage?) -> Void,
    catch failure: @escaping (MyDataHelpsError) -> Void
  ) {
    if let query = query(after: page) {
      session.querySurveyTasks(query, in: task, then, catch: failure)
    } else {
      then(nil)
    }
  }

  private func query(after page: SurveyTaskResultPage?) -> SurveyTaskQuery? {
    guard let page else { return criteria }
    return criteria.page(after: page)
  }
}

extension SurveyTaskResultPage: PageModelType {
  /// The page's items, as the list shows them.
  public func pageItems(session: ParticipantSession) -> [SurveyTaskRow] {
    surveyTasks.map { SurveyTaskRow(session: session, task: $0) }
  }
}

/// A row's task (the app's `SurveyTaskView.Model`, declared here so both model modules use it).
public struct SurveyTaskRow: Identifiable {
  /// The participant's session.
  public let session: ParticipantSession
  /// The identity.
  public let id: String
  /// The survey's identifier.
  public let surveyID: String
  /// The survey's name as the participant sees it.
  public let surveyDisplayName: String
  /// When the task is due, if ever.
  public let dueDate: Date?
  /// Whether the participant saved answers without finishing.
  public let hasSavedProgress: Bool
  /// Whether the task is incomplete, complete or closed.
  public let status: SurveyTaskStatus
  /// The name the survey is presented by.
  public let surveyName: String

  /// The row of `task`.
  public init(session: ParticipantSession, task: SurveyTask) {
    self.session = session
    id = task.id
    surveyID = task.surveyID
    surveyDisplayName = task.surveyDisplayName
    dueDate = task.dueDate
    hasSavedProgress = task.hasSavedProgress
    status = task.status
    surveyName = task.surveyName
  }
}

/// Where the tasks tab's navigation stack goes (TasksViewModel.swift).
public enum TasksNavigationPath: Hashable, Sendable {
  case surveyLauncher
  case surveyAnswers(String, String)
  case completedTasks
}

/// A survey launched by name, without an assigned task (TasksViewModel.swift).
public struct PersistentSurvey: Identifiable, Sendable {
  /// The identity.
  public var id: String { surveyName }
  /// The name the survey is presented by.
  public let surveyName: String
  /// The survey's name as the participant sees it.
  public let surveyDisplayName: String

  /// A survey launched by name.
  public init(surveyName: String, surveyDisplayName: String) {
    self.surveyName = surveyName
    self.surveyDisplayName = surveyDisplayName
  }
}

/// The signed-in participant (Session/ParticipantModel.swift).
public final class ParticipantModel {
  /// The participant's session.
  public let session: ParticipantSession

  /// The participant of `session`.
  public init(session: ParticipantSession) {
    self.session = session
  }
}

/// `ParticipantSession.participantDidUpdateNotification`.
public let participantDidUpdateNotification = "ParticipantSessionParticipantDidUpdate"
