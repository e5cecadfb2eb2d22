import RedrawAnalysis
import Testing

@testable import RedrawReading
@testable import RedrawRules
@testable import RedrawSchema
@testable import RedrawSessions

/// How messages spell lists and counts (``Wording``, on ``MessageText``).
@Suite struct MessageTextTests {
  @Test(arguments: [
    ([], "nothing"), (["a"], "a"), (["a", "b"], "a and b"), (["a", "b", "c"], "a, b and c"),
    (["café", "日本", "x", "y"], "café, 日本, x and y"),
  ])
  func aListIsCommasAndAnAnd(items: [String], spelled: String) {
    #expect(Wording.list(items) == spelled)
  }

  @Test(arguments: [(0, "0 times"), (1, "1 time"), (2, "2 times"), (1_000, "1000 times")])
  func aCountIsItsNumberAndItsNoun(value: Int, spelled: String) {
    #expect(Wording.count(value, "time") == spelled)
  }

  @Test func anIrregularPluralIsUsedBeyondOne() {
    #expect(Wording.count(1, "child", plural: "children") == "1 child")
    #expect(Wording.count(3, "child", plural: "children") == "3 children")
  }

  @Test func appendsFollowOneAnother() {
    var text = MessageText(capacity: 4)
    text.add("View")
    text.add(" was re-evaluated ")
    text.add(count: 2, "time")
    #expect(text.text == "View was re-evaluated 2 times")
  }
}
