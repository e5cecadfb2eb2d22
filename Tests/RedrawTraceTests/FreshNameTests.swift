import Dispatch
import RedrawTrace
import Testing

extension RecorderTests {
  /// A name interned while the writer is formatting: the writer copies the recorder's names
  /// into its own mirror once per pass, and a record published in the same pass names one it
  /// has not copied yet. Every such line must still carry its name (it once read `"view":""`).
  @Suite("Names interned while the writer formats")
  struct FreshNameTests {
    @Test func everyBodyNamesItsViewWhenEachViewIsNew() throws {
      let views = 20_000
      let lines = try record { (_: TraceScope) in
        for index in 0..<views { Trace.body("Fresh\(index)", node: index) {} }
      }
      let bodies = lines.filter { $0.e == "body" }
      let lost = lines.filter { $0.e == "lost" }.reduce(0) { $0 + ($1.count ?? 0) }
      #expect(bodies.count + lost >= views, "every body is written or counted lost")
      let unnamed = bodies.filter { ($0.view ?? "").isEmpty }.map { $0.node ?? -1 }
      #expect(unnamed.count == 0, "bodies without their view's name, nodes \(unnamed.prefix(5))")
    }
  }
}
