import Observation
import RedrawTrace

// The registrar and the unavailable `access(keyPath:)`, without the named one: the getters
// `@Observable` writes call the unavailable one.
@Observable final class Inbox: TrackedModel {
  var pendingSyncs = 0

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<Inbox, M>) {}
}
