import RedrawTesting
import Testing

@Suite struct RedrawSessionTraitTests {
  @Test func aTestsSessionIsNamedAfterItsSuiteAndItsName() throws {
    let test = try #require(Test.current)
    #expect(
      RedrawSessionTrait.scenario(of: test) == "RedrawSessionTraitTests/aTestsSessionIsNamedAfterItsSuiteAndItsName()")
  }

  @Suite struct Nested {
    @Test("A display name does not change the scenario")
    func named() throws {
      let test = try #require(Test.current)
      #expect(RedrawSessionTrait.scenario(of: test) == "RedrawSessionTraitTests/Nested/named()")
    }
  }
}
