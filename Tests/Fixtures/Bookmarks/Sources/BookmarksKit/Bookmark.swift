/// A bookmark in an episode (the app's `Bookmark`, from PocketCastsDataModel): what the list
/// shows, searches and selects.
public struct Bookmark: Hashable, Identifiable, Sendable {
  /// The bookmark's unique id.
  public let uuid: String
  /// The bookmark's title.
  public var title: String
  /// The title of the episode it is in.
  public var episodeTitle: String?
  /// Seconds into the episode.
  public var time: Int

  /// A bookmark `time` seconds into the episode titled `episodeTitle`.
  public init(uuid: String, title: String, episodeTitle: String?, time: Int) {
    self.uuid = uuid
    self.title = title
    self.episodeTitle = episodeTitle
    self.time = time
  }

  /// Its `uuid`, by which the list tells bookmarks apart.
  public var id: String { uuid }

  /// What a search matches against: the title and the episode's title (the app's
  /// `searchableContent`).
  public var searchableContent: String { [title, episodeTitle].compactMap { $0 }.joined(separator: " ") }

  /// The play button's label, `1:05` (the app's `TimeFormatter.playTimeFormat`).
  public var playTime: String { "\(time / 60):" + (time % 60 < 10 ? "0" : "") + "\(time % 60)" }
}

/// A model the searchable list can filter (the app's `SearchableDataModel`).
public protocol SearchableDataModel: Hashable {
  var searchableContent: String { get }
}

extension Bookmark: SearchableDataModel {}
