import BookmarksBefore
import BookmarksKit
import RedrawHarness
import RedrawTrace

/// The bookmarks list as the app has it, with `ObservableObject` models: each view of the
/// app's files (README.md maps them), `@ObservedObject` as `@ViewObservedObject`,
/// `@EnvironmentObject` as `@ViewEnvironmentObject`, `@StateObject` as `@ViewStateObject`.
/// A `@ViewBuilder` closure a view takes (`content:`) is a closure that declares children, run
/// where SwiftUI runs it: in the body of the view that calls it. Modifiers that read a value
/// (`.opacity(viewModel.isMultiSelecting ? 0 : 1)`, `.animation(_, value:)`) read it here
/// with `_ =`.
enum Before {
  typealias ListModel = BookmarksBefore.BookmarkListViewModel
  typealias PodcastListModel = BookmarksBefore.BookmarkPodcastListViewModel
  typealias Feature = BookmarksBefore.PaidFeature
  typealias RowModel = BookmarksBefore.BookmarkRowViewModel
  typealias UpgradeModel = BookmarksBefore.BookmarksUpgradeViewModel

  /// BookmarksPodcastListView.swift: the title, the search field and the list.
  struct BookmarksPodcastListView: HarnessView {
    @ViewObservedObject var viewModel: PodcastListModel

    func body(_ content: inout ViewContent) {
      // headerView
      content.child(BookmarkCardTitleView(viewModel: viewModel))
      content.child(BookmarkListMultiSelectHeaderView(viewModel: viewModel))
      _ = viewModel.isMultiSelecting  // .animation(_, value: viewModel.isMultiSelecting)
      // searchField
      if viewModel.isSearching || !viewModel.bookmarks.isEmpty {
        // `.disabled(viewModel.isMultiSelecting)`, which the field reads as `isEnabled`.
        content.child(SearchField(text: $viewModel.searchText, isEnabled: !viewModel.isMultiSelecting))
      }
      // bookmarkListView
      if viewModel.bookmarkCount > 0 { content.text("—") }  // Divider
      content.child(BookmarksListView(viewModel: viewModel, showMultiSelectInHeader: false))
    }
  }

  /// BookmarkCardTitleView.swift: the title and the close button.
  struct BookmarkCardTitleView: HarnessView {
    @ViewObservedObject var viewModel: ListModel

    func body(_ content: inout ViewContent) {
      content.text("Bookmarks")
      let viewModel = self.viewModel
      content.button("Close") { viewModel.dismiss() }
      _ = viewModel.isMultiSelecting  // .opacity, .offset
    }
  }

  /// BookmarksListView.swift's BookmarkListMultiSelectHeaderView.
  struct BookmarkListMultiSelectHeaderView: HarnessView {
    @ViewObservedObject var viewModel: ListModel

    func body(_ content: inout ViewContent) {
      let viewModel = self.viewModel
      content.button(viewModel.hasSelectedAll ? "Deselect All" : "Select All") { viewModel.toggleSelectAll() }
      content.button("Cancel") { viewModel.toggleMultiSelection() }
      _ = viewModel.isMultiSelecting  // .opacity, .offset
    }
  }

  /// SearchField.swift (its theme object, focus and cancel button are not ported: README.md).
  struct SearchField: HarnessView {
    @ViewBinding var text: String
    /// `@Environment(\.isEnabled)`, which the parent's `.disabled(_:)` sets.
    let isEnabled: Bool

    func body(_ content: inout ViewContent) {
      content.textField("Search", text: $text)
      if !text.isEmpty {
        let text = $text
        content.button("Clear") { text.wrappedValue = "" }
      }
      _ = isEnabled  // .opacity(isEnabled ? 1 : 0.8)
    }
  }

  /// BookmarksListView.swift: the locked, empty or no-results state, or the list.
  struct BookmarksListView: HarnessView {
    @ViewObservedObject var viewModel: ListModel
    @ViewObservedObject private var feature: Feature
    var showHeader = true
    var showMultiSelectInHeader = true
    @ViewState private var showShadow = false

    init(viewModel: ListModel, showHeader: Bool = true, showMultiSelectInHeader: Bool = true) {
      _viewModel = ViewObservedObject(wrappedValue: viewModel)
      _feature = ViewObservedObject(wrappedValue: viewModel.feature)
      self.showHeader = showHeader
      self.showMultiSelectInHeader = showMultiSelectInHeader
    }

    private var actionBarVisible: Bool { viewModel.isMultiSelecting && viewModel.numberOfSelectedItems > 0 }

