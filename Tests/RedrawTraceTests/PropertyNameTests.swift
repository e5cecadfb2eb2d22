import Dispatch
import Observation
import Testing

@testable import RedrawTrace

/// How `@Observable` properties are named: from `#function` where the class declares the
/// named `access`, otherwise from their key paths at run time; and what is cached.
@Suite("Names of @Observable properties")
struct PropertyNameTests {
  static func accesses(_ lines: [TraceLine]) -> [String] { ObservableModelTests.accesses(lines) }

  // MARK: - #function, checked

  @Test func aComputedPropertyIsNamedAfterWhatItReads() throws {
    let model = ObservedInbox()
    let lines = try record { _ = model.summary }
    #expect(Self.accesses(lines) == ["read messages"])
  }

  @Test func aMethodsReportIsNamedAfterItsKeyPath() throws {
    let model = ObservedInbox()
    model.query = "x"
    let lines = try record { model.touchQuery() }
    #expect(Self.accesses(lines) == ["read query"])
  }

  @Test func aComputedPropertyThatReportsItselfKeepsItsName() throws {
    let model = ObservedInbox()
    let lines = try record { _ = model.total }
    #expect(Self.accesses(lines) == ["read total", "read unreadCount"])
  }

  @Test func twoPropertiesOfOneTypeAndValueAreToldApartByName() throws {
    let model = ObservedInbox()
    let lines = try record {
      _ = model.draft
      _ = model.query
      model.draft = "d"
    }
    #expect(Self.accesses(lines) == ["read draft", "read query", "write draft"])
  }

  // MARK: - Key paths at run time

  @Test func theRegistrarAloneNamesPropertiesByTheirKeyPaths() throws {
    let form = RuntimeNamedForm()
    let lines = try record {
      _ = form.attempts
      _ = form.remember
      _ = form.tags
      form.attempts += 1
      form.tags.append("a")
    }
    #expect(
      Self.accesses(lines) == [
        "read attempts", "read remember", "read tags", "read attempts", "write attempts", "read tags", "write tags",
      ])
  }

  @Test func equalValuesOfOneTypeAreNamedByEveryCandidateUntilTheyDiffer() throws {
    let form = RuntimeNamedForm()
    let lines = try record {
      _ = form.email  // "" and "": either
      form.email = "ada@example.com"  // the mutation shows which
      _ = form.password  // the one left
      _ = form.email
    }
    #expect(
      Self.accesses(lines) == ["read <email|password>", "write email", "read password", "read email"])
  }

  @Test func aWriteBeforeAnyReadIsNamedByWhatItChanged() throws {
    let settings = RuntimeNamedSettings()
    let lines = try record {
      settings.subtitle = "draft"
      settings.title = "Hello"
    }
    #expect(Self.accesses(lines) == ["write subtitle", "write title"])
  }

  /// A Downloads port's repro: an object given to one of two `nil` optionals, an element to
  /// one of two empty arrays of existentials, were `<cache|store>` and `<shown|hidden>`. A
  /// `nil` written over `nil` changes nothing, and is named by its type: a `nil` of one
  /// optional type is no other's (the freeaps port's `<modal|secondaryModalView>`).
  @Test func aWriteToANilOptionalOrAnEmptyArrayIsNamedByWhatItChanged() throws {
    let holder = RuntimeNamedHolder()
    let lines = try record {
      holder.cache = nil
      holder.store = RuntimeNamedHolder.Store()
      holder.hidden = [1]
    }
    #expect(Self.accesses(lines) == ["write cache", "write store", "write hidden"])
  }

  @Test func threadsResolvingNamesAtOnceEachGetTheirs() throws {
    let gauges = SharedGauges()
    let readers: [@Sendable () -> Int] = [{ gauges.north }, { gauges.east }, { gauges.south }, { gauges.west }]
    let lines = try record { (scope: TraceScope) in
      DispatchQueue.concurrentPerform(iterations: 8) { worker in
        scope.join {
          for round in 0..<50 { _ = readers[(worker + round) % 4]() }
        }
      }
    }
    let reads = lines.filter { $0.e == "read" }
    #expect(reads.count == 400)
    #expect(Set(reads.compactMap(\.prop)) == ["north", "east", "south", "west"])
  }

  // MARK: - Caching

  @Test func onlyTheFirstAccessesOfAPropertyResolveItsName() throws {
    let counter = CachedCounter()
    let script = {
      _ = counter.count
      counter.count = counter.step
      counter.count += 1
    }
    _ = try record {
      script()
      script()
    }
    let first = ObservablePropertyNames.lookups(in: CachedCounter.self)
    #expect(first > 0)
    let lines = try record { script() }
    #expect(ObservablePropertyNames.lookups(in: CachedCounter.self) == first)
    #expect(
      Self.accesses(lines) == ["read count", "read step", "write count", "read count", "write count"])
  }

  @Test func aGenericClassesWritesAreNamedByTheirKeyPathsEachTime() throws {
    let pair = Couple(1.5, 2.5)
    _ = try record { _ = pair.first }
    let before = ObservablePropertyNames.lookups(in: Couple<Double>.self)
    _ = try record {
      _ = pair.first  // by name: cached
      pair.first = 3.5  // a key path made for this write
      pair.first = 4.5
    }
    #expect(ObservablePropertyNames.lookups(in: Couple<Double>.self) == before + 2)
  }

  @Test func theCacheGrowsAndKeepsEveryEntry() {
    let cache = PropertyNameCache(capacity: 4)
    for index in 1...100 { cache.insert(type: 7, key: UInt(index) * 16, value: Int64(index)) }
    cache.insert(type: 7, key: 16, value: -1)  // present: unchanged
    cache.insert(type: 7, key: 0, value: 5)  // 0 is no key
    #expect(cache.count == 100)
    #expect((1...100).allSatisfy { cache.value(type: 7, key: UInt($0) * 16) == Int64($0) })
    #expect(cache.value(type: 8, key: 16) == nil)
    #expect(cache.value(type: 7, key: 0) == nil)
  }

  @Test func theCacheIsReadWhileAnotherThreadWrites() async {
    let cache = PropertyNameCache(capacity: 4)
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for index in 1...2_000 { cache.insert(type: 1, key: UInt(index), value: Int64(index)) }
        return true
      }
      for _ in 0..<2 {
        group.addTask {
          var consistent = true
          for round in 0..<20 {
            for index in 1...2_000 {
              if let value = cache.value(type: 1, key: UInt(index)), value != Int64(index) { consistent = false }
            }
            _ = round
          }
          return consistent
        }
      }
      for await consistent in group { #expect(consistent) }
    }
    #expect(cache.count == 2_000)
  }
}

