import BookmarksKit
import RedrawAnalysis
import RedrawHarness
import RedrawTrace

/// One side of the migration, mounted: the harness and what the script reaches into the
/// models for (the moments the app's timers, database and server decide).
struct MountedScreen {
  let harness: ViewHarness
  let router: BookmarkListRouter
  let manager: BookmarkManager
  /// The debounced search pipeline fires (half a second after the text last changed).
  let searchTextSettles: () -> Void
  /// The subscription's status changes to lapsed.
  let subscriptionLapses: () -> Void
  /// A sync with the server finished (`ServerNotifications.syncCompleted`): the list reloads.
  let syncCompletes: () -> Void
  /// The nodes of the rows' long-press areas, in the list's order.
  let rows: () -> [Int]
}

/// A user's minute on the bookmarks list of one podcast, the same on both sides: search,
/// clear the search, select two bookmarks and delete them, then the subscription lapses.
enum BookmarksScript {
  static func play(_ screen: MountedScreen) {
    let harness = screen.harness
    // `$searchText` publishes its first value, "", and the debounce lets it through.
    Trace.mark("the search text settles")
    screen.searchTextSettles()
    harness.flush()
    harness.type("in", into: "Search")
    Trace.mark("the search text settles")
    screen.searchTextSettles()
    harness.flush()
    harness.tap("Clear")
    Trace.mark("the search text settles")
    screen.searchTextSettles()
    harness.flush()
    harness.tap("Long press", node: screen.rows()[0])
    harness.tap("Tap", node: screen.rows()[2])
    harness.tap("Delete")
    Trace.action("Delete confirmed") { screen.router.confirmPendingDeletion() }
    harness.flush()
    Trace.mark("the database removed the bookmarks")
    screen.manager.finishRemovals()
    harness.flush()
    Trace.mark("the subscription lapses")
    screen.subscriptionLapses()
    harness.flush()
    // A sync finishes: the list reloads, its items as they were.
    Trace.mark("sync completed")
    screen.syncCompletes()
    harness.flush()
  }

  /// The script on the screen as it is: object-level tracking.
  static func before(swiftUI: SwiftUIBuild) -> TraceRecording {
    Trace.record(scenario: "bookmarks: search, select, delete, lapse", reproducible: true) { _ in
      AppEffects.reset()
      defer { AppEffects.reset() }
      let manager = BookmarkManager(bookmarks: SampleBookmarks.all)
      let router = BookmarkListRouter()
      let feature = Before.Feature(unlocked: true)
      let viewModel = Before.PodcastListModel(bookmarkManager: manager, feature: feature)
      viewModel.router = router
      let harness = ViewHarness(tracking: .objectLevel, swiftUI: swiftUI) {
        Before.BookmarksPodcastListView(viewModel: viewModel)
      }
      play(
        MountedScreen(
          harness: harness, router: router, manager: manager, searchTextSettles: viewModel.searchTextSettled,
          subscriptionLapses: { feature.subscriptionChanged(unlocked: false) }, syncCompletes: viewModel.reload,
          rows: { harness.mounted(Before.NonBlockingLongPressView.self).map(\.node) }))
    }
  }

  /// The script on the screen after the move: property-level tracking.
  static func after(swiftUI: SwiftUIBuild) -> TraceRecording {
    Trace.record(scenario: "bookmarks: search, select, delete, lapse", reproducible: true) { _ in
      AppEffects.reset()
      defer { AppEffects.reset() }
      let manager = BookmarkManager(bookmarks: SampleBookmarks.all)
      let router = BookmarkListRouter()
      let feature = After.Feature(unlocked: true)
      let viewModel = After.PodcastListModel(bookmarkManager: manager, feature: feature)
      viewModel.router = router
      let harness = ViewHarness(tracking: .propertyLevel, swiftUI: swiftUI) {
        After.BookmarksPodcastListView(viewModel: viewModel)
      }
      play(
        MountedScreen(
          harness: harness, router: router, manager: manager, searchTextSettles: viewModel.searchTextSettled,
          subscriptionLapses: { feature.subscriptionChanged(unlocked: false) }, syncCompletes: viewModel.reload,
          rows: { harness.mounted(After.NonBlockingLongPressView.self).map(\.node) }))
    }
  }
}
