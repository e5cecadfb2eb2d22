import RedrawHarness
import RedrawTesting
import RedrawTrace
import Shop
import Testing

/// With the trait: each test (each case of a parameterized one) is a session of its own.
@Suite(.redraw) struct CartTests {
  @Test func addingItemsRedrawsOnlyTheBadge() {
    let cart = CartModel()
    let harness = ViewHarness(tracking: .propertyLevel) { CartScreen(cart: cart) }
    for item in ["tea", "milk", "bread"] {
      cart.add(item)
      harness.flush()
    }
    #expect(harness.evaluations(of: CartBadge.self) == 4)
    #expect(harness.evaluations(of: PromoField.self) == 1)
  }

  // On the main actor: the model is not Sendable, and `Task { }` inherits the actor (and the
  // test's session).
  @MainActor @Test func itemsAddedFromATaskBelongToTheTest() async {
    let cart = CartModel()
    let harness = ViewHarness(tracking: .propertyLevel) { CartScreen(cart: cart) }
    await Task { cart.add("tea") }.value
    harness.flush()
    await Task.yield()
    cart.add("milk")
    harness.flush()
    #expect(harness.evaluations(of: CartBadge.self) == 3)
  }
}
