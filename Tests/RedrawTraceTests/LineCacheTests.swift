import CRedrawPlatform
import Testing

@testable import RedrawTrace

/// The writer's direct-mapped cache of line ends (``LineCache``): a view reads the same
/// property of many objects (a list's rows), and each keeps its entry.
@Suite struct LineCacheTests {
  /// A cache, and one record formatted against it.
  private final class Cache {
    let cache = LineCache()

    /// A `read` (1) or `write` (2) line's end, as the recorder writes it; a write's with a
    /// space more, so that a line given the other kind's end shows.
    static func end(object: UInt64, kind: UInt64, padding: Int = 0) -> String {
      #",\#(kind == 1 ? "" : " ")"tid":1,"obj":\#(object),"type":"Row\#(String(repeating: "w", count: padding))","prop":"title"}"#
        + "\n"
    }

    func store(object: UInt64, kind: UInt64, padding: Int = 0) {
      let bytes = Array(Self.end(object: object, kind: kind, padding: padding).utf8)
      bytes.withUnsafeBufferPointer {
        cache.store(object: object, names: Self.names, key: LineCache.key(thread: 1, kindAndFlags: kind), bytes: $0)
      }
    }

    /// The line of a record of `object` at `time`, or nil when its end is not cached.
    func line(object: UInt64, kind: UInt64, time: UInt64) -> String? {
      var output = LineCache.Output(buffer: EventBuffer(capacity: 4096), start: 0, scale: 1 << 48, lastTime: 0)
      defer { output.buffer.deallocate() }
      var record = redraw_slot(words: (time, object, Self.names, kind))
      guard cache.formatAccesses(&record, count: 1, scope: 0, thread: 1, limit: .max, into: &output) == 1 else {
        return nil
      }
      return String(decoding: output.buffer.bytes, as: UTF8.self)
    }

    /// One type and property, as interned names (a record's names word).
    static let names: UInt64 = 5 | 17 << 32
  }

  private static func expected(object: UInt64, kind: UInt64, time: UInt64, padding: Int = 0) -> String {
    #"{"e":"\#(kind == 1 ? "read" : "write")","t":\#(time)"# + Cache.end(object: object, kind: kind, padding: padding)
  }

  /// 200 rows' `title` lines in 512 entries: a hash that spread the objects' small ids badly
  /// kept one (each line evicted the one before); an even spread keeps about 165.
  @Test func theLinesOfManyObjectsOfOnePropertyKeepMostOfTheirEntries() {
    let cache = Cache()
    for object in UInt64(1)...200 { cache.store(object: object, kind: 1) }
    var kept = 0
    for object in UInt64(1)...200 {
      guard let line = cache.line(object: object, kind: 1, time: 1_000 + object) else { continue }
      #expect(line == Self.expected(object: object, kind: 1, time: 1_000 + object))
      kept += 1
    }
    #expect(kept >= 150, "\(kept) of 200 kept")
  }

  /// A property read and written on every row: reads and writes do not share an entry.
  @Test func aReadAndAWriteOfOneObjectKeepEntriesOfTheirOwn() {
    let cache = Cache()
    for object in UInt64(1)...100 {
      cache.store(object: object, kind: 1)
      cache.store(object: object, kind: 2)
    }
    var kept = 0
    for object in UInt64(1)...100 {
      for kind: UInt64 in [1, 2] {
        guard let line = cache.line(object: object, kind: kind, time: 2_000) else { continue }
        #expect(line == Self.expected(object: object, kind: kind, time: 2_000))
        kept += 1
      }
    }
    #expect(kept >= 150, "\(kept) of 200 kept")
  }

  /// Ends of about 200 bytes for 1,000 objects fill the 64 KiB arena three times (after about
  /// 320 objects each time): the entries are forgotten each time, so no line is given bytes
  /// the arena has since reused, and the ends stored since are copied whole.
  @Test func endsStoredAfterTheArenaFilledAreCopiedWhole() {
    let cache = Cache()
    for object in UInt64(1)...1_000 { cache.store(object: object, kind: 1, padding: 150) }
    var found: [UInt64] = []
    for object in UInt64(1)...1_000 {
      guard let line = cache.line(object: object, kind: 1, time: 3_000) else { continue }
      #expect(line == Self.expected(object: object, kind: 1, time: 3_000, padding: 150))
      found.append(object)
    }
    // Only objects stored after the third refill (the last 28 or so) are found.
    #expect(found.allSatisfy { $0 > 950 }, "found \(found)")
    #expect(found.contains(1_000))
  }

  /// The hot loop keeps a time's leading digits for the next line's: times that rise by a
  /// little, cross a million, jump ahead and fall back are all written whole.
  @Test func aTimeIsWrittenWholeWhateverTheTimeBeforeIt() {
    let cache = LineCache()
    var times: [UInt64] = [0, 7, 999_999, 1_000_000, 1_000_001, 1_999_999, 2_000_000, 2_000_000, 999_999]
    times += [12_345_678_901, 12_345_999_999, 12_346_000_000, 12_345_000_000, 5, .max, .max - 999_999, 1_000_000]
    var time: UInt64 = 3_999_000
    for _ in 0..<2_000 {  // steps of 1 to 1,000 ns over several millions
      time += (time * 7_919) % 1_000 + 1
      times.append(time)
    }
    var buffer = [UInt8](repeating: 0, count: 32)
    for time in times {
      let count = buffer.withUnsafeMutableBytes { bytes in
        cache.time.write(time, at: bytes.baseAddress!) - bytes.baseAddress!
      }
      let written = String(decoding: buffer[..<count], as: UTF8.self)
      guard written == String(time) else {
        Issue.record("\(time) was written as \(written)")
        return
      }
    }
  }

  /// Lines in a row keep their leading digits and prefixes: a read and a write of one
  /// object in the same millisecond, then in the next, then in a session's first one.
  @Test(
    arguments: [
      [1_000_500, 1_000_900, 2_000_100, 2_000_200],
      [10, 20, 1_000_000_010, 5],
    ] as [[UInt64]])
  func linesInARowAreWrittenWhole(times: [UInt64]) {
    let cache = Cache()
    cache.store(object: 3, kind: 1)
    cache.store(object: 3, kind: 2)
    for (index, time) in times.enumerated() {
      let kind: UInt64 = index % 2 == 0 ? 1 : 2
      #expect(cache.line(object: 3, kind: kind, time: time) == Self.expected(object: 3, kind: kind, time: time))
    }
  }
}
