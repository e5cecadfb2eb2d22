import Foundation
import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReading
@testable import RedrawRules
@testable import RedrawSchema
@testable import RedrawSessions

/// ``EventSchema``'s table against the format's page and against the fast path's pieces,
/// which are the table written out for speed.
@Suite struct EventSchemaTests {
  /// Every kind of the format (not `unknown`).
  static let kinds = EventKind.allCases.filter { $0 != .unknown }

  /// The keys per kind that docs/trace-format.md lists: its tables of keys, and for the
  /// kinds it describes in a sentence, the keys that sentence names.
  static let documentedKeys: [String: Set<String>] = {
    guard
      let text = try? String(
        contentsOf: repositoryRoot.appendingPathComponent("docs/trace-format.md"), encoding: .utf8)
    else { return [:] }
    var keys: [String: Set<String>] = [:]
    var section: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("#") {
        // `### `read` and `write`: …` names the kinds the section is about.
        section = line.hasPrefix("### ") ? Self.quoted(line.prefix { $0 != ":" }) : []
        continue
      }
      for kind in section {
        if line.hasPrefix("| `") {
          let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
          // "optional, `write` only": a key of one of the section's kinds.
          if let only = Self.quoted(Substring(cells[1])).first, cells[1].hasSuffix("only"), only != kind { continue }
          keys[kind, default: []].formUnion(Self.quoted(Substring(cells[0])))
        } else if !line.hasPrefix("|"), !line.hasPrefix("{"), !line.hasPrefix("```"), line.contains("required") {
          keys[kind, default: []].formUnion(Self.quoted(line).filter { EventKey.allCases.map(\.name).contains($0) })
        }
      }
    }
    return keys
  }()

  static func quoted(_ text: Substring) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
  }

  @Test(arguments: kinds)
  func theTableHasTheKeysThePageLists(kind: EventKind) throws {
    let schema = EventSchema.of(kind)
    let listed = try #require(Self.documentedKeys["\(kind)"] ?? (kind == .lost ? ["count"] : nil))
    // The common keys are listed once: `e` for every kind, `t` and `tid` for all but `meta`.
    let common: Set<String> = kind == .meta ? ["e"] : ["e", "t", "tid"]
    #expect(Set(schema.orderedKeys.map(\.name)) == listed.union(common))
  }

  @Test(arguments: EventKind.allCases)
  func eachKindRequiresEFirstAndListsAKeyOnce(kind: EventKind) {
    let schema = EventSchema.of(kind)
    #expect(schema.required & EventKey.e.bit != 0)
    #expect(Set(schema.orderedKeys).count == schema.orderedKeys.count)
    #expect(schema.orderedKeys.first == .e)
  }

  @Test(arguments: EventKind.allCases)
  func theFastPathRequiresWhatTheTableRequires(kind: EventKind) {
    let fastKeys = FastKey.allCases.reduce(UInt32(0)) { $0 | 1 << $1.rawValue }
    let table = EventSchema.of(kind).required
    let fast = FastKey.required(by: kind)
    if table & ~fastKeys != 0 {
      // A kind requiring a key the fast path does not know can never pass it.
      #expect(fast & ~fastKeys != 0)
    } else {
      #expect(fast == table)
    }
  }

  @Test(arguments: EventKind.allCases)
  func theFastPathPredictsTheWritersOrder(kind: EventKind) {
    let keys = EventSchema.of(kind).orderedKeys
    for (key, next) in zip(keys, keys.dropFirst()) {
      guard let fastKey = FastKey(rawValue: key.rawValue), let fastNext = FastKey(rawValue: next.rawValue) else {
        continue
      }
      #expect(fastKey.next(in: kind) == fastNext, "after \(key) in \(kind)")
    }
  }

  /// The straight path reads a kind's keys in the table's order: on a line of all of
  /// them, it stops at a key that is the table's next (or at the end).
  @Test(arguments: kinds.filter { $0 != .meta })
  func theStraightPathFollowsTheTable(kind: EventKind) {
    let keys = EventSchema.of(kind).orderedKeys
    var line = #"{"e":"\#(kind)""#
    for key in keys.dropFirst() {
      let value =
        switch key.valueType {
        case .integer: "1"
        case .bodyCause: #""state""#
        case .effectKind: #""task""#
        case .boolean: "true"
        default: #""x""#
        }
      line += #","\#(key.name)":\#(value)"#
    }
    line += "}\n" + String(repeating: " ", count: 40)
    var copy = line
    copy.withUTF8 { bytes in
      let base = bytes.baseAddress!
      var event = TraceEvent()
      var strings = StringTable()
      let afterKind = base + 7 + "\(kind)".utf8.count
      guard let end = FastLineParser.readTimeAndThread(afterKind, limit: base + bytes.count, into: &event) else {
        Issue.record("no time and thread in \(line)")
        return
      }
      var cursor = FastLineParser.Cursor(p: end)
      cursor.advance(past: .t, to: end)
      cursor.advance(past: .tid, to: end)
      FastLineParser.readKeysInWritersOrder(
        of: kind, &cursor, limit: base + bytes.count, into: &event, strings: &strings)
      let read = keys.prefix { cursor.present & $0.bit != 0 }
      #expect(cursor.present == read.reduce(0) { $0 | $1.bit }, "keys read out of the table's order")
      #expect(read.last.map { $0.rawValue } == cursor.previous.rawValue)
      // The whole line parses on the fast path, in the table's order, unless it has a key
      // the fast path leaves to the general parser (`binding`, on rare `action` lines).
      var whole = TraceEvent()
      let fast = keys.allSatisfy { FastKey(rawValue: $0.rawValue) != nil }
      #expect((FastLineParser.parse(base, limit: base + bytes.count, into: &whole, strings: &strings) != nil) == fast)
    }
  }

  @Test(arguments: EventKey.allCases)
  func eventsStoreEachKeyAsItsTypeSays(key: EventKey) {
    var event = TraceEvent()
    #expect(event.set(Int64(3), for: key) == (key.valueType == .integer))
    #expect(event.set(StringID(rawValue: 2), for: key) == (key.valueType == .string))
    #expect(event.set(true, for: key) == (key.valueType == .boolean))
  }

  @Test(arguments: FastKey.allCases)
  func fastKeysAreTheirEventKeys(key: FastKey) {
    #expect(key.eventKey.rawValue == key.rawValue)
    #expect(key.eventKey.name == key.name)
  }
}
