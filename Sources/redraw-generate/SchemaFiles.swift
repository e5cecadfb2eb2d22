/// The code that spells the trace format, from ``TraceFormat``.
enum SchemaFiles {
  typealias Kind = TraceFormat.Kind

  /// Every generated file of the schema.
  static func generated() throws -> [GeneratedFile] {
    try check()
    return [eventKind(), eventKey(), schemaTable(), fastKey(), eventCounter()]
  }

  /// The description's own rules: names short enough for the fast path, keys defined once
  /// and named by the kinds that use them, raw values under 32.
  static func check() throws {
    let names = TraceFormat.keys.map(\.name)
    guard Set(names).count == names.count, names.count <= 32 else {
      throw GenerationError("keys must be distinct and at most 32")
    }
    let fast = TraceFormat.keys.prefix { $0.fast }
    guard fast.count == TraceFormat.keys.filter(\.fast).count, fast.allSatisfy({ $0.name.utf8.count <= 7 }) else {
      throw GenerationError("fast keys come first and have at most 7 bytes")
    }
    for kind in TraceFormat.kinds {
      guard kind.name.utf8.count <= 8 else { throw GenerationError("kind \(kind.name) has more than 8 bytes") }
      for key in kind.allKeys where !names.contains(key.name) {
        throw GenerationError("kind \(kind.name) names an undefined key \(key.name)")
      }
    }
  }

  // MARK: - Spelling

  /// Up to eight bytes of `text` packed little-endian, as `packedWord` packs them.
  static func packed(_ text: String) -> UInt64 {
    text.utf8.prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
  }

  /// `0x…` with an underscore every four digits from the right.
  static func hex(_ value: UInt64) -> String {
    let digits = Array(String(value, radix: 16, uppercase: true))
    var groups: [String] = []
    var end = digits.count
    while end > 0 {
      groups.insert(String(digits[max(0, end - 4)..<end]), at: 0)
      end -= 4
    }
    return "0x" + groups.joined(separator: "_")
  }

  /// A Swift identifier for a format name (`init` and the like in backticks).
  static func identifier(_ name: String) -> String {
    ["init", "deinit", "struct", "default", "case"].contains(name) ? "`\(name)`" : name
  }

  // MARK: - RedrawSchema

  static func eventKind() -> GeneratedFile {
    var text = GeneratedFile.header(from: "Sources/redraw-generate/TraceFormat.swift")
    text += """

      /// The event kinds of format version 1, plus `lost`, which RedrawTrace writes when it had to
      /// drop events.
      public enum EventKind: UInt8, Sendable, CaseIterable {

      """
    for kind in TraceFormat.kinds {
      for line in kind.summary { text += "  /// \(line)\n" }
      text += "  case \(identifier(kind.name))\n"
    }
    text += """
        /// A kind this reader does not know (skipped and counted).
        case unknown

        /// The kind as the format spells it.
        package var name: String { "\\(self)" }

        /// The kind named by the bytes of an `e` value.
        @inlinable @inline(__always)
        package static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EventKind {
          guard bytes.count <= 8 else { return .unknown }
          return named(packedWord(bytes), length: bytes.count)
        }

        /// The kind named by `length` bytes packed into `word` (see `packedWord(_:)`): by length
        /// first, so one compare picks the few words of that length.
        @inlinable @inline(__always)
        package static func named(_ word: UInt64, length: Int) -> EventKind {
          switch length {

      """
    let byLength = Dictionary(grouping: TraceFormat.kinds) { $0.name.utf8.count }
    for length in byLength.keys.sorted() {
      text += "    case \(length):\n      switch word {\n"
      for kind in byLength[length]! {
        text += "      case \(hex(packed(kind.name))): return .\(identifier(kind.name))\n"
      }
      text += "      default: return .unknown\n      }\n"
    }
    text += "    default: return .unknown\n    }\n  }\n}\n"
    return GeneratedFile(path: "Sources/RedrawSchema/EventKind.swift", contents: text)
  }

