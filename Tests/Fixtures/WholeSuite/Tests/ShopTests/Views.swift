import RedrawHarness
import Shop

// The app's SwiftUI views, mirrored for the harness.

struct CartScreen: HarnessView {
  @ViewObservedObject var cart: CartModel
  func body(_ content: inout ViewContent) {
    content.child(CartBadge(cart: cart))
    content.child(PromoField(cart: cart))
    content.child(CheckoutButton(cart: cart))
  }
}

struct CartBadge: HarnessView {
  @ViewObservedObject var cart: CartModel
  func body(_ content: inout ViewContent) { content.text("\(cart.items.count)") }
}

struct PromoField: HarnessView {
  @ViewObservedObject var cart: CartModel
  func body(_ content: inout ViewContent) {
    let cart = cart
    content.textField("Promo", text: cart.promoCode) { cart.promoCode = $0 }
  }
}

struct CheckoutButton: HarnessView {
  @ViewObservedObject var cart: CartModel
  func body(_ content: inout ViewContent) {
    let cart = cart
    content.text(cart.isCheckingOut ? "Checking out" : "Checkout")
    content.button("Checkout") { cart.isCheckingOut = true }
  }
}

struct SearchScreen: HarnessView {
  @ViewObservedObject var search: SearchModel
  func body(_ content: inout ViewContent) {
    content.child(QueryField(search: search))
    for result in search.results { content.child(ResultRow(title: result), id: result) }
  }
}

struct QueryField: HarnessView {
  @ViewObservedObject var search: SearchModel
  func body(_ content: inout ViewContent) { content.text(search.query) }
}

struct ResultRow: HarnessView {
  let title: String
  func body(_ content: inout ViewContent) { content.text(title) }
}
