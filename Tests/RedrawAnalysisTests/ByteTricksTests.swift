import Testing

@testable import RedrawReading
@testable import RedrawSchema

/// The word-at-a-time pieces of the fast path, checked against plain byte loops.
@Suite("Word-at-a-time parsing pieces")
struct ByteTricksTests {
  /// Eight bytes of `text` (padded with `padding`) as a little-endian word.
  static func word(_ text: String, padding: UInt8 = UInt8(ascii: "x")) -> UInt64 {
    let bytes = Array(text.utf8.prefix(8)) + Array(repeating: padding, count: max(0, 8 - text.utf8.count))
    return bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
  }

  @Test(arguments: ["", "0", "7", "42", "123", "9999", "16003300", "1234567", "12a", "/:09", "00000000", "99999999"])
  func digitsAreCountedAndConverted(text: String) {
    let expectedCount = text.utf8.prefix { $0 >= 48 && $0 <= 57 }.count
    let word = Self.word(text, padding: UInt8(ascii: ","))
    #expect(SWAR.leadingDigits(word) == min(expectedCount, 8))
    if expectedCount > 0 {
      let expected = UInt64(String(text.prefix(min(expectedCount, 8))))!
      #expect(SWAR.digitsValue(word, count: min(expectedCount, 8)) == expected)
    }
  }

  @Test func everyByteAroundTheDigitsIsClassified() {
    for byte in UInt8.min...UInt8.max {
      let word = Self.word("1") & ~0xFF00 | UInt64(byte) << 8
      let isDigit = byte >= 48 && byte <= 57
      #expect(SWAR.leadingDigits(word) == (isDigit ? 2 : 1), "byte \(byte)")
    }
  }

  /// Numbers of 1 to 18 digits, with room after them and right at the end of the bytes.
  @Test(arguments: [16, 0])
  func numbersOfEveryLengthReadLikeAByteLoop(room: Int) throws {
    var value: Int64 = 0
    for length in 1...18 {
      value = value * 10 + Int64(length % 10)
      let text = "\(value)}" + String(repeating: " ", count: room)
      let bytes = Array(text.utf8)
      try bytes.withUnsafeBufferPointer { buffer in
        let base = try #require(buffer.baseAddress)
        var read: Int64 = -1
        let end = try #require(FastLineParser.readDigits(base, limit: base + buffer.count, into: &read))
        #expect(read == value)
        #expect(end - base == length)
      }
    }
  }

