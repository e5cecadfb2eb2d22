import Observation
import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// The filter sheet of emitron's library (raywenderlich/razeware emitron-iOS, Apache-2.0, at
/// 00a07223: `Filters/Filter.swift`, `Filters/FilterGroup.swift`, `Filters/Filters.swift`,
/// `UI/Library/Filtering/FiltersView.swift` and `FiltersHeaderView.swift`), one group of it.
///
/// A filter is a plain class whose `isOn` the header's checkmark toggles; `Filters` then
/// re-sorts its set into the groups and calls `objectWillChange.send()`. The header holds
/// `Filters` in `@ObservedObject`, reads none of it, and shows its group's filters' `isOn`:
/// only the notification refreshes it. After the move the sheet is re-evaluated and hands the
/// header a group equal to the last (`Filter`'s `==` ignores `isOn`), so the header goes stale. The plan predicts
/// the after run's counts, and its `stopsUpdating` item for the header is true.
@Suite struct StopsUpdatingTests {
  final class Filter: Hashable, Comparable {
    let name: String
    let ordinal: Int
    var isOn = false
    init(_ name: String, ordinal: Int) { (self.name, self.ordinal) = (name, ordinal) }
    static func < (lhs: Filter, rhs: Filter) -> Bool { lhs.ordinal < rhs.ordinal }
    static func == (lhs: Filter, rhs: Filter) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
  }

  struct FilterGroup: Hashable {
    var name: String
    var filters: [Filter]
    var numApplied: Int { filters.filter(\.isOn).count }
  }

  /// The difficulty filters, in their sort order (`Filter`'s `<`, as the app's `all` sorts them).
  static func difficulties() -> [Filter] {
    ["Beginner", "Intermediate", "Advanced"].enumerated().map { Filter($1, ordinal: $0) }
  }

  enum Before {
    /// `ObservableObject`; `all` and the group change, then `objectWillChange.send()`: the
    /// properties the send announces are `@Tracked` (docs/harness.md, an ObservableObject's shapes).
    final class Filters: TrackedModel {
      let tracking = ModelTracking()
      @Tracked var all: Set<Filter> { didSet { difficulties.filters = all.sorted() } }
      @Tracked private(set) var difficulties: FilterGroup
      init() {
        let filters = StopsUpdatingTests.difficulties()
        all = Set(filters)
        difficulties = FilterGroup(name: "Difficulty", filters: filters)
      }
      func update(with filter: Filter) { all.update(with: filter) }
    }

    struct FiltersView: HarnessView {
      @ViewObservedObject var filters: Filters
      func body(_ content: inout ViewContent) {
        for group in [filters.difficulties] {
          content.child(FiltersHeaderView(filterGroup: group, filters: filters), id: group.name)
        }
      }
    }

    struct FiltersHeaderView: HarnessView {
      let filterGroup: FilterGroup
      @ViewObservedObject var filters: Filters
      func body(_ content: inout ViewContent) {
        let filters = self.filters
        StopsUpdatingTests.header(&content, filterGroup) { filters.update(with: $0) }
      }
    }
  }

  enum After {
    @Observable final class Filters: TrackedModel {
      var all: Set<Filter> { didSet { difficulties.filters = all.sorted() } }
      private(set) var difficulties: FilterGroup
      init() {
        let filters = StopsUpdatingTests.difficulties()
        all = Set(filters)
        difficulties = FilterGroup(name: "Difficulty", filters: filters)
      }
      func update(with filter: Filter) { all.update(with: filter) }

      let tracking = ModelTracking()
      private nonisolated var _$observationRegistrar: ModelTracking { tracking }
      @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<Filters, M>) {}
      nonisolated func access<M>(keyPath: KeyPath<Filters, M>, _ name: StaticString = #function) {
        tracking.access(self, keyPath: keyPath, name: name)
      }
    }

    struct FiltersView: HarnessView {
      let filters: Filters
      func body(_ content: inout ViewContent) {
        for group in [filters.difficulties] {
          content.child(FiltersHeaderView(filterGroup: group, filters: filters), id: group.name)
        }
      }
    }

    struct FiltersHeaderView: HarnessView {
      let filterGroup: FilterGroup
      let filters: Filters
      func body(_ content: inout ViewContent) {
        let filters = self.filters
        StopsUpdatingTests.header(&content, filterGroup) { filters.update(with: $0) }
      }
    }
  }

  /// The header's body: its group's name and count of filters on, and a checkmark per filter
  /// that toggles it and hands it to `update`.
  static func header(_ content: inout ViewContent, _ group: FilterGroup, update: @escaping (Filter) -> Void) {
    let count = group.numApplied
    content.text("\(group.name)\(count > 0 ? "・\(count)" : "")")
    for filter in group.filters {
      content.button(filter.name) {
        filter.isOn.toggle()
        update(filter)
      }
    }
  }

  /// Ticks Beginner, then Advanced; returns what the header shows.
  static func tickTwo(_ harness: ViewHarness, header: (ViewHarness) -> String?) -> String? {
    harness.tap("Beginner")
    harness.tap("Advanced")
    return header(harness)
  }

  @Test func theHeaderThatReadsNothingOfFiltersIsToldItStopsUpdatingAndDoes() throws {
    var shown: (before: String?, after: String?) = (nil, nil)
    let check = try PredictionCheck(
      before: {
        let harness = ViewHarness(tracking: .objectLevel) { Before.FiltersView(filters: Before.Filters()) }
        shown.before = Self.tickTwo(harness) { $0.mounted(Before.FiltersHeaderView.self).first?.texts.first }
      },
      after: {
        let harness = ViewHarness(tracking: .propertyLevel) { After.FiltersView(filters: After.Filters()) }
        shown.after = Self.tickTwo(harness) { $0.mounted(After.FiltersHeaderView.self).first?.texts.first }
      })
    // After the move each tick re-evaluates the sheet (the group is changed in place, which
    // `@Observable` notifies of, equal or not) and not the header, whose input is equal.
    #expect(check.recorded == ["FiltersView": 3, "FiltersHeaderView": 1])
    check.expectHolds()
    #expect(shown.before == "Difficulty・2")
    #expect(shown.after == "Difficulty", "stale: two filters are on")
    let stopping = check.plan.checklist.filter { $0.kind == .stopsUpdating }
    #expect(stopping.map(\.view) == ["FiltersHeaderView"])
  }
}
