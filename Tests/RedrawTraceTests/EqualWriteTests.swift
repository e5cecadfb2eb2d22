import Observation
import RedrawPlatform
import RedrawTrace
import Testing

/// A model whose properties cover the ways `@Observable` (Swift 6.2 and later) tells an
/// assignment of an equal value: `Equatable` values by `==`, objects by identity, and other
/// values never.
final class AssignedModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var count = 0
  @Tracked var title = "a"
  @Tracked var tags: [String] = []
  @Tracked var owner = Owner()
  @Tracked var position = Position()
  @Tracked var isOn = false
  @Tracked var ratio = Double.nan

  final class Owner {}
  /// Not `Equatable`: `@Observable` notifies of every assignment.
  struct Position { var x = 0 }
}

/// `@Tracked` notifies observers of every assignment, as `@Published` does, and records an
/// assignment of an equal value with `"same":true`, the one `@Observable` would not report.
@Suite("Writes of an equal value are recorded as such")
struct EqualWriteTests {
  static func writes(_ lines: [TraceLine]) -> [String] {
    lines.filter { $0.e == "write" }.map { "\($0.prop ?? "?")\($0.same == true ? " same" : "")" }
  }

  @Test func equatableValuesAndObjectsAreComparedOtherValuesAreNot() throws {
    let model = AssignedModel()
    let owner = model.owner
    let lines = try record {
      model.count = 0
      model.count = 1
      model.title = "a"
      model.tags = []
      model.tags = ["x"]
      model.owner = owner
      model.owner = AssignedModel.Owner()
      model.position = AssignedModel.Position()
      model.isOn = false
      model.isOn = true
      model.ratio = .nan  // NaN is not == NaN
    }
    #expect(
      Self.writes(lines) == [
        "count same", "count", "title same", "tags same", "tags", "owner same", "owner", "position", "isOn same",
        "isOn", "ratio",
      ])
  }

  /// A class recorded by hand, as docs/getting-started.md's `Basket`.
  final class Shelf: TraceIdentifiable {
    let traceIdentity = TraceIdentity()
    var title = "a"
  }

  @Test func theExplicitAPISaysItWhenAsked() throws {
    let shelf = Shelf()
    let lines = try record {
      Trace.write(shelf, type: "Shelf", property: "count", sameValue: true)
      Trace.write(shelf, type: "Shelf", property: "count")
      Trace.write(shelf, \.title, sameValue: true)
    }
    #expect(Self.writes(lines) == ["count same", "count", "title same"])
  }

  /// Observers are told of an equal assignment all the same: `@Tracked` stands for
  /// `@Published` before a migration.
  @Test func observersAreNotifiedOfAnEqualAssignment() {
    let model = AssignedModel()
    let changes = Locked(0)
    withObservationTracking {
      _ = model.count
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    model.count = 0
    #expect(changes.withLock { $0 } == 1)
  }
}

/// `@Observable` compares an assignment by the property's declared type, chosen when the
/// class is compiled: a generic class's property of its parameter's type is never compared,
/// whatever the parameter is at run time. `@Tracked` says `same` exactly where it does not
/// notify.
@Suite("Equal writes as @Observable's declared types compare them")
struct DeclaredTypeEqualityTests {
  @Observable final class ObservableBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  @Observable final class ObservableCount {
    var value = 0
  }

  final class TrackedBox<Value>: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var value: Value
    init(_ value: Value) { self.value = value }
  }

  /// Equatable at run time, but constrained only to `AnyObject` in its box.
  final class Token: Equatable {
    static func == (lhs: Token, rhs: Token) -> Bool { true }
  }

  final class ObjectBox<Value: AnyObject>: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var value: Value
    init(_ value: Value) { self.value = value }
  }

  final class EquatableBox<Value: Equatable>: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var value: Value
    init(_ value: Value) { self.value = value }
  }

  /// Whether assigning `value` the value it holds notifies an observer of `read`.
  static func notifies(_ read: () -> Void, _ assign: () -> Void) -> Bool {
    let changes = Locked(0)
    withObservationTracking(read) { changes.withLock { $0 += 1 } }
    assign()
    return changes.withLock { $0 } == 1
  }

  @Observable final class ObservableGroup {
    var filters = ["a"]
  }

  /// The macro compares an assignment, not a change in place (its `_modify` compares nothing):
  /// `@Tracked` records the first as `same` and the second not, and both give one read and
  /// one write, as the four members record of the macro's accessors.
  @Test func aChangeInPlaceIsNeverTheSame() throws {
    let group = ObservableGroup()
    #expect(!Self.notifies({ _ = group.filters }, { group.filters = ["a"] }))
    #expect(Self.notifies({ _ = group.filters }, { group.filters[0] = "a" }))
    let model = AssignedModel()
    let lines = try record {
      model.tags = []
      model.tags += []
      model.position.x = 0
    }
    #expect(EqualWriteTests.writes(lines) == ["tags same", "tags", "position"])
    #expect(lines.filter { $0.e == "read" }.map { $0.prop ?? "?" } == ["tags", "position"])
  }

  @Test func plainObservationNotifiesOfAnEqualValueInAGenericClassOnly() {
    let box = ObservableBox(1)
    #expect(Self.notifies({ _ = box.value }, { box.value = 1 }))
    let count = ObservableCount()
    #expect(!Self.notifies({ _ = count.value }, { count.value = 0 }))
  }

  @Test func aGenericParameterIsNeverTheSameAndAConstrainedOneIsAsConstrained() throws {
    let box = TrackedBox(1)
    let token = Token()
    let objects = ObjectBox(token)
    let equatables = EquatableBox(1)
    let lines = try record {
      box.value = 1
      objects.value = token
      objects.value = Token()  // == to the old one, but only AnyObject to @Observable
      equatables.value = 1
      equatables.value = 2
    }
    #expect(EqualWriteTests.writes(lines) == ["value", "value same", "value", "value same", "value"])
  }

  /// The generic box notifies of every assignment, as its `@Observable` twin does.
  @Test func aGenericBoxNotifiesOfAnEqualAssignment() {
    let box = TrackedBox(1)
    #expect(Self.notifies({ _ = box.value }, { box.value = 1 }))
  }
}
