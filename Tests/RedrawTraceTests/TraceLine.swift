import Foundation
@_spi(Testing) import RedrawTrace
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
  var session: Int64?
  var same: Bool?
  var binding: Bool?
  var swiftUI: String?
}

/// Records `body` in a scoped recording and returns the lines, each decoded as JSON.
func record(scenario: String? = "test", app: String? = nil, _ body: (TraceScope) throws -> Void) throws
  -> [TraceLine]
{
  try decodeLines(Trace.record(scenario: scenario, app: app, body).bytes)
}

/// Records `body`, which needs no scope, and returns the decoded lines.
func record(scenario: String? = "test", app: String? = nil, _ body: () throws -> Void) throws -> [TraceLine] {
  try record(scenario: scenario, app: app) { (_: TraceScope) in try body() }
}

/// Decodes every line of a recording, failing the test on the first invalid one.
func decodeLines(_ bytes: [UInt8]) throws -> [TraceLine] {
  #expect(bytes.last == UInt8(ascii: "\n"), "a recording ends with a complete line")
  let decoder = JSONDecoder()
  return try bytes.split(separator: UInt8(ascii: "\n")).map { line in
    try decoder.decode(TraceLine.self, from: Data(line))
  }
}

/// Tests that record share the one process-wide recorder: scoped recordings serialize
/// themselves, and the tests that start and stop recording by hand run one at a time
/// inside this suite (its nested suites included) and inside `Trace.exclusively`.
@Suite(.serialized) struct RecorderTests {}

/// A model made observable and recorded by `@Tracked`.
final class SearchModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var query = ""
  @Tracked var unreadCount = 0
  var untracked = 0

  init(query: String = "") { self.query = query }
}
