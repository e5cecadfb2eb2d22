import RedrawHarness
import RedrawTrace
import Testing

// MARK: - Views and models

final class Profile: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var query = ""
  @Tracked var unreadCount = 0
  @Tracked var showDetail = false
}

struct Screen: HarnessView {
  @ViewObservedObject var profile: Profile
  func body(_ content: inout ViewContent) {
    content.child(SearchField(profile: profile))
    content.child(Badge(profile: profile))
    if profile.showDetail { content.child(Detail()) }
  }
}

struct SearchField: HarnessView {
  @ViewObservedObject var profile: Profile
  func body(_ content: inout ViewContent) { content.text(profile.query) }
}

struct Badge: HarnessView {
  @ViewObservedObject var profile: Profile
  func body(_ content: inout ViewContent) { content.text("\(profile.unreadCount)") }
}

struct Detail: HarnessView {
  func body(_ content: inout ViewContent) { content.text("detail") }
}

final class Counter: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var count = 0
}

/// A counter that counts its own initializations; used by one test only.
final class Tally: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var count = 0
  nonisolated(unsafe) static var made = 0
  init() { Tally.made += 1 }
}

final class Theme: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var tint = 0
}

struct Parent: HarnessView {
  @ViewObservedObject var theme: Theme
  func body(_ content: inout ViewContent) {
    content.text("tint \(theme.tint)")
    content.child(StateCounter())
    content.child(PlainCounter())
  }
}

struct StateCounter: HarnessView {
  @ViewState var counter = Tally()
  func body(_ content: inout ViewContent) { content.text("\(counter.count)") }
}

struct PlainCounter: HarnessView {
  let counter = Tally()
  func body(_ content: inout ViewContent) { content.text("\(counter.count)") }
}

// MARK: - Tests

@Suite("SwiftUI's invalidation rules in the harness")
struct HarnessSemanticsTests {
  @Test func propertyLevelReEvaluatesOnlyReadersOfTheWrittenProperty() {
    let profile = Profile()
    let harness = ViewHarness(tracking: .propertyLevel) { Screen(profile: profile) }
    #expect(harness.evaluationCounts == ["Screen": 1, "SearchField": 1, "Badge": 1])
    #expect(harness.totalEvaluations == 3)
    harness.resetCounts()
    for character in "swift" {
      profile.query.append(character)
      harness.flush()
    }
    #expect(harness.evaluations(of: SearchField.self) == 5)
    #expect(harness.evaluations(of: Badge.self) == 0)
    #expect(harness.evaluations(of: Screen.self) == 0)
    profile.unreadCount = 3
    harness.flush()
    #expect(harness.evaluations(of: Badge.self) == 1)
    #expect(harness.texts["Badge"] == ["3"])
  }

  @Test func objectLevelReEvaluatesEveryReaderOfTheObject() {
    let profile = Profile()
    let harness = ViewHarness(tracking: .objectLevel) { Screen(profile: profile) }
    harness.resetCounts()
    for character in "swift" {
      profile.query.append(character)
      harness.flush()
    }
    #expect(harness.evaluations(of: SearchField.self) == 5)
    #expect(harness.evaluations(of: Badge.self) == 5, "the badge redraws on every keystroke")
    // The screen read showDetail, so it observes the object too.
    #expect(harness.evaluations(of: Screen.self) == 5)
  }

  @Test func severalWritesInOneFrameEvaluateOnce() {
    let profile = Profile()
    let harness = ViewHarness { Screen(profile: profile) }
    harness.resetCounts()
    profile.unreadCount = 1
    profile.unreadCount = 2
    harness.flush()
    #expect(harness.evaluations(of: Badge.self) == 1)
    #expect(harness.passesInLastFlush == 1)
  }

  @Test func childrenAppearAndDisappear() {
    let profile = Profile()
    let harness = ViewHarness { Screen(profile: profile) }
    #expect(!harness.isMounted(Detail.self))
    profile.showDetail = true
    harness.flush()
    #expect(harness.isMounted(Detail.self))
    #expect(harness.evaluations(of: Detail.self) == 1)
    // The screen re-created its children with the same inputs: they do not re-evaluate.
    #expect(harness.evaluations(of: Badge.self) == 1)
    profile.showDetail = false
    harness.flush()
    #expect(!harness.isMounted(Detail.self))
  }

  @Test func viewStateKeepsItsFirstValueAndAPlainPropertyIsRebuilt() {
    let theme = Theme()
    Tally.made = 0
    let harness = ViewHarness { Parent(theme: theme) }
    #expect(Tally.made == 2)
    harness.view(StateCounter.self)?.counter.count = 5
    harness.view(PlainCounter.self)?.counter.count = 5
    harness.flush()
    #expect(harness.texts["StateCounter"] == ["5"])
    #expect(harness.texts["PlainCounter"] == ["5"])
    theme.tint = 1
    harness.flush()
    // Both initializers ran again with the struct; @ViewState dropped its new value.
    #expect(Tally.made == 4)
    #expect(harness.view(StateCounter.self)?.counter.count == 5)
    #expect(harness.view(PlainCounter.self)?.counter.count == 0, "the plain property lost its state")
    #expect(harness.texts["PlainCounter"] == ["0"])
  }
}