  static func eventKey() -> GeneratedFile {
    let keys = TraceFormat.keys
    var text = GeneratedFile.header(from: "Sources/redraw-generate/TraceFormat.swift")
    text += """

      /// The keys of format version 1, each with the type of its value.
      ///
      /// The keys the fast path knows come first, in the order of `FastKey`, which shares their
      /// raw values. Which kinds carry which keys, in what order, and which they require, is
      /// ``EventSchema``'s table.
      @usableFromInline package enum EventKey: UInt32, CaseIterable, Sendable {
        case \(keys.map(\.name).joined(separator: ", "))

        /// What a key's value is.
        @usableFromInline package enum ValueType: Equatable {
          /// The event kind (`e`).
          case eventKind
          /// An integer of at most 18 digits.
          case integer
          /// A string, interned.
          case string
          /// One of ``BodyCause``'s names.
          case bodyCause
          /// One of ``EffectKind``'s names.
          case effectKind
          /// `true` or `false`.
          case boolean
          /// A string naming a ``SwiftUIBuild`` (another string is kept as an unknown build).
          case swiftUIBuild
        }

        /// The type of the key's value.
        @inlinable @inline(__always)
        package var valueType: ValueType {
          switch self {

      """
    for type in TraceFormat.ValueType.allCases {
      let named = keys.filter { $0.type == type }.map { "." + $0.name }
      guard !named.isEmpty else { continue }
      text += "    case \(named.joined(separator: ", ")): .\(type.rawValue)\n"
    }
    text += """
          }
        }

        /// The key as the format spells it.
        package var name: String { "\\(self)" }

        /// The key's bit in a presence mask.
        @inlinable @inline(__always)
        package var bit: UInt32 { 1 << rawValue }

        /// The key spelled by `bytes`, or nil for one the format does not define.
        ///
        /// - Complexity: O(1): the key's bytes are packed into one word and switched on.
        @inlinable @inline(__always)
        package init?(bytes: UnsafeBufferPointer<UInt8>) {
          guard bytes.count <= 8 else {

      """
    for key in keys where key.name.utf8.count > 8 {
      text += "      if matches(bytes, \"\(key.name)\") {\n        self = .\(key.name)\n        return\n      }\n"
    }
    text += """
            return nil
          }
          self.init(word: packedWord(bytes), length: bytes.count)
        }

        /// The key whose name is `length` (at most eight) bytes packed into `word`.
        @inlinable @inline(__always)
        package init?(word: UInt64, length: Int) {
          switch (word, length) {

      """
    for key in keys where key.name.utf8.count <= 8 {
      text += "    case (\(hex(packed(key.name))), \(key.name.utf8.count)): self = .\(key.name)\n"
    }
    text += "    default: return nil\n    }\n  }\n}\n"
    return GeneratedFile(path: "Sources/RedrawSchema/EventKey.swift", contents: text)
  }

  static func schemaTable() -> GeneratedFile {
    var text = GeneratedFile.header(from: "Sources/redraw-generate/TraceFormat.swift")
    text += """

      extension EventSchema {
        /// The schema of `kind`: its keys in writers' order, which it requires. Every event but
        /// `meta` begins with `e`, `t` and `tid`; `lost` requires neither of the last two, and a
        /// kind this reader does not know only its `e`.
        @inline(__always)
        package static func of(_ kind: EventKind) -> EventSchema {
          switch kind {

      """
    for kind in TraceFormat.kinds {
      let chain = kind.allKeys.map { ".\($0.required ? "required" : "optional")(.\($0.name))" }.joined()
      text += "    case .\(identifier(kind.name)): return EventSchema()\(chain)\n"
    }
    text += "    case .unknown: return EventSchema().required(.e)\n    }\n  }\n}\n"
    return GeneratedFile(path: "Sources/RedrawSchema/EventSchema+Table.swift", contents: text)
  }

  // MARK: - The fast parser

