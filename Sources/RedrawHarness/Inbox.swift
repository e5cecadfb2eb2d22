import RedrawPlatform
import RedrawTrace

/// Invalidations posted from any thread, read by the harness at its next pass.
final class Inbox: Sendable {
  enum Message: Sendable {
    case state(node: Int)
    case write(TrackedWrite, objectLevel: Bool)
    case changed(node: Int, generation: Int)
    /// A state that the node's evaluation `generation` read through a binding changed.
    case stateRead(node: Int, generation: Int)
  }

  private let messages = Locked<[Message]>([])

  var reference: Inbox { self }

  func post(_ message: Message) {
    messages.withLock { $0.append(message) }
  }

  /// Whether something was posted since the last drain.
  var hasMessages: Bool { messages.withLock { !$0.isEmpty } }

  func drain() -> [Message] {
    messages.withLock { messages in
      defer { messages.removeAll() }
      return messages
    }
  }
}
