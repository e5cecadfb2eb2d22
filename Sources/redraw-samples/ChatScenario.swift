import RedrawHarness
import RedrawTrace

/// A chat screen driven as a user would: typing into the message field and tapping Send,
/// each an `action` span, so the report counts each action's writes and the evaluations
/// they caused (with `ObservableObject`, the unread dot redraws on every keystroke).
enum ChatScenario {
  final class Chat: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var draft = ""
    @Tracked var messages: [String] = []
    @Tracked var unread = 2

    func send() {
      messages.append(draft)
      draft = ""
    }
  }

  struct ChatScreen: HarnessView {
    @ViewObservedObject var chat: Chat
    func body(_ content: inout ViewContent) {
      content.child(MessageList(chat: chat))
      content.child(Composer(chat: chat))
      content.child(UnreadDot(chat: chat))
    }
  }

  struct MessageList: HarnessView {
    @ViewObservedObject var chat: Chat
    func body(_ content: inout ViewContent) {
      for (index, message) in chat.messages.enumerated() { content.child(MessageRow(text: message), id: index) }
    }
  }

  struct MessageRow: HarnessView {
    let text: String
    func body(_ content: inout ViewContent) { content.text(text) }
  }

  struct Composer: HarnessView {
    @ViewObservedObject var chat: Chat
    func body(_ content: inout ViewContent) {
      let chat = chat
      content.textField("Message", text: chat.draft) { chat.draft = $0 }
      content.button("Send") { chat.send() }
    }
  }

  struct UnreadDot: HarnessView {
    @ViewObservedObject var chat: Chat
    func body(_ content: inout ViewContent) { content.text("\(chat.unread)") }
  }

  static let scenario = Scenario(
    name: "chat-actions", title: "type a message and send it, twice", modes: [.objectLevel, .propertyLevel]
  ) { tracking in
    let chat = Chat()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { ChatScreen(chat: chat) }
    for message in ["Hi", "Yo"] {
      harness.type(message, into: "Message")
      harness.tap("Send")
    }
  }
}