    func body(_ content: inout ViewContent) {
      // `.environmentObject(viewModel)` on the whole body.
      let environment: [AnyObject] = [viewModel]
      let viewModel = self.viewModel
      if !feature.isUnlocked || viewModel.bookmarks.isEmpty {
        // emptyView
        if !feature.isUnlocked {
          content.child(BookmarksLockedStateView(feature: feature), environment: environment)
        } else if !viewModel.isSearching {
          content.child(BookmarksEmptyStateView(), environment: environment)
        } else {
          content.child(
            BookmarksEmptyStateView(
              title: "No bookmarks found", message: "Try searching for something else", actionTitle: "Clear search",
              action: { viewModel.cancelSearch() }), environment: environment)
        }
        return
      }
      if showHeader {
        // headerView
        content.text("\(viewModel.bookmarkCount) bookmarks")
        content.button("More") {}  // the options menu, a UIKit picker (not ported)
        if showMultiSelectInHeader {
          content.child(BookmarkListMultiSelectHeaderView(viewModel: viewModel), environment: environment)
        }
        content.text("—")
      }
      // actionBarView { scrollView }
      let selected = viewModel.numberOfSelectedItems
      let editVisible = selected == 1
      let list = self
      content.child(
        ActionBarOverlayView(
          actionBarVisible: actionBarVisible, title: "\(selected) selected",
          content: { content in
            // scrollView: a ZStack of the scroll view and its shadow.
            content.child(
              ScrollViewWithContentOffset { content in
                // LazyVStack { ForEach(viewModel.bookmarks) { … } }, made as the scroll view's body runs.
                for bookmark in viewModel.bookmarks {
                  content.child(BookmarkRow(bookmark: bookmark), id: bookmark.id)
                  if !viewModel.isLast(item: bookmark) { content.text("—") }
                }
                if list.actionBarVisible { content.text(" ") }  // Spacer
              })
            content.text(list.showShadow ? "shadow" : "")
          },
          actions: [
            ActionBarView.Action(title: "Share", visible: editVisible) {},
            ActionBarView.Action(title: "Edit", visible: editVisible) {},
            ActionBarView.Action(title: "Delete") { viewModel.deleteSelectedBookmarks() },
          ]), environment: environment)
    }
  }

  /// ActionBarOverlayView.swift: its content, and the action bar over it when visible.
  struct ActionBarOverlayView: HarnessView {
    var actionBarVisible: Bool
    var title: String?
    let content: (inout ViewContent) -> Void
    var actions: [ActionBarView.Action] = []

    func body(_ content: inout ViewContent) {
      self.content(&content)
      if actionBarVisible { content.child(ActionBarView(title: title, actions: actions)) }
    }
  }

  /// ActionBarOverlayView.swift's ActionBarView.
  struct ActionBarView: HarnessView {
    struct Action {
      let title: String
      var visible = true
      let action: () -> Void
    }

    var title: String?
    var actions: [Action] = []

    func body(_ content: inout ViewContent) {
      if let title { content.text(title) }
      for action in actions where action.visible { content.button(action.title, action: action.action) }
    }
  }

  /// ScrollViewWithContentOffset.swift: runs its content in its body.
  struct ScrollViewWithContentOffset: HarnessView {
    let content: (inout ViewContent) -> Void
    func body(_ content: inout ViewContent) { self.content(&content) }
  }

  /// BookmarkRow.swift: a row, whose row model its initializer makes.
  struct BookmarkRow: HarnessView {
    @ViewEnvironmentObject var viewModel: ListModel
    @ViewObservedObject var rowModel: RowModel
    private let bookmark: Bookmark
    @ViewState private var highlighted = false

    init(bookmark: Bookmark) {
      _rowModel = ViewObservedObject(wrappedValue: RowModel(bookmark: bookmark))
      self.bookmark = bookmark
    }

    func body(_ content: inout ViewContent) {
      let viewModel = self.viewModel
      let rowModel = self.rowModel
      let bookmark = self.bookmark
      let selected = viewModel.isSelected(bookmark)
      content.child(
        MultiSelectRow(
          showSelectButton: viewModel.isMultiSelecting, selected: selected,
          content: { content in
            // imageView
            if let episode = rowModel.heading { content.child(EpisodeImage(episode: episode)) }
            // detailsView
            content.child(
              NonBlockingLongPressView(
                content: { content in
                  if let heading = rowModel.heading { content.text(heading) }
                  content.text(rowModel.title)
                },
                onTapped: { viewModel.tapped(item: bookmark) },
                onLongPressed: { viewModel.longPressed(bookmark) }))
            // playButtonView
            content.child(PlayButton(title: rowModel.playButton))
            _ = viewModel.isMultiSelecting  // .opacity, .disabled
          },
          onSelectionToggled: { viewModel.toggleSelected(bookmark) }))
      _ = viewModel.isMultiSelecting  // .animation(_, value:)
      _ = (!selected && highlighted)  // .background
    }
  }

