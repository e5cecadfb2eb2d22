import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

/// A `@StateObject` whose initial value the view's `init` assigns from its arguments
/// (`_model = StateObject(wrappedValue: Model(id: id))`) becomes `_model =
/// State(initialValue: Model(id: id))`, whose argument the caller evaluates on every
/// re-creation of the struct with either Xcode (docs/harness.md, section 3): the plan says
/// so, where a default value (`@State var model = Model()`) runs once per identity with
/// Xcode 27.
@Suite struct InitAssignedOwnerTests {
  final class Prices: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var state = "loading"
    let product: String
    init(product: String) {
      self.product = product
      Trace.effect(.network, "GET /prices/\(product)")
    }
  }

  final class Store: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var cartCount = 0
  }

  enum Before {
    struct StoreScreen: HarnessView {
      @ViewObservedObject var store: Store
      func body(_ content: inout ViewContent) {
        content.text("\(store.cartCount)")
        content.child(Upsell(product: "plus"))
      }
    }

    struct Upsell: HarnessView {
      @ViewStateObject private var prices: Prices
      init(product: String) {
        _prices = ViewStateObject(wrappedValue: Trace.make(Prices(product: product)))
      }
      func body(_ content: inout ViewContent) { content.text(prices.state) }
    }
  }

  enum After {
    struct StoreScreen: HarnessView {
      let store: Store
      func body(_ content: inout ViewContent) {
        content.text("\(store.cartCount)")
        content.child(Upsell(product: "plus"))
      }
    }

    struct Upsell: HarnessView {
      @ViewState private var prices: Prices
      init(product: String) {
        _prices = ViewState(initialValue: Trace.make(Prices(product: product)))
      }
      func body(_ content: inout ViewContent) { content.text(prices.state) }
    }
  }

  @Test(arguments: SwiftUIBuild.allCases)
  func anInitializerAssignedInInitRunsOnEveryReCreationWithEitherXcode(build: SwiftUIBuild) throws {
    func script(_ store: Store, _ harness: ViewHarness) {
      for _ in 0..<2 {
        store.cartCount += 1
        harness.flush()
      }
    }
    let check = try PredictionCheck(
      before: {
        let store = Store()
        script(store, ViewHarness(tracking: .objectLevel, swiftUI: build) { Before.StoreScreen(store: store) })
      },
      after: {
        let store = Store()
        script(store, ViewHarness(tracking: .propertyLevel, swiftUI: build) { After.StoreScreen(store: store) })
      })
    check.expectHolds()
    check.expectOwnersHold(under: build)
    let owner = try #require(check.plan.models.flatMap(\.owners).first)
    #expect(owner.initRuns == MigrationPlan.InitRuns(now: 1, xcode26: 3, xcode27: 3))
    let item = try #require(check.plan.checklist.first)
    #expect(item.severity == .error, "its effects repeat with either Xcode")
    #expect(item.text.contains("in its init becomes `_model = State(initialValue: Prices(…))`"), "\(item.text)")
    let upsell = try #require(check.plan.models.flatMap(\.views).first { $0.view == "Upsell" })
    #expect(upsell.becomes == .stateInInit)
  }
}
