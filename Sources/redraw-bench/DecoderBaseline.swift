import Foundation

/// The baseline the analyzer is compared with: each line decoded by Foundation's
/// `JSONDecoder` into a `Decodable` event, the way a quick Swift tool would read a trace.
///
/// It only decodes and counts events by kind; it builds no sessions and runs no rules.
struct DecoderBaseline {
  struct Event: Decodable {
    var e: String
    var t: Int64?
    var tid: Int64?
    var id: Int64?
    var obj: Int64?
    var view: String?
    var type: String?
    var prop: String?
  }

  /// Reads `path` line by line; returns the number of events and of kinds.
  static func run(path: String) throws -> (events: Int, kinds: Int) {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
    defer { try? handle.close() }
    let decoder = JSONDecoder()
    var counts: [String: Int] = [:]
    var events = 0
    var pending = Data()
    while let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty {
      pending.append(chunk)
      var start = pending.startIndex
      while let newline = pending[start...].firstIndex(of: 0x0A) {
        if newline > start {
          let event = try decoder.decode(Event.self, from: pending[start..<newline])
          counts[event.e, default: 0] += 1
          events += 1
        }
        start = newline + 1
      }
      pending = Data(pending[start...])
    }
    return (events, counts.count)
  }
}
