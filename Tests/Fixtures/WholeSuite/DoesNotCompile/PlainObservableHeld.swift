import Observation
import RedrawHarness

// A plain `@Observable` class, which records nothing, in a harness wrapper.
@Observable final class Inbox {
  var pendingSyncs = 0
}

struct Badge: HarnessView {
  @ViewObservedObject var inbox: Inbox
  func body(_ content: inout ViewContent) { content.text("\(inbox.pendingSyncs)") }
}
