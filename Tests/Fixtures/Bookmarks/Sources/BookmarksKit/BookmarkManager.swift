/// The bookmarks of one podcast, kept in memory (the app's `BookmarkManager`, backed by its
/// database). Removing is asynchronous, as the app's `await bookmarkManager.remove(items)`:
/// the removal finishes when the test says the database did (``finishRemovals()``), and the
/// code after the `await` runs then.
public final class BookmarkManager {
  private var stored: [Bookmark]
  private var pending: [(items: [Bookmark], completion: (Bool) -> Void)] = []

  /// A manager that holds `bookmarks`, in the order `bookmarks()` returns them.
  public init(bookmarks: [Bookmark]) {
    stored = bookmarks
  }

  /// The bookmarks, newest first (the app's default sort).
  public func bookmarks() -> [Bookmark] { stored }

  /// Starts removing `items`; `completion` runs once the removal is done, with whether it
  /// succeeded.
  public func remove(_ items: [Bookmark], completion: @escaping (Bool) -> Void) {
    pending.append((items, completion))
  }

  /// The database finished every removal started: the code after each `await` runs.
  public func finishRemovals() {
    let finished = pending
    pending = []
    for removal in finished {
      stored.removeAll { removal.items.contains($0) }
      removal.completion(true)
    }
  }
}

/// What the list asks of the screen that presents it (the app's `BookmarkListRouter`, a UIKit
/// controller): here, the deletion alert, whose Delete button the test taps
/// (``confirmPendingDeletion()``).
public final class BookmarkListRouter {
  private var confirmation: (() -> Void)?

  /// A router with no deletion pending.
  public init() {}

  /// Presents the "Delete bookmarks?" alert; `delete` runs if the user confirms.
  public func confirmDeletion(_ delete: @escaping () -> Void) {
    confirmation = delete
  }

  /// The user tapped Delete in the alert.
  public func confirmPendingDeletion() {
    let delete = confirmation
    confirmation = nil
    delete?()
  }

  /// Closes the bookmarks list (the app's controller dismisses itself); here it does nothing.
  public func dismissBookmarksList() {}
}

/// The bookmarks the script starts with: two match the search "in".
public enum SampleBookmarks {
  /// Four bookmarks in three episodes.
  public static let all = [
    Bookmark(uuid: "b1", title: "Intro", episodeTitle: "Episode 12", time: 65),
    Bookmark(uuid: "b2", title: "Best quote", episodeTitle: "Episode 12", time: 1_310),
    Bookmark(uuid: "b3", title: "Interview starts", episodeTitle: "Episode 11", time: 420),
    Bookmark(uuid: "b4", title: "Ad break", episodeTitle: "Episode 10", time: 905),
  ]
}