  /// BookmarkRow.swift's PlayButton.
  struct PlayButton: HarnessView {
    let title: String
    func body(_ content: inout ViewContent) { content.text(title) }
  }

  /// MultiSelectRow.swift: the selection button in the multi-selection mode, and the content.
  struct MultiSelectRow: HarnessView {
    let showSelectButton: Bool
    let selected: Bool
    let content: (inout ViewContent) -> Void
    let onSelectionToggled: () -> Void

    func body(_ content: inout ViewContent) {
      if showSelectButton { content.button("Select", action: onSelectionToggled) }
      self.content(&content)
      _ = selected  // the tick's opacity
    }
  }

  /// NonBlockingLongPressView.swift: a tap and a long press on its content (its pressed state
  /// and highlight are not ported: README.md).
  struct NonBlockingLongPressView: HarnessView {
    let content: (inout ViewContent) -> Void
    var onTapped: (() -> Void)?
    var onLongPressed: (() -> Void)?

    func body(_ content: inout ViewContent) {
      self.content(&content)
      let (tapped, longPressed) = (onTapped, onLongPressed)
      content.button("Tap") { tapped?() }
      content.button("Long press") { longPressed?() }
    }
  }

  /// EpisodeImage.swift: the artwork, loaded when it appears.
  struct EpisodeImage: HarnessView {
    let episode: String
    @ViewState private var episodeImage: String?

    func body(_ content: inout ViewContent) {
      content.text(episodeImage ?? "placeholder")
      let image = $episodeImage
      content.task("load artwork") { image.wrappedValue = "artwork of \(episode)" }
    }
  }

  /// BookmarksEmptyStateView.swift.
  struct BookmarksEmptyStateView: HarnessView {
    @ViewEnvironmentObject var viewModel: ListModel
    var title = "No bookmarks yet"
    var message = "You can save timestamps of episodes from the actions menu in the player."
    var actionTitle = "Headphone settings"
    var action: (() -> Void)?

    func body(_ content: inout ViewContent) {
      let action = self.action ?? {}  // openHeadphoneSettings: navigation, not ported
      content.child(
        EmptyStateView(
          title: title, message: message, actions: [ActionBarView.Action(title: actionTitle, action: action)]))
    }
  }

  /// EmptyStateView.swift: a title (text or a view), a message and buttons.
  struct EmptyStateView: HarnessView {
    var title: String?
    var titleView: ((inout ViewContent) -> Void)?
    let message: String
    let actions: [ActionBarView.Action]

    func body(_ content: inout ViewContent) {
      if let title { content.text(title) }
      titleView?(&content)
      content.text(message)
      for action in actions { content.button(action.title, action: action.action) }
    }
  }

  /// BookmarksLockedStateView.swift: the upgrade prompt, whose model its initializer makes in
  /// a `@StateObject`.
  struct BookmarksLockedStateView: HarnessView {
    @ViewStateObject private var upgradeModel: UpgradeModel

    init(feature: Feature) {
      _upgradeModel = ViewStateObject(wrappedValue: Trace.make(UpgradeModel(feature: feature)))
    }

    func body(_ content: inout ViewContent) {
      let upgradeModel = self.upgradeModel
      content.child(
        EmptyStateView(
          titleView: { content in content.child(PaidFeatureBadge(feature: upgradeModel.feature)) },
          message: "Unlock this feature and more with Pocket Casts Plus.",
          actions: [ActionBarView.Action(title: upgradeModel.upgradeLabel) {}]))
    }
  }

  /// BookmarksLockedStateView.swift's PaidFeatureBadge: holds the feature in a plain `let`.
  struct PaidFeatureBadge: HarnessView {
    let feature: Feature
    func body(_ content: inout ViewContent) { content.child(SubscriptionBadge(tier: "Plus")) }
  }

  /// SubscriptionBadge.swift.
  struct SubscriptionBadge: HarnessView {
    let tier: String
    func body(_ content: inout ViewContent) { content.text(tier) }
  }
}
