import CRedrawPlatform

/// A recorded event as the calling thread writes it into its chunk (`RedrawChunks.h`): a
/// header slot of four words, then, for the kinds that carry more, payload words. The
/// writer turns records into JSON lines (`Recorder+Format.swift`).
///
/// The header: the clock, two words of the kind's own (an object, interned names), and
/// `kind | flags << 8 | payload slots << 16 | scope << 32`.
enum RecordKind: UInt8 {
  /// `read` and `write` of interned names: the hot path, one slot.
  case read = 1
  case write
  /// A `read` or `write` named by strings (the explicit API), with its site.
  case namedAccess
  case `deinit`, body, action, endMarker, `init`, end, effect
  /// A harness declared the SwiftUI build it reproduces.
  case declareBuild
  /// `Trace.newSession`: the caller's session ends and the next begins.
  case newSession
  /// Any other event, its kind in the header's second word and its keys in the payload
  /// (`EventFields`): written from the format's description.
  case event
}

/// The header of a record, read back.
struct RecordHeader {
  let clock: UInt64
  let first: UInt64
  let second: UInt64
  let kind: RecordKind?
  let flags: UInt8
  /// Slots of payload after the header.
  let payloadSlots: Int
  let scope: Int32

  @inline(__always)
  init(_ slot: UnsafePointer<redraw_slot>) {
    let words = slot.pointee.words
    clock = words.0
    first = words.1
    second = words.2
    kind = RecordKind(rawValue: UInt8(truncatingIfNeeded: words.3))
    flags = UInt8(truncatingIfNeeded: words.3 >> 8)
    payloadSlots = Int(UInt16(truncatingIfNeeded: words.3 >> 16))
    scope = Int32(truncatingIfNeeded: words.3 >> 32)
  }

  /// The two interned names in ``second``.
  var names: (TraceName, TraceName) { Self.names(of: second) }

  func has(_ flag: UInt8) -> Bool { flags & flag != 0 }

  /// The third header word.
  @inline(__always)
  static func word(kind: RecordKind, flags: UInt8 = 0, payloadSlots: Int = 0, scope: Int32) -> UInt64 {
    UInt64(kind.rawValue) | UInt64(flags) << 8 | UInt64(UInt16(truncatingIfNeeded: payloadSlots)) << 16
      | UInt64(UInt32(bitPattern: scope)) << 32
  }

  /// Two interned names in one word.
  @inline(__always)
  static func word(_ first: TraceName, _ second: TraceName) -> UInt64 {
    UInt64(UInt32(bitPattern: first.rawValue)) | UInt64(UInt32(bitPattern: second.rawValue)) << 32
  }

  /// The two interned names of a ``word(_:_:)``.
  @inline(__always)
  static func names(of word: UInt64) -> (TraceName, TraceName) {
    (TraceName(rawValue: Int32(truncatingIfNeeded: word)), TraceName(rawValue: Int32(truncatingIfNeeded: word >> 32)))
  }
}

// MARK: - Payloads

/// Writes the payload words of a record, after its header: integers, strings (a length and
/// the UTF-8 bytes, copied) and sites (a literal's address, its length and the line).
struct PayloadWriter {
  private var words: UnsafeMutablePointer<UInt64>

  init(after header: UnsafeMutablePointer<redraw_slot>) {
    words = UnsafeMutableRawPointer(header + 1).assumingMemoryBound(to: UInt64.self)
  }

  mutating func word(_ value: UInt64) {
    words.pointee = value
    words += 1
  }

  mutating func integer(_ value: Int) { word(UInt64(bitPattern: Int64(value))) }

  mutating func string(_ text: String) {
    var copy = text
    copy.withUTF8 { bytes in
      word(UInt64(bytes.count))
      if let source = bytes.baseAddress, bytes.count > 0 {
        UnsafeMutableRawPointer(words).copyMemory(from: source, byteCount: bytes.count)
      }
      words += PayloadSize.words(forBytes: bytes.count)
    }
  }

  mutating func site(_ site: CallSite) {
    let file = site.file
    word(file.hasPointerRepresentation ? UInt64(UInt(bitPattern: file.utf8Start)) : 0)
    word(file.hasPointerRepresentation ? UInt64(file.utf8CodeUnitCount) : 0)
    word(UInt64(site.line))
  }
}

/// Counts the payload of a record before it is reserved.
struct PayloadSize {
  private(set) var words = 0

  mutating func add(words count: Int) { words += count }
  mutating func add(string text: String) { words += 1 + Self.words(forBytes: text.utf8.count) }
  mutating func addSite() { words += 3 }

  /// Slots the payload takes.
  var slots: Int { (words + 3) / 4 }

  static func words(forBytes count: Int) -> Int { (count + 7) / 8 }
}

/// Reads the payload words of a record back, in the order they were written.
struct PayloadReader {
  private var words: UnsafePointer<UInt64>

  init(after header: UnsafePointer<redraw_slot>) {
    words = UnsafeRawPointer(header + 1).assumingMemoryBound(to: UInt64.self)
  }

  mutating func word() -> UInt64 {
    defer { words += 1 }
    return words.pointee
  }

  mutating func integer() -> Int { Int(truncatingIfNeeded: Int64(bitPattern: word())) }

  /// A string's UTF-8 bytes, valid while the chunk is.
  mutating func string() -> UnsafeBufferPointer<UInt8> {
    let count = Int(word())
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(words).assumingMemoryBound(to: UInt8.self), count: count)
    words += PayloadSize.words(forBytes: count)
    return bytes
  }

  /// A site's path bytes (a literal's, valid for the process's life) and line.
  mutating func site() -> (path: UnsafeBufferPointer<UInt8>, line: UInt) {
    let address = UInt(word())
    let count = Int(word())
    let line = UInt(word())
    let start = UnsafePointer<UInt8>(bitPattern: address)
    return (UnsafeBufferPointer(start: start, count: start == nil ? 0 : count), line)
  }
}
