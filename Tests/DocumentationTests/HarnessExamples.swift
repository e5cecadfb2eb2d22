// The code of docs/harness.md, compiled and run: PageCoverageTests checks that every Swift
// block of that page appears here verbatim (its imports at the top of this file).

import RedrawHarness
import RedrawTrace
import Testing

final class ProfileModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var name = "Ada"
  @Tracked var query = ""
  @Tracked var unreadCount = 0
}

struct ProfileScreen: HarnessView {
  @ViewObservedObject var model: ProfileModel
  func body(_ content: inout ViewContent) {
    content.text(model.name)
    content.child(SearchField(model: model))
    content.child(UnreadBadge(model: model))
  }
}

struct SearchField: HarnessView {
  @ViewObservedObject var model: ProfileModel
  func body(_ content: inout ViewContent) { content.text(model.query) }
}

struct UnreadBadge: HarnessView {
  @ViewObservedObject var model: ProfileModel
  func body(_ content: inout ViewContent) { content.text("\(model.unreadCount)") }
}

@Test func typingRedrawsOnlyTheSearchField() {
  let model = ProfileModel()
  let harness = ViewHarness(tracking: .propertyLevel) { ProfileScreen(model: model) }
  harness.resetCounts()  // forget the first render
  for character in "swift" {
    model.query.append(character)
    harness.flush()  // one frame
  }
  #expect(harness.evaluations(of: SearchField.self) == 5)
  #expect(harness.evaluations(of: UnreadBadge.self) == 0)
}

@Test func noOverBroadInvalidation() throws {
  let model = ProfileModel()
  let recording = Trace.record(scenario: "typing", reproducible: true) { _ in
    let harness = ViewHarness(tracking: .propertyLevel) { ProfileScreen(model: model) }
    model.query = "s"
    harness.flush()
  }
  let analysis = try recording.analyze()
  #expect(analysis.summary.overBroadEvaluations == 0, "\(analysis.findings.map(\.message))")
}

// MARK: - SwiftUI as each Xcode builds it

final class ArticleModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var title = "Observation"

  init() { Trace.effect(.network, "GET /article") }
}

struct ArticleView: HarnessView {
  @ViewState var model = Trace.make(ArticleModel())
  func body(_ content: inout ViewContent) { content.text(model.title) }
}

struct Reader: HarnessView {
  @ViewObservedObject var profile: ProfileModel
  func body(_ content: inout ViewContent) {
    content.text(profile.name)
    content.child(ArticleView())
  }
}

@Test(arguments: ViewHarness.SwiftUIBuild.allCases)
func theArticleLoadsOncePerIdentityWithXcode27(swiftUI: ViewHarness.SwiftUIBuild) throws {
  let profile = ProfileModel()
  let recording = Trace.record(scenario: "rename", reproducible: true) { _ in
    let harness = ViewHarness(tracking: .propertyLevel, swiftUI: swiftUI) { Reader(profile: profile) }
    for name in ["Grace", "Edsger"] {
      profile.name = name
      harness.flush()
    }
  }
  let article = try recording.analyze().sessions[0].initGroups.first { $0.type == "ArticleModel" }
  #expect(article?.runs == (swiftUI == .xcode26 ? 3 : 1))
}

// MARK: - docs/harness.md, "Environment values"

struct AccentKey: HarnessEnvironmentKey { static let defaultValue = "blue" }

extension HarnessEnvironmentValues {
  var accent: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}

struct Label: HarnessView {
  func body(_ content: inout ViewContent) { content.text(content.environment(\.accent)) }
}

struct Screen: HarnessView {
  let accent: String
  func body(_ content: inout ViewContent) {
    content.child(Label(), values: { $0.accent = accent })
  }
}

@Test func theAccentReachesTheLabel() {
  let harness = ViewHarness { Screen(accent: "red") }
  #expect(harness.texts["Label"] == ["red"])
}

// MARK: - docs/harness.md, "Tasks that await"

final class SearchModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var query = "owl"
  @Tracked var isLoading = false
  @Tracked var results: [String] = []
}

struct SearchResults: HarnessView {
  let model: SearchModel
  func body(_ content: inout ViewContent) {
    content.text(model.isLoading ? "Loading" : model.results.joined(separator: ", "))
    let model = self.model
    content.task("search", id: model.query) { task in
      model.isLoading = true  // runs after the update in which the view appeared
      task.await("results") {  // let results = try await api.search(query)
        model.results = ["owls"]  // runs at harness.resume("results")
        model.isLoading = false
      }
    }
  }
}

@Test func theResultsLandWhenTheTestResumesThem() {
  AppEffects.reset()
  defer { AppEffects.reset() }
  let harness = ViewHarness { SearchResults(model: SearchModel()) }
  #expect(harness.texts["SearchResults"] == ["Loading"])
  #expect(harness.resume("results"))
  #expect(harness.texts["SearchResults"] == ["owls"])
}
