import Testing

@testable import RedrawAnalysis

@Suite("The builder hands facts to the collectors of registered rules")
struct RuleCollectorsTests {
  @Test func everyCollectorIsARegisteredRulesOwnAndListedOnce() {
    let rules = Set(RuleRegistry.all.map { String(reflecting: $0) })
    let collectors = Mirror(reflecting: RuleCollectors()).children.map { String(reflecting: type(of: $0.value)) }
    #expect(!collectors.isEmpty)
    #expect(Set(collectors).count == collectors.count, "each collector is listed once")
    for collector in collectors {
      let rule = collector.hasSuffix(".Collector") ? String(collector.dropLast(".Collector".count)) : collector
      #expect(rules.contains(rule), "\(collector) is the Collector of a rule in RuleRegistry.all")
    }
  }
}
