import Observation
import RedrawTrace

// `TrackedModel` without `let tracking`.
@Observable final class Inbox: TrackedModel {
  var pendingSyncs = 0
}
