import RedrawHarness
import RedrawTrace

/// A session model shared through the environment and read by views in two subtrees.
enum EnvironmentScenario {
  final class SessionModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var userName = "Ada"
    @Tracked var cartCount = 0
  }

  struct AppRoot: HarnessView {
    @ViewObservedObject var session: SessionModel
    func body(_ content: inout ViewContent) {
      content.child(ShopTab(), environment: [session])
      content.child(ProfileTab(), environment: [session])
    }
  }

  struct ShopTab: HarnessView {
    func body(_ content: inout ViewContent) { content.child(CartButton()) }
  }

  struct CartButton: HarnessView {
    @ViewEnvironmentObject var session: SessionModel
    func body(_ content: inout ViewContent) { content.text("\(session.cartCount) in cart") }
  }

  struct ProfileTab: HarnessView {
    func body(_ content: inout ViewContent) { content.child(ProfileHeader()) }
  }

  struct ProfileHeader: HarnessView {
    @ViewEnvironmentObject var session: SessionModel
    func body(_ content: inout ViewContent) { content.text(session.userName) }
  }

  static let scenario = Scenario(
    name: "environment", title: "add to cart with a session in the environment", modes: Scenario.Mode.allCases
  ) { tracking in
    let session = Trace.make(SessionModel())
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { AppRoot(session: session) }
    for _ in 0..<3 {
      Trace.mark("add to cart")
      session.cartCount += 1
      harness.flush()
    }
  }
}
