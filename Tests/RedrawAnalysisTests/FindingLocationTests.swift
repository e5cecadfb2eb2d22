import RedrawAnalysis
import RedrawTestSupport
import Testing

@Suite("Each finding carries the best source location the trace knows")
struct FindingLocationTests {
  /// `text` with a site on every `body` event: `/app/Sources/App/VIEW.swift:NODE+10`, at the
  /// end of the line as RedrawTrace writes it.
  static func withBodySites(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.hasPrefix(#"{"e":"body""#), let view = value(of: "view", in: line),
        let node = value(of: "node", in: line)
      else { return String(line) }
      return line.dropLast() + #","site":"/app/Sources/App/\#(view).swift:\#((Int(node) ?? 0) + 10)"}"#
    }.joined(separator: "\n")
  }

  /// The text of `"key":"value"` or `"key":value` in a compact line.
  static func value(of key: String, in line: Substring) -> String? {
    guard let start = line.range(of: #""\#(key)":"#)?.upperBound else { return nil }
    let rest = line[start...].drop { $0 == "\"" }
    return String(rest.prefix { $0 != "\"" && $0 != "," && $0 != "}" })
  }

  /// Where each rule's finding in its triggering example points once bodies record sites.
  static let expected: [(rule: String, file: String, line: Int)] = [
    // About a view: its body.
    ("over-broad-invalidation", "/app/Sources/App/BadgeView.swift", 12),
    ("whole-model-read", "/app/Sources/App/ReadingListView.swift", 11),
    // A write or an effect in a body that recorded no site of its own: the body.
    ("write-during-body", "/app/Sources/App/ListView.swift", 11),
    ("side-effect-in-body", "/app/Sources/App/AvatarView.swift", 11),
    // Writes without sites (as @Tracked records them): the body of the view they re-evaluated most.
    ("hot-property", "/app/Sources/App/A.swift", 11),
    // Initializers: the construction, which the examples record.
    ("repeated-init", "FeedView.swift", 12),
    ("side-effect-in-init", "FeedView.swift", 12),
    ("model-recreated", "CounterView.swift", 4),
  ]

  @Test(arguments: expected)
  func aRulesFindingPointsAtItsSource(rule: String, file: String, line: Int) throws {
    let description = try #require(RuleRegistry.rule(id: rule)?.description)
    let analysis = try analyze(trace: Self.withBodySites(description.triggeringExample))
    let finding = try #require(analysis.findings.first { $0.rule == rule })
    #expect(finding.location == CodeLocation(file: file, line: line))
  }

  @Test func aTraceWithoutSitesGivesViewFindingsNoLocation() throws {
    let description = OverBroadInvalidationRule.description
    let finding = try #require(try analyze(trace: description.triggeringExample).findings.first)
    #expect(finding.location == nil, "the reports fall back to the trace line")
  }

  @Test func aWritesOwnSiteComesBeforeTheBody() throws {
    let analysis = try analyze(
      trace:
        Self.withBodySites(
          trace(
            #"{"e":"body","t":1,"tid":1,"id":1,"view":"ListView","node":1}"#,
            #"{"e":"read","t":2,"tid":1,"obj":3,"type":"ListModel","prop":"items"}"#,
            #"{"e":"write","t":2,"tid":1,"obj":3,"type":"ListModel","prop":"count","site":"/app/Sources/App/ListModel.swift:30"}"#,
            #"{"e":"end","t":3,"tid":1,"id":1}"#)))
    let finding = try #require(analysis.findings.first { $0.rule == WriteDuringBodyRule.description.id })
    #expect(finding.location == CodeLocation(file: "/app/Sources/App/ListModel.swift", line: 30))
    #expect(finding.site == "ListModel.swift:30")
    #expect(finding.message.contains("at ListModel.swift:30"), "messages name the file, not the whole path")
  }

  @Test func aBudgetPointsAtItsViewsBody() throws {
    let sessions = try analyze(trace: Self.withBodySites(OverBroadInvalidationRule.description.triggeringExample))
      .sessions
    let findings = BudgetCheck.findings(
      in: sessions, budgets: [Budget(view: "BadgeView", metric: .bodyEvaluations, maximum: 1)], context: RuleContext())
    #expect(findings.map(\.location) == [CodeLocation(file: "/app/Sources/App/BadgeView.swift", line: 12)])
  }

  @Test(arguments: [
    #"{"e":"body","t":1,"tid":1,"id":1,"view":"V","node":2,"site":"/app/V.swift:9"}"#,
    #"{ "site" : "/app/V.swift:9", "e" : "body", "t" : 1, "tid" : 1, "id" : 1, "view" : "V", "node" : 2 }"#,
  ])
  func bothParsersReadABodysSite(line: String) throws {
    let analysis = try analyze(trace: trace(line, #"{"e":"end","t":2,"tid":1,"id":1}"#))
    let node = try #require(analysis.sessions.first?.nodes.first)
    #expect(node.site == "/app/V.swift:9")
    #expect(analysis.sessions.first?.bodyLocations == ["V": CodeLocation(file: "/app/V.swift", line: 9)])
  }
}

extension FindingLocationTests {
  /// One view declared in two places (two badges side by side): a finding about the badge
  /// that re-evaluated points at its own declaration, whichever badge appeared first.
  @Test(arguments: [(1, 69), (2, 70)])
  func aViewDeclaredTwicePointsAtTheNodeThatReEvaluated(written: Int, line: Int) throws {
    let text = trace(
      #"{"e":"body","t":1,"tid":1,"id":1,"view":"Badge","node":1,"site":"/app/Split.swift:69"}"#,
      #"{"e":"read","t":2,"tid":1,"obj":1,"type":"Model","prop":"count"}"#,
      #"{"e":"end","t":3,"tid":1,"id":1}"#,
      #"{"e":"body","t":4,"tid":1,"id":2,"view":"Badge","node":2,"site":"/app/Split.swift:70"}"#,
      #"{"e":"read","t":5,"tid":1,"obj":2,"type":"Model","prop":"count"}"#,
      #"{"e":"end","t":6,"tid":1,"id":2}"#,
      #"{"e":"write","t":7,"tid":1,"obj":\#(written),"type":"Model","prop":"draft"}"#,
      #"{"e":"body","t":8,"tid":1,"id":3,"view":"Badge","node":\#(written),"site":"/app/Split.swift:\#(line)"}"#,
      #"{"e":"read","t":9,"tid":1,"obj":\#(written),"type":"Model","prop":"count"}"#,
      #"{"e":"end","t":10,"tid":1,"id":3}"#)
    let finding = try #require(try analyze(trace: text).findings.first { $0.rule == "over-broad-invalidation" })
    #expect(finding.location == CodeLocation(file: "/app/Split.swift", line: line))
  }
}
