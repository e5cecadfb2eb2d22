import RedrawHarness
import RedrawTrace

/// A profile screen whose unread badge sits next to a search field.
///
/// With object-level tracking every keystroke re-evaluates the badge (and the screen,
/// which reads the user's name); with property-level tracking only the search field.
enum ProfileScenario {
  final class ProfileModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var name = "Ada"
    @Tracked var query = ""
    @Tracked var unreadCount = 2
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

  static let scenario = Scenario(
    name: "profile", title: "type in search, then a message arrives", modes: Scenario.Mode.allCases
  ) { tracking in
    let model = Trace.make(ProfileModel())
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { ProfileScreen(model: model) }
    for character in "swift" {
      Trace.mark("keystroke \(character)")
      model.query.append(character)
      harness.flush()
    }
    Trace.mark("message arrives")
    model.unreadCount += 1
    harness.flush()
  }
}
