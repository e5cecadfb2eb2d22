import RedrawTrace

/// The shopping cart: its items and a promo code typed in a field.
public final class CartModel: TrackedModel {
  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  /// The items in the cart.
  @Tracked public var items: [String] = []
  /// The promo code typed in the field.
  @Tracked public var promoCode = ""
  /// Whether the checkout started.
  @Tracked public var isCheckingOut = false

  /// An empty cart.
  public init() {}

  /// Puts `item` in the cart.
  public func add(_ item: String) { items.append(item) }
}

/// A search screen's model: the query and its results.
public final class SearchModel: TrackedModel {
  /// The observation registrar and trace identity of the instance.
  public let tracking = ModelTracking()
  /// The text searched for.
  @Tracked public var query = ""
  /// The results of the last search.
  @Tracked public var results: [String] = []
  /// The recent searches.
  @Tracked public var recent: [String] = []

  /// A model with no query, results or recent searches.
  public init() {}

  /// Searches for `text`: sets the query and two results named after it.
  public func search(_ text: String) {
    query = text
    results = ["\(text) 1", "\(text) 2"]
  }
}
