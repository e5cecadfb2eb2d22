import Testing

@testable import RedrawAnalysis

/// A message appended as bytes reads as ``Wording`` spells it.
@Suite struct MessageTextTests {
  @Test(arguments: [[], ["a"], ["a", "b"], ["a", "b", "c"], ["café", "日本", "x", "y"]])
  func aListReadsAsWordingSpellsIt(items: [String]) {
    var text = MessageText(capacity: 16)
    text.add(list: items)
    #expect(text.text == Wording.list(items))
  }

  @Test(arguments: [0, 1, 2, 1_000])
  func aCountReadsAsWordingSpellsIt(value: Int) {
    var text = MessageText(capacity: 16)
    text.add(count: value, "time")
    #expect(text.text == Wording.count(value, "time"))
  }
}
