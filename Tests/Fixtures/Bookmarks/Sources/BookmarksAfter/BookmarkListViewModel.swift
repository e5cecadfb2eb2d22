import BookmarksKit
import Observation
import RedrawTrace

/// A feature a subscription unlocks, `@Observable`: its state a tracked property.
@Observable public final class PaidFeature: TrackedModel {
  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  /// Whether the subscription unlocks the feature.
  public private(set) var isUnlocked: Bool
  /// The app's Combine sinks on its changes.
  @ObservationIgnored private var observers: [() -> Void] = []

  /// A feature, unlocked or not.
  public init(unlocked: Bool) {
    isUnlocked = unlocked
  }

  /// Adds `observer`, run after each change of the subscription, as the app's Combine sinks are.
  public func onChange(_ observer: @escaping () -> Void) { observers.append(observer) }

  /// The subscription's status changed (`ServerNotifications.subscriptionStatusChanged`).
  public func subscriptionChanged(unlocked: Bool) {
    isUnlocked = unlocked
    for observer in observers { observer() }
  }

  // Redraw: record every read and write of the properties above, by name.
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<PaidFeature, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<PaidFeature, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// The bookmarks list's view model (BookmarkListViewModel.swift).
@Observable open class BookmarkListViewModel: SearchableListViewModel<Bookmark> {
  /// The screen that presents the list, which shows its alerts.
  @ObservationIgnored public weak var router: BookmarkListRouter?
  /// Where the bookmarks are kept.
  public let bookmarkManager: BookmarkManager
  /// The nested `ObservableObject`: the list view observes it itself.
  public let feature: PaidFeature

  /// The bookmarks the list shows: the search's results while searching, else all of them.
  public var bookmarks: [Bookmark] { isSearching ? filteredItems : items }
  /// How many bookmarks the list shows.
  public var bookmarkCount: Int { isSearching ? numberOfFilteredItems : numberOfItems }

  /// A model of `bookmarkManager`'s bookmarks that reloads when `feature` changes.
  public init(bookmarkManager: BookmarkManager, feature: PaidFeature) {
    self.bookmarkManager = bookmarkManager
    self.feature = feature
    super.init()
    addListeners()
  }

  open func reload() {}

  open func addListeners() {
    // Views track the feature themselves: its change only reloads.
    feature.onChange { [weak self] in self?.reload() }
  }

  /// Asks the router to close the list.
  public func dismiss() { router?.dismissBookmarksList() }

  /// Asks the router to confirm the deletion of the selected bookmarks; once confirmed, removes them
  /// and leaves the multi-selection mode.
  public func deleteSelectedBookmarks() {
    guard numberOfSelectedItems > 0 else { return }
    let items = Array(selectedItems)
    router?.confirmDeletion { [weak self] in
      self?.actuallyDelete(items)
      self?.toggleMultiSelection()
    }
  }

  /// `Task { guard await bookmarkManager.remove(items) else { return }; reload() }`.
  private func actuallyDelete(_ items: [Bookmark]) {
    Trace.effect(.task, "remove bookmarks")
    bookmarkManager.remove(items) { [weak self] removed in
      guard removed else { return }
      self?.reload()
    }
  }

  // Redraw: record every read and write of the properties above, by name.
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<BookmarkListViewModel, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<BookmarkListViewModel, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// The list of one podcast's bookmarks (BookmarkPodcastListViewModel.swift).
@Observable public final class BookmarkPodcastListViewModel: BookmarkListViewModel {
  public override init(bookmarkManager: BookmarkManager, feature: PaidFeature) {
    super.init(bookmarkManager: bookmarkManager, feature: feature)
    reload()
  }

  public override func reload() {
    guard feature.isUnlocked else {
      items = []
      return
    }
    items = bookmarkManager.bookmarks()
  }

  // Redraw: record every read and write of the properties above, by name.
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<BookmarkPodcastListViewModel, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<BookmarkPodcastListViewModel, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// A row's view model, `@Observable`: constants, made by each row struct's initializer.
@Observable public final class BookmarkRowViewModel: TrackedModel {
  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  /// The title of the bookmark's episode, when it has one.
  public let heading: String?
  /// The bookmark's title.
  public let title: String
  /// The play button's label, the bookmark's time: `1:05`.
  public let playButton: String

  /// The row model of `bookmark`.
  public init(bookmark: Bookmark) {
    heading = bookmark.episodeTitle
    title = bookmark.title
    playButton = bookmark.playTime
  }

  // Redraw: record every read and write of the properties above, by name.
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<BookmarkRowViewModel, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<BookmarkRowViewModel, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

/// The locked state's view model, `@Observable`: loads the subscription's prices when it is made.
@Observable public final class BookmarksUpgradeViewModel: TrackedModel {
  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  /// The feature a subscription would unlock.
  public let feature: PaidFeature
  /// Where the prices are: `unknown` until asked for, then `loading`.
  public private(set) var priceAvailability = "unknown"

  /// The model of `feature`'s locked state, which starts loading the prices.
  public init(feature: PaidFeature) {
    self.feature = feature
    loadPrices()
  }

  /// The title of the button that offers the upgrade.
  public var upgradeLabel: String { "Subscribe to Plus" }

  /// The products are not loaded: ask StoreKit for them, and observe when they arrive.
  private func loadPrices() {
    priceAvailability = "loading"
    Trace.effect(.observer, "iapProductsUpdated")
    Trace.effect(.network, "StoreKit products")
  }

  // Redraw: record every read and write of the properties above, by name.
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<BookmarksUpgradeViewModel, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<BookmarksUpgradeViewModel, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}
