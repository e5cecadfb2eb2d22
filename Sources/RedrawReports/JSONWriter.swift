import RedrawPlatform
import RedrawRules

/// Writes JSON by hand, in the order values are given: stable key order, pretty
/// printed with two spaces, every string escaped.
///
/// ```swift
/// var json = JSONWriter()
/// json.object { json in
///   json.field("version", 1)
///   json.field("name", "redraw")
/// }
/// ```
///
/// The document grows in a buffer of its own, which the writer frees: a report of many
/// findings is a million small appends, and each costs a few moves here instead of an
/// array's uniqueness and capacity checks and a call to copy.
package struct JSONWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int
  private var depth = 0
  /// Whether the container being written has a value already; its parents' flags wait in
  /// `enclosingHaveValue`, touched only when a container opens or closes.
  private var hasValue = false
  private var enclosingHaveValue: [Bool] = []
  /// Whether a key was written and its value comes next.
  private var pendingKey = false

  package init() {
    capacity = 4096
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// The document written so far, as UTF-8.
  package var bytes: [UInt8] { Array(written) }

  /// The document written so far.
  package var output: String { String(decoding: written, as: UTF8.self) }

  /// The document as a file holds it, ending in a line end: one copy of what was written.
  package var fileBytes: [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
      initialized = buffer.initialize(fromContentsOf: written)
      buffer[initialized] = UInt8(ascii: "\n")
      initialized += 1
    }
  }

  /// ``fileBytes`` as text.
  package var fileText: String {
    String(unsafeUninitializedCapacity: count + 1) { buffer in
      let end = buffer.initialize(fromContentsOf: written)
      buffer[end] = UInt8(ascii: "\n")
      return end + 1
    }
  }

  private var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  // MARK: - Containers

  /// Writes an object whose fields `body` writes.
  package mutating func object(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "{"))
    body(&self)
    close(UInt8(ascii: "}"))
  }

  /// Writes an array whose elements `body` writes.
  package mutating func array(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "["))
    body(&self)
    close(UInt8(ascii: "]"))
  }

  /// Writes `key` and an object.
  package mutating func object(_ key: String, _ body: (inout JSONWriter) -> Void) {
    self.key(key)
    object(body)
  }

  /// Writes `key` and an array.
  package mutating func array(_ key: String, _ body: (inout JSONWriter) -> Void) {
    self.key(key)
    array(body)
  }

  /// Writes `count` elements of the current container in pieces, on up to `threads` threads:
  /// `write` writes the elements of a range of indices into a writer of its own, at this
  /// writer's depth, and the pieces are joined in order as if written here one by one.
  ///
  /// - Complexity: O(n) in the bytes written, copied once more to join them.
  package mutating func elements(
    _ count: Int, threads: Int, _ write: (inout JSONWriter, Range<Int>) -> Void
  ) {
    guard threads > 1, count >= 2 * Self.elementsPerPiece else {
      write(&self, 0..<count)
      return
    }
    // Several pieces a thread: a thread that finishes early takes the next.
    let size = max(Self.elementsPerPiece, (count + 4 * threads - 1) / (4 * threads))
    let depth = depth
    let pieces = ParallelWork.map((count + size - 1) / size, threads: threads) { piece in
      var writer = JSONWriter(depth: depth)
      write(&writer, piece * size..<min(count, (piece + 1) * size))
      return writer.bytes
    }
    // Room for every piece, its comma and what usually follows, at once: grown by doubling
    // as the pieces were joined, the document was copied at each step.
    reserve(pieces.reduce(pieces.count + Self.roomAfterElements) { $0 + $1.count })
    for piece in pieces where !piece.isEmpty {
      element(joining: piece)
    }
  }

  /// The fewest elements a piece of ``elements(_:threads:_:)`` holds.
  private static let elementsPerPiece = 256
  /// Bytes reserved beyond the joined pieces, for the rest of a document (a report's closing
  /// sections): the document is not copied again to close the container.
  private static let roomAfterElements = 4096

  /// A writer for elements of a container at `depth`, joined later by ``element(joining:)``.
  private init(depth: Int) {
    self.init()
    self.depth = depth
  }

  /// Appends elements another writer wrote at this depth, after a comma when the container
  /// has a value already.
  private mutating func element(joining piece: [UInt8]) {
    if hasValue {
      reserve(1)
      put(UInt8(ascii: ","))
    }
    piece.withUnsafeBufferPointer { append($0) }
    hasValue = true
  }

  // MARK: - Fields

  package mutating func field(_ key: String, _ value: String) {
    self.key(key)
    string(value)
  }

  /// Writes the field only when `value` is not nil.
  package mutating func field(_ key: String, _ value: String?) {
    if let value { field(key, value) }
  }

  package mutating func field(_ key: String, _ value: Int) {
    self.key(key)
    number(value)
  }

  package mutating func field(_ key: String, _ value: Int64) {
    self.key(key)
    number(Int(value))
  }

  /// Writes the field only when `value` is not nil.
  package mutating func field(_ key: String, _ value: Int64?) {
    if let value { field(key, value) }
  }

  package mutating func field(_ key: String, _ value: Double) {
    self.key(key)
    element()
    var text = value.isFinite ? "\(value)" : "null"
    text.withUTF8 { append($0) }
  }

  package mutating func field(_ key: String, _ value: Bool) {
    self.key(key)
    element()
    append(value ? "true" : "false")
  }

  // MARK: - Values

  package mutating func string(_ value: String) {
    element()
    quote(value)
  }

  package mutating func number(_ value: Int) {
    element()
    reserve(20)
    if value < 0 { put(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var power: UInt = 10
    while digits < 19, magnitude >= power {
      digits += 1
      power &*= 10
    }
    if digits == 19, magnitude >= power { digits = 20 }
    var end = base + count + digits
    count += digits
    repeat {
      end -= 1
      end.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
  }

  // MARK: - Layout

  /// Writes `key`; the next value written is its value.
  package mutating func key(named key: String) { self.key(key) }

  private mutating func key(_ key: String) {
    element()
    quote(key)
    append(": ")
    pendingKey = true
  }

  /// Starts an element of the current container: a comma, a line break and indentation,
  /// unless it is the value of the key just written.
  @inline(__always)
  private mutating func element() {
    if pendingKey {
      pendingKey = false
      return
    }
    if depth > 0 {
      if hasValue {
        reserve(1)
        put(UInt8(ascii: ","))
      }
      breakLine()
    }
    hasValue = true
  }

  private mutating func open(_ bracket: UInt8) {
    element()
    reserve(1)
    put(bracket)
    depth += 1
    enclosingHaveValue.append(hasValue)
    hasValue = false
  }

  private mutating func close(_ bracket: UInt8) {
    let empty = !hasValue
    hasValue = enclosingHaveValue.removeLast()
    depth -= 1
    if !empty { breakLine() }
    reserve(1)
    put(bracket)
  }

  /// A line break and two spaces of indentation a level.
  private mutating func breakLine() {
    let width = 1 + 2 * depth
    reserve(width)
    base[count] = UInt8(ascii: "\n")
    (base + count + 1).update(repeating: UInt8(ascii: " "), count: width - 1)
    count += width
  }

  // MARK: - Bytes

  /// Makes room for `room` more bytes.
  @inline(__always)
  private mutating func reserve(_ room: Int) {
    if capacity &- count < room { grow(to: count + room) }
  }

  private mutating func grow(to needed: Int) {
    let larger = max(capacity * 2, needed)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = larger
  }

  /// Appends a byte there is room for.
  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    base[count] = byte
    count &+= 1
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  private mutating func append(_ literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  private mutating func quote(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      reserve(JSONEscaper.worstCase(utf8.count))
      count += JSONEscaper.writeQuoted(utf8, into: base + count)
    }
  }

  // MARK: - Escaping alone

  /// Appends `value` as a JSON string literal: quotes, backslashes and control
  /// characters escaped, and U+2028/U+2029, which JavaScript string literals reject.
  ///
  /// - Complexity: O(n); text that needs no escaping is copied eight bytes at a time.
  package static func appendQuoted(_ value: String, to output: inout [UInt8]) {
    var value = value
    value.withUTF8 { utf8 in
      // On the stack for a short string: no allocation per string.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONEscaper.worstCase(utf8.count)) { buffer in
        let written = JSONEscaper.writeQuoted(utf8, into: buffer.baseAddress!)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<written]))
      }
    }
  }
}
