import Observation
import RedrawTrace

// `@Observable` classes as users write them, with Redraw's members pasted in: the models of
// ObservableModelTests and PropertyNameTests.

// MARK: - The full paste

/// An `@Observable` model recorded by name: the registrar, and the named `access`.
@Observable final class ObservedInbox: TrackedModel {
  var query = ""
  var draft = ""
  var unreadCount = 0
  var messages: [String] = []
  @ObservationIgnored var untracked = 0
  /// A stored property that looks like a backing field, and is not one.
  @ObservationIgnored var _scratch = 0

  /// A computed property that reads another: its `#function` names no backing field.
  var summary: String { "\(messages.count) messages" }

  /// A computed property that reports its own key path.
  var total: Int {
    access(keyPath: \.total)
    return unreadCount + 100
  }

  /// A method that reports a read by hand: `#function` is a method's name.
  func touchQuery() { access(keyPath: \.query) }

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<ObservedInbox, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<ObservedInbox, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// A main-actor model, as SwiftUI apps often declare them.
@MainActor @Observable final class MainActorCart: TrackedModel {
  var items: [String] = []
  var total = 0

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<MainActorCart, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<MainActorCart, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// A generic model: its key paths are made anew for each access.
@Observable final class Couple<Value> {
  var first: Value
  var second: Value
  var label = ""

  init(_ first: Value, _ second: Value) {
    self.first = first
    self.second = second
  }

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<Couple, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<Couple, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

extension Couple: TrackedModel {}

// MARK: - A class hierarchy

/// A base class: the subclass keeps its `tracking` and pastes the rest.
@Observable class Account: TrackedModel {
  var owner = "Ada"
  var balance = 0

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<Account, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<Account, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

@Observable final class SavingsAccount: Account {
  var rate = 2
  var nickname = "rainy day"

  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<SavingsAccount, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<SavingsAccount, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

// MARK: - The registrar alone

/// A model with only the registrar: properties are named at run time, by their key paths.
@Observable final class RuntimeNamedForm: TrackedModel {
  var email = ""
  var password = ""
  var attempts = 0
  var remember = false
  var tags: [String] = []

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
}

/// The same, for a test that writes before anything reads.
@Observable final class RuntimeNamedSettings: TrackedModel {
  var title = ""
  var subtitle = ""

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
}

/// Two optionals of object types and two arrays of existentials, named at run time: equal
/// while both are `nil` or empty.
@Observable final class RuntimeNamedHolder: TrackedModel {
  final class Cache {}
  final class Store {}
  var cache: Cache?
  var store: Store?
  var shown: [any CustomStringConvertible] = []
  var hidden: [any CustomStringConvertible] = []

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
}

// MARK: - Without TrackedModel

/// A model with the members and no conformance: recorded, with ids from its tracking.
@Observable final class UnconformedNote {
  var text = ""

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<UnconformedNote, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<UnconformedNote, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// A model no other test touches, for counting what the cache answers.
@Observable final class CachedCounter: TrackedModel {
  var count = 0
  var step = 1

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<CachedCounter, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<CachedCounter, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// Read from several threads at once, before any of its names is known: the registrar
/// alone, so names are resolved from key paths (four `Int`s, told apart by value).
@Observable final class SharedGauges: TrackedModel, @unchecked Sendable {
  var north = 1
  var east = 2
  var south = 3
  var west = 4

  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
}