  @Test(arguments: ["0", "01", "0012345678", "1234567890123456789", "", "-", "12345678901234567890123"])
  func digitRunsTheFormatRefusesOrAcceptsAsTheByteLoopDoes(text: String) {
    let bytes = Array((text + "," + String(repeating: " ", count: 16)).utf8)
    let digits = text.utf8.count
    let valid = digits >= 1 && digits <= 18 && (digits == 1 || text.first != "0") && text.allSatisfy(\.isNumber)
    bytes.withUnsafeBufferPointer { buffer in
      var value: Int64 = 0
      let end = FastLineParser.readDigits(buffer.baseAddress!, limit: buffer.baseAddress! + buffer.count, into: &value)
      #expect((end != nil) == valid, "\(text)")
      if valid { #expect(value == Int64(text)) }
    }
  }

  @Test(arguments: FastKey.allCases)
  func keyPatternsSpellTheirNames(key: FastKey) {
    let pattern = Array("\"\(key.name)\":".utf8)
    #expect(key.patternLength == pattern.count)
    #expect(
      key.pattern == Self.word(String(decoding: pattern.prefix(8), as: UTF8.self)) & maskOf(min(pattern.count, 8)))
    pattern.withUnsafeBufferPointer { buffer in
      let padded = Array(buffer) + [UInt8](repeating: 0, count: 9)
      padded.withUnsafeBufferPointer { all in
        #expect(key.matches(at: all.baseAddress!, limit: all.baseAddress! + all.count))
      }
    }
    let name = Array(key.name.utf8)
    #expect(
      FastKey(name.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }, name.count) == key)
  }

  @Test func fastKeysShareTheRawValuesOfEventKeys() {
    for key in FastKey.allCases {
      #expect(EventKey(rawValue: key.rawValue).map { "\($0)" } == key.name)
    }
    #expect(FastKey(rawValue: EventKey.version.rawValue) == nil)
  }

  /// Every kind of line the recorder writes, with its optional keys.
  static let recorderLines = [
    #"{"e":"body","t":16003000,"tid":1,"id":1,"view":"View53_150","node":150,"parent":37}"#,
    #"{"e":"body","t":5,"tid":1,"id":2,"view":"V","node":1,"cause":"write","obj":3,"type":"M","prop":"p"}"#,
    #"{"e":"read","t":16003300,"tid":1,"obj":100,"type":"Model6","prop":"property6"}"#,
    #"{"e":"write","t":1,"tid":3,"obj":100,"type":"Model6","prop":"property8","site":"Model6.swift:69"}"#,
    #"{"e":"init","t":1,"tid":1,"id":7,"type":"RowModel","site":"View.swift:12","owner":150}"#,
    #"{"e":"end","t":16005400,"tid":1,"id":1}"#, #"{"e":"end","t":2,"tid":1,"id":7,"obj":101}"#,
    #"{"e":"effect","t":3,"tid":1,"kind":"network","detail":"GET /rows/42","site":"Row.swift:3"}"#,
    #"{"e":"deinit","t":4,"tid":1,"obj":101,"type":"RowModel"}"#, #"{"e":"mark","t":5,"tid":1,"name":"frame 1"}"#,
    #"{"e":"lost","t":6,"tid":0,"count":12}"#,
  ]

  /// Lines right at the end of the bytes (no room after them) as well as inside a buffer.
  @Test(arguments: recorderLines)
  func recorderLinesTakeTheFastPath(line: String) {
    #expect(fastParse(line, room: 0)?.end == line.utf8.count)
    #expect(fastParse(line)?.end == line.utf8.count)
  }

  /// Every field of `event`, names spelled out, to compare two parsers' results.
  private func fields(_ event: TraceEvent, _ strings: StringTable) -> String {
    let names = [event.type, event.property, event.view, event.site, event.detail, event.name].map {
      $0.map { strings[$0] } ?? "-"
    }
    let numbers = [event.object, event.parent, event.owner].map { $0.map(String.init) ?? "-" }
    return "\(event.kind) \(event.time) \(event.thread) \(event.span) \(event.node) \(event.count) \(numbers) \(names) "
      + "\(event.cause.map(\.name) ?? "-") \(event.effect.map(\.name) ?? "-") \(event.unknownKeys)"
  }

  /// Lines of every kind, in the writers' order (the straight path), with optional keys
  /// after it, and with their keys in other orders (the key loop), read exactly as the
  /// general parser reads them.
  @Test(
    arguments: recorderLines + [
      #"{"e":"read","t":16003300,"tid":1,"obj":100,"prop":"property6","type":"Model6"}"#,
      #"{"e":"read","t":16003300,"tid":1,"type":"Model6","obj":100,"prop":"property6"}"#,
      #"{"e":"write","t":1,"tid":3,"obj":100,"type":"Model6","prop":"p","site":"M.swift:1","detail":"x"}"#,
      #"{"e":"body","t":1,"tid":1,"id":2,"view":"V","node":1}"#,
      #"{"e":"body","t":1,"tid":1,"id":2,"node":1,"view":"V","parent":0}"#,
      #"{"e":"body","t":1,"tid":1,"id":2,"view":"V","node":1,"parent":0,"cause":"state"}"#,
      #"{"e":"init","t":1,"tid":1,"id":7,"site":"View.swift:12","type":"RowModel"}"#,
      #"{"e":"end","t":1,"tid":1,"id":-7}"#, #"{"e":"deinit","t":4,"tid":1,"type":"RowModel","obj":101}"#,
      #"{"e":"read","t":1,"tid":1,"obj":1,"type":"","prop":"a b"}"#,
      #"{"e":"read","t":1,"tid":1,"obj":1,"type":"ModelWithAVeryLongTypeNameIndeed","prop":"p"}"#,
    ])
  func fastAndGeneralParsersReadTheSame(line: String) {
    let fast = fastParse(line)
    #expect(fast?.end == line.utf8.count)
    var general = TraceEvent()
    var parser = LineParser()
    // A space after the brace: the same JSON, which only the general parser reads.
    var copy = "{ " + line.dropFirst()
    let parsed = copy.withUTF8 { bytes in
      do {
        try parser.parseValidating(bytes, into: &general)
        return true
      } catch {
        return false
      }
    }
    #expect(parsed)
    #expect(fast.map { fields($0.event, $0.strings) } == fields(general, parser.strings))
  }

  /// Parses `line` and its line end on the fast path, with `room` bytes after them as in
  /// a read buffer.
  ///
  /// - Returns: The event, its strings and where the object ended, or nil when refused.
  private func fastParse(_ line: String, room: Int = 40)
    -> (event: TraceEvent, strings: StringTable, end: Int)?
  {
    var strings = StringTable()
    var event = TraceEvent()
    var text = line + "\n" + String(repeating: " ", count: room)
    let end = text.withUTF8 { bytes in
      FastLineParser.parse(bytes.baseAddress!, limit: bytes.baseAddress! + bytes.count, into: &event, strings: &strings)
        .map { $0 - bytes.baseAddress! }
    }
    return end.map { (event, strings, $0) }
  }

  /// The time and thread are read straight after the kind when they come first, and by
  /// the key loop otherwise: times of every length, and each other form, read the same.
  @Test func timesAndThreadsReadTheSameInEveryForm() throws {
    var time: Int64 = 0
    for length in 1...18 {
      time = time * 10 + Int64(length % 10)
      for line in [
        #"{"e":"end","t":\#(time),"tid":42,"id":7}"#, #"{"e":"end","tid":42,"t":\#(time),"id":7}"#,
        #"{"e":"end","id":7,"t":\#(time),"tid":42}"#,
      ] {
        let event = try #require(fastParse(line)?.event, "\(line)")
        #expect(event.time == time, "\(line)")
        #expect(event.thread == 42, "\(line)")
        #expect(event.span == 7, "\(line)")
      }
    }
    let negative = try #require(fastParse(#"{"e":"end","t":-5,"tid":-1,"id":7}"#)?.event)
    #expect(negative.time == -5)
    #expect(negative.thread == -1)
    for refused in [
      #"{"e":"end","t":0123456789,"tid":1,"id":7}"#, #"{"e":"end","t":1234567890123456789,"tid":1,"id":7}"#,
      #"{"e":"end","t":12345678,"tid":01,"id":7}"#, #"{"e":"end","t":12345678,"tid":"1","id":7}"#,
      #"{"e":"end","t":12345678,"id":7}"#,
    ] {
      #expect(fastParse(refused) == nil, "\(refused)")
    }
  }

  private func maskOf(_ bytes: Int) -> UInt64 { bytes == 8 ? .max : (1 << UInt64(8 * bytes)) - 1 }

  @Test(arguments: ["", "a", "ab", "abc", "read", "write", "effect", "deinit", "abcdefgh", "abcdefghi"])
  func stringKeysPackTheFirstBytes(text: String) {
    var copy = text
    copy.withUTF8 { bytes in
      let key =
        bytes.baseAddress.map { StringTable.Key($0, count: bytes.count) } ?? StringTable.Key.empty
      #expect(key.packedWord == packedWord(UnsafeBufferPointer(rebasing: bytes.prefix(8))))
    }
  }

  @Test func pathsThatDifferOnlyInTheMiddleHashApart() {
    // Sites: one length, one prefix, one line; only the file's name differs. Equal hashes
    // would make every lookup walk one long chain of slots.
    let paths = (100..<400).map { "/Users/me/Projects/App/Sources/App/Views/View\($0).swift:12" }
    let hashes = paths.map { path in
      var copy = path
      return copy.withUTF8 { StringTable.Key($0.baseAddress!, count: $0.count).hash }
    }
    #expect(Set(hashes).count == paths.count)
  }

  @Test func stringsThatShareTheirEndsStayDistinct() {
    var table = StringTable()
    // Longer than 16 bytes, equal in their first and last eight: only the middle differs.
    let names = ["abcdefgh-AAAA-12345678", "abcdefgh-BBBB-12345678", "a", "b", "ab", "ba", "aba", "abba", ""]
    let ids = names.map { table.intern($0) }
    #expect(Set(ids).count == names.count)
    #expect(names.map { table.intern($0) } == ids)
    #expect(ids.map { table[$0] } == names)
    for index in 0..<5000 { _ = table.intern("name \(index)") }
    #expect(table.count == names.count + 5000)
    #expect(table.lookup("name 4999").map { table[$0] } == "name 4999")
    #expect(table.lookup("name 5000") == nil)
  }
}
