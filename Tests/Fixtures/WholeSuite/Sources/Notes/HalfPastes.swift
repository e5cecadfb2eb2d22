import Observation
import RedrawTrace

// The ways to paste the members of docs/getting-started.md half-way that compile, each as a
// user would write it. NotesTests' HalfPasteTests checks what each records; DoesNotCompile/
// holds those that do not compile.

/// `let tracking` alone: `@Observable` declares its own registrar, which every access goes
/// to. Records nothing.
@Observable public final class TrackingOnlyInbox: TrackedModel {
  /// Notes waiting to sync.
  public var pendingSyncs = 0
  /// Its `ModelTracking`, which no access reaches: they all go to the macro's registrar.
  public let tracking = ModelTracking()
  /// An inbox with nothing to sync.
  public init() {}
}

/// The registrar without the `access` members: every access is recorded, each property
/// named from its key path at run time, so two equal strings are `<name|nickname>` until
/// they differ. (A name, once found, is kept for the class: `SignInForm` is the same paste,
/// for another test.)
@Observable public final class ProfileForm: TrackedModel {
  /// The name typed.
  public var name = ""
  /// The nickname typed.
  public var nickname = ""

  /// Its `ModelTracking`, the class's registrar.
  public let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  /// An empty form.
  public init() {}
}

/// The sign-in form of NotesTests' SignInTests, pasted as ``ProfileForm``.
@Observable public final class SignInForm: TrackedModel {
  /// The email address typed.
  public var email = ""
  /// The password typed.
  public var password = ""

  /// Its `ModelTracking`, the class's registrar.
  public let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  /// An empty form.
  public init() {}
}

/// The registrar and the named `access`, without the unavailable one: `@Observable` then
/// declares its own `access(keyPath:)`, which the getters call (it has no defaulted
/// argument), so names come from key paths at run time as for ``ProfileForm``.
@Observable public final class NamedAccessForm: TrackedModel {
  /// The city typed.
  public var city = ""
  /// The street typed.
  public var street = ""

  /// Its `ModelTracking`, the class's registrar.
  public let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  nonisolated func access<M>(keyPath: KeyPath<NamedAccessForm, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
  /// An empty form.
  public init() {}
}

/// Both `access` members without the registrar: reads go to the `ModelTracking` and are
/// recorded; writes go to the registrar `@Observable` declares, and are neither recorded
/// nor seen by the views that read the properties, which never update.
@Observable public final class AccessOnlyInbox: TrackedModel {
  /// Notes waiting to sync.
  public var pendingSyncs = 0

  /// Its `ModelTracking`, which the reads reach; the writes go to the macro's registrar.
  public let tracking = ModelTracking()
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<AccessOnlyInbox, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<AccessOnlyInbox, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
  /// An inbox with nothing to sync.
  public init() {}
}

/// A `TrackedModel` without `@Observable` whose properties are not `@Tracked`: nothing of
/// it is observable or recorded.
public final class UntrackedInbox: TrackedModel {
  /// Its `ModelTracking`, which no access reaches.
  public let tracking = ModelTracking()
  /// Notes waiting to sync: a plain property, neither observable nor recorded.
  public var pendingSyncs = 0
  /// An inbox with nothing to sync.
  public init() {}
}
