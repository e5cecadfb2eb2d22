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

/// Each case of a parameterized test is named with its arguments, as Swift Testing spells
/// them in its own output.
@Suite struct TestCaseNameTests {
  enum Level: Sendable { case propertyLevel, objectLevel }

  @Test(arguments: [Level.propertyLevel, .objectLevel])
  func badge(tracking: Level) throws {
    let name = RedrawSessionTrait.scenario(of: try #require(Test.current), case: Test.Case.current)
    #expect(name == "TestCaseNameTests/badge(tracking: .\(tracking))")
  }

  @Test(arguments: ["tea", "milk"], [2])
  func basket(_ item: String, count: Int) throws {
    let name = RedrawSessionTrait.scenario(of: try #require(Test.current), case: Test.Case.current)
    #expect(name == "TestCaseNameTests/basket(\"\(item)\", count: 2)")
  }

  @Test func aTestWithoutArgumentsKeepsItsName() throws {
    let name = RedrawSessionTrait.scenario(of: try #require(Test.current), case: Test.Case.current)
    #expect(name == "TestCaseNameTests/aTestWithoutArgumentsKeepsItsName()")
  }
}
