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
  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()

  /// The list's items; a change updates `numberOfItems` and runs `itemsDidChange()`.
  @Tracked public var items: [Model] = [] {
    didSet {
      numberOfItems = items.count
      itemsDidChange()
    }
  }

  /// The number of items, updated as the items change.
  @Tracked public private(set) var numberOfItems = 0

  /// An empty list.
  public init() {}

  /// What a subclass's `didSet` of `items` does.
  open func itemsDidChange() {}

  /// Whether the item is the last in the list.
  open func isLast(item: Model) -> Bool { items.last == item }
}

/// A list whose items can be selected in a multi-selection mode (MultiSelectListViewModel.swift).
open class MultiSelectListViewModel<Model: Hashable>: ListViewModel<Model> {
  /// Whether the list is in the multi-selection mode.
  @Tracked public private(set) var isMultiSelecting = false
  /// How many items are selected.
  @Tracked public private(set) var numberOfSelectedItems = 0
  /// Whether every item is selected.
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

  /// Enters or leaves the multi-selection mode, with nothing selected.
  public func toggleMultiSelection() {
    deselectAll()
    isMultiSelecting.toggle()
  }

  /// Whether `item` is selected, recording a read of `selectedItems`.
  public func isSelected(_ item: Model) -> Bool {
    Trace.read(self, type: "\(type(of: self))", property: "selectedItems")
    return selectedItems.contains(item)
  }

  /// Selects `item`.
  public func select(item: Model) { selectedItems.insert(item) }
  /// Deselects `item`.
  public func deselect(item: Model) { selectedItems.remove(item) }
  /// Selects `item`, or deselects it when it is selected.
  public func toggleSelected(_ item: Model) { isSelected(item) ? deselect(item: item) : select(item: item) }
  /// Selects every item, or deselects them all when every one is selected.
  public func toggleSelectAll() { hasSelectedAll ? deselectAll() : selectAll() }
  /// Selects every item.
  public func selectAll() { selectedItems = Set(items) }
  /// Deselects every item.
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
  /// The text in the search field.
  @Tracked public var searchText = ""
  /// Whether a search filters the list.
  @Tracked public private(set) var isSearching = false

  /// The items the search matches; a change updates `numberOfFilteredItems`.
  @Tracked public private(set) var filteredItems: [Model] = [] {
    didSet { numberOfFilteredItems = filteredItems.count }
  }

  /// How many items the search matches.
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

  /// Clears the search text and its results, and ends the search.
  public func cancelSearch() {
    searchText = ""
    filteredItems = []
    isSearching = false
  }

  open override func isLast(item: Model) -> Bool {
    guard isSearching else { return super.isLast(item: item) }
    return filteredItems.last == item
  }

  /// Filters the items by `text`, ignoring case and surrounding spaces; an empty text, or an empty list,
  /// ends the search instead.
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
