import RedrawHarness
import RedrawTrace
import Shop
import Testing

// More tests of the suite: the trait applies to tests in extensions too.
extension CartTests {
  @Test func typingAPromoCodeRedrawsEverySubscriberWithObservableObject() {
    let cart = CartModel()
    let harness = ViewHarness(tracking: .objectLevel) { CartScreen(cart: cart) }
    #expect(harness.type("SAVE", into: "Promo"))  // a keystroke at a time
    #expect(harness.evaluations(of: CartBadge.self) == 5)
  }

  @Test func tappingCheckoutRedrawsTheButton() {
    let cart = CartModel()
    let harness = ViewHarness(tracking: .propertyLevel) { CartScreen(cart: cart) }
    #expect(harness.tap("Checkout"))
    #expect(harness.evaluations(of: CheckoutButton.self) == 2)
  }

  @Test func aRecordingInsideATestIsASessionOfItsOwn() throws {
    let cart = CartModel()
    let recording = Trace.record(scenario: "recorded checkout") { _ in
      let harness = ViewHarness(tracking: .objectLevel) { CartScreen(cart: cart) }
      cart.add("tea")
      harness.flush()
    }
    let analysis = try recording.analyze()
    #expect(analysis.files[0].sessions[0].bodyEvaluations == 8)
  }

  @Test(arguments: [1, 3])
  func everyItemCounts(items: Int) {
    let cart = CartModel()
    let harness = ViewHarness(tracking: .propertyLevel) { CartScreen(cart: cart) }
    for index in 0..<items {
      cart.add("item \(index)")
      harness.flush()
    }
    #expect(harness.evaluations(of: CartBadge.self) == 1 + items)
  }
}