/// A subclass's instance is recorded under its own class, whichever class declares the
/// property, as `@Observable` records it and as views' subscriptions name it: one object, one
/// type.
@Suite struct InheritedTrackedPropertyTests {
  class ListModel<Item: Hashable>: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var items: [Item] = []
  }

  class SelectionModel<Item: Hashable>: ListModel<Item> {
    @Tracked var isSelecting = false
  }

  final class BookmarkList: SelectionModel<Int> {
    @Tracked var query = ""
  }

  @Test func inheritedPropertiesAreRecordedUnderTheInstancesClass() throws {
    let model = BookmarkList()
    let lines = try record {
      model.items = [1]
      model.isSelecting = true
      model.query = "a"
      _ = model.items
    }
    let accesses = lines.filter { $0.e == "read" || $0.e == "write" }
    #expect(
      accesses.map { "\($0.type ?? "").\($0.prop ?? "")" } == [
        "BookmarkList.items", "BookmarkList.isSelecting", "BookmarkList.query", "BookmarkList.items",
      ])
  }
}

/// An `@Observable` class with the four members, and a subclass that adds no stored
/// property: the subclass needs no `@Observable` nor members, and records as its own class.
@Suite struct ObservableSubclassTests {
  @Observable class ChildContents: TrackedModel {
    var state = "initial"

    let tracking = ModelTracking()
    private nonisolated var _$observationRegistrar: ModelTracking { tracking }
    @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<ChildContents, M>) {}
    nonisolated func access<M>(keyPath: KeyPath<ChildContents, M>, _ name: StaticString = #function) {
      tracking.access(self, keyPath: keyPath, name: name)
    }
  }

  final class DataCacheChildContents: ChildContents {
    func reload() { state = "loading" }
  }

  @Test func aSubclassWithoutStoredPropertiesRecordsThroughItsSuperclass() throws {
    let model = DataCacheChildContents()
    let lines = try record {
      model.reload()
      _ = model.state
    }
    let accesses = lines.filter { $0.e == "read" || $0.e == "write" }
    #expect(
      accesses.map { "\($0.e).\($0.type ?? "").\($0.prop ?? "")" } == [
        "write.DataCacheChildContents.state", "read.DataCacheChildContents.state",
      ])
  }
}