  static func fastKey() -> GeneratedFile {
    let fast = TraceFormat.keys.filter(\.fast)
    let fastNames = Set(fast.map(\.name))
    var text = GeneratedFile.header(from: "Sources/redraw-generate/TraceFormat.swift")
    text += """

      import RedrawSchema

      /// The keys ``FastLineParser`` knows, one bit each in its presence mask: the keys of
      /// `EventKey` the description marks fast (all but the rare `binding` and `closure`, and
      /// those of `meta` events), with the same raw values.
      ///
      /// Writers put an event's keys in a fixed order (`e`, `t`, `tid`, then the kind's own, as
      /// `EventSchema` lists them), so after each key the next one is predicted, and checked with
      /// one masked compare of its `"key":` pattern; a key out of that order is read and switched
      /// on instead. The tables here are the schema written out as `switch`es, which the fast
      /// path reads as constants: derived from `EventSchema` at run time, they cost 0.7% more
      /// instructions for parsing and building the 10 MB bench trace.
      enum FastKey: UInt32, CaseIterable {
        case \(fast.map(\.name).joined(separator: ", "))

        /// The key writers put after this one in an event of `kind`, if any: every successor in
        /// `EventSchema`'s order, and the most common one where a kind's order ends.
        @inline(__always)
        func next(in kind: EventKind) -> FastKey? {
          switch self {

      """
    let parsed = TraceFormat.kinds.filter { $0.name != "meta" }
    for key in fast {
      // The successor in each kind that has one.
      var successors: [(kind: String, next: String)] = []
      for kind in parsed {
        let names = kind.allKeys.map(\.name)
        if let index = names.firstIndex(of: key.name), index + 1 < names.count, fastNames.contains(names[index + 1]) {
          successors.append((kind.name, names[index + 1]))
        }
      }
      let distinct = Set(successors.map(\.next))
      if distinct.isEmpty {
        text += "    case .\(key.name): nil\n"
      } else if distinct.count == 1 {
        text += "    case .\(key.name): .\(successors[0].next)\n"
      } else {
        let counts = Dictionary(grouping: successors, by: \.next).mapValues(\.count)
        let common = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
        text += "    case .\(key.name):\n      switch kind {\n"
        for next in counts.keys.sorted() where next != common {
          let kinds = successors.filter { $0.next == next }.map { "." + identifier($0.kind) }
          text += "      case \(kinds.joined(separator: ", ")): .\(next)\n"
        }
        text += "      default: .\(common)\n      }\n"
      }
    }
    text += """
          }
        }

        /// The length of `"name":`.
        @inline(__always)
        var patternLength: Int {
          switch self {

      """
    let byLength = Dictionary(grouping: fast) { $0.name.utf8.count + 3 }
    for length in byLength.keys.sorted() {
      text += "    case \(byLength[length]!.map { "." + $0.name }.joined(separator: ", ")): \(length)\n"
    }
    text += """
          }
        }

        /// The first eight bytes of `"name":`, packed little-endian.
        @inline(__always)
        var pattern: UInt64 {
          switch self {

      """
    for key in fast { text += "    case .\(key.name): \(hex(packed("\"\(key.name)\":")))\n" }
    text += """
          }
        }

        /// The keys `kind` requires, as a presence mask: `EventSchema`'s, and all bits for a kind
        /// requiring a key the fast path does not know (`meta`).
        @inline(__always)
        static func required(by eventKind: EventKind) -> UInt32 {
          switch eventKind {

      """
    for kind in TraceFormat.kinds + [TraceFormat.Kind("unknown", [], common: false, [])] {
      let required = kind.allKeys.filter(\.required).map(\.name)
      let mask =
        required.allSatisfy(fastNames.contains)
        ? required.map { "1 << FastKey.\($0).rawValue" }.joined(separator: " | ") : "UInt32.max"
      text += "    case .\(identifier(kind.name)): return \(mask)\n"
    }
    text += "    }\n  }\n}\n"
    return GeneratedFile(path: "Sources/RedrawReading/FastKey+Tables.swift", contents: text)
  }

  // MARK: - The session builder

  static func eventCounter() -> GeneratedFile {
    let count = TraceFormat.kinds.count + 1
    let zeros = Array(repeating: "0", count: count).joined(separator: ", ")
    let ints = Array(repeating: "Int", count: count).joined(separator: ", ")
    var text = GeneratedFile.header(from: "Sources/redraw-generate/TraceFormat.swift")
    text += """

      import RedrawSchema

      /// Events by kind, counted in inline storage: one counter per `EventKind`.
      ///
      /// An array would cost a call to check its buffer is unique on every event; counters in a
      /// tuple are updated in place.
      package struct EventCounter {
        private var counts: (\(ints)) = (\(zeros))

        package init() {}

        /// Adds `amount` to the count of `kind`.
        @inline(__always)
        package mutating func add(_ kind: EventKind, _ amount: Int = 1) {
          withUnsafeMutableBytes(of: &counts) { bytes in
            let offset = Int(kind.rawValue) * MemoryLayout<Int>.stride
            bytes.storeBytes(
              of: bytes.load(fromByteOffset: offset, as: Int.self) + amount, toByteOffset: offset, as: Int.self)
          }
        }

        /// The counts, by `EventKind` raw value.
        package var all: [Int] {
          withUnsafeBytes(of: counts) { bytes in
            (0..<EventKind.allCases.count).map { bytes.load(fromByteOffset: $0 * MemoryLayout<Int>.stride, as: Int.self) }
          }
        }
      }

      """
    return GeneratedFile(path: "Sources/RedrawSessions/EventCounter.swift", contents: text)
  }
}
