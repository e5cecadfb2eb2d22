import CRedrawPlatform
import Testing

/// The writer's direct-mapped cache of line ends (`RedrawLines.h`), through its C interface:
/// a view reads the same property of many objects (a list's rows), and each keeps its entry.
@Suite struct LineCacheTests {
  /// A cache, and one record formatted against it.
  private final class Cache {
    let table = redraw_line_cache_create()!
    deinit { redraw_line_cache_destroy(table) }

    /// A `read` (1) or `write` (2) line's end, as the recorder writes it; a write's with a
    /// space more, so that a line given the other kind's end shows.
    static func end(object: UInt64, kind: UInt64, padding: Int = 0) -> String {
      #",\#(kind == 1 ? "" : " ")"tid":1,"obj":\#(object),"type":"Row\#(String(repeating: "w", count: padding))","prop":"title"}"#
        + "\n"
    }

    func store(object: UInt64, kind: UInt64, padding: Int = 0) {
      let bytes = Array(Self.end(object: object, kind: kind, padding: padding).utf8)
      redraw_line_cache_store(table, object, Self.names, redraw_line_key(1, kind), bytes, UInt32(bytes.count))
    }

    /// The line of a record of `object` at `time`, or nil when its end is not cached.
    func line(object: UInt64, kind: UInt64, time: UInt64) -> String? {
      var buffer = [UInt8](repeating: 0, count: 4096)
      return buffer.withUnsafeMutableBufferPointer { bytes -> String? in
        var output = redraw_line_output(
          base: bytes.baseAddress, count: 0, capacity: Int64(bytes.count), start: 0, scale: 1 << 48, last_time: 0)
        var record = redraw_slot(words: (time, object, Self.names, kind))
        guard redraw_format_cached_accesses(&output, table, &record, 1, 0, 1, .max) == 1 else { return nil }
        return String(decoding: bytes[..<Int(output.count)], as: UTF8.self)
      }
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
}
