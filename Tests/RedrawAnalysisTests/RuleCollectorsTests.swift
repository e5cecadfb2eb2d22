import RedrawAnalysis
import Testing

@testable import RedrawReading
@testable import RedrawRules
@testable import RedrawSchema
@testable import RedrawSessions

@Suite("The builder hands facts to the collectors of registered rules")
struct RuleCollectorsTests {
  /// The collectors that belong to no rule: the what-if's savings, which `redraw plan` reads.
  static let ruleless: Set<String> = [String(reflecting: SavedEvaluationsCollector.self)]

  @Test func everyCollectorIsARegisteredRulesOwnAndListedOnce() {
    let rules = Set(RuleRegistry.all.map { String(reflecting: $0) })
    let collectors = Mirror(reflecting: RuleCollectorFields()).children.map { String(reflecting: type(of: $0.value)) }
    #expect(!collectors.isEmpty)
    #expect(Set(collectors).count == collectors.count, "each collector is listed once")
    for collector in collectors where !Self.ruleless.contains(collector) {
      let rule = collector.hasSuffix(".Collector") ? String(collector.dropLast(".Collector".count)) : collector
      #expect(rules.contains(rule), "\(collector) is the Collector of a rule in RuleRegistry.all")
    }
  }

  /// Notes the type of each collector it is handed.
  struct Census: CollectorVisitor {
    var visited: [String] = []
    mutating func visit<Collector: SessionCollector>(_ collector: inout Collector, threads: [Int64]) {
      visited.append(String(reflecting: Collector.self))
    }
  }

  @Test func everyCollectorIsHandedEveryFact() {
    var collectors = RuleCollectorFields()
    var census = Census()
    collectors.visitEach(&census)
    let fields = Mirror(reflecting: collectors).children.map { String(reflecting: type(of: $0.value)) }
    #expect(census.visited == fields, "visitEach visits each field once, in order: a field left out gets no fact")
  }
}
