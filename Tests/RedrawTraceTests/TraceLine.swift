import Foundation
import RedrawTrace
import Testing

/// One recorded line, decoded by Foundation's JSON parser: an independent check that
/// the hand-written output is valid JSON with the right fields.
struct TraceLine: Decodable, Equatable {
  var e: String
  var t: Int64?
  var tid: Int?
  var id: Int64?
  var view: String?
  var node: Int?
  var parent: Int?
  var cause: String?
  var obj: UInt64?
  var type: String?
  var prop: String?
  var site: String?
  var owner: Int?
  var kind: String?
  var detail: String?
  var name: String?
  var format: String?
  var version: Int?
  var app: String?
  var scenario: String?
  var startedAt: String?
  var count: Int?
}

/// Records `body` into memory and returns the lines, each decoded as JSON.
func record(scenario: String? = "test", app: String? = nil, _ body: () throws -> Void) throws -> [TraceLine] {
  let memory = MemoryTraceSink()
  try Trace.start(.memory(memory), scenario: scenario, app: app)
  defer { Trace.stop() }
  try body()
  Trace.stop()
  return try decodeLines(memory.bytes)
}

/// Decodes every line of a recording, failing the test on the first invalid one.
func decodeLines(_ bytes: [UInt8]) throws -> [TraceLine] {
  #expect(bytes.last == UInt8(ascii: "\n"), "a recording ends with a complete line")
  let decoder = JSONDecoder()
  return try bytes.split(separator: UInt8(ascii: "\n")).map { line in
    try decoder.decode(TraceLine.self, from: Data(line))
  }
}

/// Every test that records shares the one process-wide recorder, so they run one at a
/// time inside this suite (its nested suites included).
@Suite(.serialized) struct RecorderTests {}

/// A model made observable and recorded by `@Tracked`.
final class SearchModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var query = ""
  @Tracked var unreadCount = 0
  var untracked = 0

  init(query: String = "") { self.query = query }
}
