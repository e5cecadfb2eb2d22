import RedrawTrace

/// The shopping cart: its items and a promo code typed in a field.
public final class CartModel: TrackedModel {
  public let tracking = ModelTracking()
  @Tracked public var items: [String] = []
  @Tracked public var promoCode = ""
  @Tracked public var isCheckingOut = false

  public init() {}

  public func add(_ item: String) { items.append(item) }
}

/// A search screen's model: the query and its results.
public final class SearchModel: TrackedModel {
  public let tracking = ModelTracking()
  @Tracked public var query = ""
  @Tracked public var results: [String] = []
  @Tracked public var recent: [String] = []

  public init() {}

  public func search(_ text: String) {
    query = text
    results = ["\(text) 1", "\(text) 2"]
  }
}
