import Observation
import RedrawTrace

/// The notes and their sync state, instrumented as docs/getting-started.md says: the class
/// conforms to `TrackedModel` and declares the four members.
@Observable public final class NotesInbox: TrackedModel {
  /// The notes' titles.
  public var titles: [String]
  /// The count the sync badge shows (`N to sync`); `sync()` adds one.
  public var pendingSyncs = 0

  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<NotesInbox, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<NotesInbox, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }

  /// An inbox of the notes titled `titles`, with a sync count of 0.
  public init(titles: [String] = []) {
    self.titles = titles
  }

  /// One note synced: the badge counts it.
  public func sync() { pendingSyncs += 1 }
}
