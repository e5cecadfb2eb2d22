import BookmarksKit
import Foundation
import RedrawTrace

// The app's generic list view models (podcasts/Common SwiftUI/List View), as they are:
// `ObservableObject`s whose `@Published` properties are `@Tracked` here, which notifies of
// every assignment as `@Published` does. Each `override var items { didSet { … } }` of the
// app is the `itemsDidChange()` override here, run after the superclass's, as Swift runs the
// observers.

/// A generic view model of a list of items (ListViewModel.swift).
open class ListViewModel<Model: Hashable>: TrackedModel {
  public let tracking = ModelTracking()

  @Tracked public var items: [Model] = [] {
    didSet {
      numberOfItems = items.count
      itemsDidChange()
    }
  }

  /// The number of items, updated as the items change.
  @Tracked public private(set) var numberOfItems = 0

  public init() {}

  /// What a subclass's `didSet` of `items` does.
  open func itemsDidChange() {}

  /// Whether the item is the last in the list.
  open func isLast(item: Model) -> Bool { items.last == item }
}

/// A list whose items can be selected in a multi-selection mode (MultiSelectListViewModel.swift).
open class MultiSelectListViewModel<Model: Hashable>: ListViewModel<Model> {
  @Tracked public private(set) var isMultiSelecting = false
  @Tracked public private(set) var numberOfSelectedItems = 0
  @Tracked public private(set) var hasSelectedAll = false

  /// The selected items: not `@Published` in the app (no view is told when it changes), but
  /// read by the rows and tracked by `@Observable` after the move, so its reads and writes
  /// are recorded by hand, as docs/instrumenting-swiftui.md says for a model's other state.
  public private(set) var selectedItems: Set<Model> = [] {
    didSet {
      Trace.write(self, type: "\(type(of: self))", property: "selectedItems")
      updateCounts()
    }
  }

  open override func itemsDidChange() {
    super.itemsDidChange()
    validateSelectedItems()
  }

  /// When multi-selecting, toggles the item's selection.
  public func tapped(item: Model) {
    guard isMultiSelecting else { return }
    toggleSelected(item)
  }

  public func toggleMultiSelection() {
    deselectAll()
    isMultiSelecting.toggle()
  }

  public func isSelected(_ item: Model) -> Bool {
    Trace.read(self, type: "\(type(of: self))", property: "selectedItems")
    return selectedItems.contains(item)
  }

  public func select(item: Model) { selectedItems.insert(item) }
  public func deselect(item: Model) { selectedItems.remove(item) }
  public func toggleSelected(_ item: Model) { isSelected(item) ? deselect(item: item) : select(item: item) }
  public func toggleSelectAll() { hasSelectedAll ? deselectAll() : selectAll() }
  public func selectAll() { selectedItems = Set(items) }
  public func deselectAll() { selectedItems.removeAll() }

  /// Enters the multi-selection mode with the pressed item selected (the app shows its
  /// "select all above or below" menu when already in it, a UIKit picker not ported).
  public func longPressed(_ item: Model) {
    guard isMultiSelecting else {
      isMultiSelecting = true
      select(item: item)
      return
    }
  }

  private func updateCounts() {
    let selected = selectedItems.count
    numberOfSelectedItems = selected
    hasSelectedAll = selected == items.count
  }

  private func validateSelectedItems() {
    selectedItems.formIntersection(items)
    if isMultiSelecting, numberOfItems == 0 { toggleMultiSelection() }
  }
}

/// A list the user can filter by a search text (SearchableListViewModel.swift).
///
/// The app's `$searchText.removeDuplicates().debounce(for: 0.5 s)` calls `search(with:)` half a
/// second after the text last changed, and once for the text it starts with;
/// ``searchTextSettled()`` is that moment, which the test chooses.
open class SearchableListViewModel<Model: SearchableDataModel>: MultiSelectListViewModel<Model> {
  @Tracked public var searchText = ""
  @Tracked public private(set) var isSearching = false

  @Tracked public private(set) var filteredItems: [Model] = [] {
    didSet { numberOfFilteredItems = filteredItems.count }
  }

  @Tracked public private(set) var numberOfFilteredItems = 0

  /// The last text the debounce let through (`removeDuplicates`); nil before the first.
  private var lastSettledText: String?

  public override init() {
    super.init()
  }

  open override func itemsDidChange() {
    super.itemsDidChange()
    filterItemsIfNeeded()
  }

  /// The search text has not changed for half a second: the debounced pipeline searches.
  public func searchTextSettled() {
    let text = searchText
    guard text != lastSettledText else { return }
    lastSettledText = text
    search(with: text)
  }

  public func cancelSearch() {
    searchText = ""
    filteredItems = []
    isSearching = false
  }

  open override func isLast(item: Model) -> Bool {
    guard isSearching else { return super.isLast(item: item) }
    return filteredItems.last == item
  }

  public func search(with text: String) {
    let search = text.lowercased().trimmingCharacters(in: .whitespaces)
    guard !items.isEmpty, !search.isEmpty else {
      cancelSearch()
      return
    }
    isSearching = true
    filteredItems = items.filter { $0.searchableContent.lowercased().contains(search) }
  }

  private func filterItemsIfNeeded() {
    guard isSearching else { return }
    search(with: searchText)
  }
}
