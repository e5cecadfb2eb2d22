import RedrawHarness
import RedrawTrace

/// A mail screen whose `TabView` shows an inbox, an archive and settings; the tab shown hands
/// its title up as a preference, and the screen shows it in its header.
///
/// The script: the screen appears with the inbox (the header learns its title after the first
/// update); a message is archived from the inbox (a new title); the archive is shown (made
/// now); the signature changes while the settings tab was never shown; the inbox is shown
/// again, as it was. With object-level tracking every tab made and the screen subscribe to the
/// model; with property-level tracking each reads only what it shows.
enum TabsScenario {
  final class MailModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var inbox = ["Hello", "Lunch?", "Invoice"]
    @Tracked var archived: [String] = []
    @Tracked var signature = "Sent from Redraw"
  }

  struct TitleKey: HarnessPreferenceKey {
    static let defaultValue = ""
    static func reduce(value: inout String, nextValue: () -> String) { value = nextValue() }
  }

  struct MailScreen: HarnessView {
    @ViewObservedObject var model: MailModel
    @ViewState var tab = "inbox"
    @ViewState var title = ""
    func body(_ content: inout ViewContent) {
      content.text(title)
      let model = self.model
      content.tabView("Tab", selection: $tab, tags: ["inbox", "archive", "settings"]) { MailTab(tag: $0, model: model) }
      content.onPreferenceChange(TitleKey.self) { title = $0 }
    }
  }

  struct MailTab: HarnessView {
    let tag: String
    @ViewObservedObject var model: MailModel
    func body(_ content: inout ViewContent) {
      switch tag {
      case "inbox":
        content.text("\(model.inbox.count) messages")
        content.preference(TitleKey.self, "Inbox (\(model.inbox.count))")
        let model = self.model
        content.button("Archive first") { model.archived.append(model.inbox.removeFirst()) }
      case "archive":
        content.text("\(model.archived.count) archived")
        content.preference(TitleKey.self, "Archive")
      default:
        content.text(model.signature)
        content.preference(TitleKey.self, "Settings")
      }
    }
  }

  static let scenario = Scenario(
    name: "tabs", title: "archive, switch tabs, edit an unseen tab's model", modes: Scenario.Mode.allCases
  ) { tracking in
    let model = Trace.make(MailModel())
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { MailScreen(model: model) }
    harness.tap("Archive first")
    harness.pick("archive", from: "Tab")
    model.signature = "Sent from my phone"
    harness.flush()
    harness.pick("inbox", from: "Tab")
  }
}
