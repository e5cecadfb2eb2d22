import RedrawSchema

/// The straight path of ``FastLineParser``: the keys of the common kinds in the order
/// every writer puts them.
///
/// A `read` line is `{"e":"read","t":…,"tid":…,"obj":…,"type":"…","prop":"…"}`. After
/// the time and the thread, the keys its kind carries are read one after another, each
/// checked with a compare against its constant `,"name":`, without the key loop's
/// prediction, presence bookkeeping and switch on the key to store the value. At the
/// first key that differs (an optional key, another order, a value the fast path does
/// not take), the key loop carries on from there.
extension FastLineParser {
  /// Where the parser is in a line and which keys it has read.
  struct Cursor {
    var p: UnsafePointer<UInt8>
    /// The keys read, a bit each.
    var present: UInt32 = 1 << FastKey.e.rawValue
    /// The key read last, which predicts the next.
    var previous = FastKey.e

    @inline(__always)
    mutating func advance(past key: FastKey, to end: UnsafePointer<UInt8>) {
      present |= 1 << key.rawValue
      previous = key
      p = end
    }
  }

  /// Reads the keys writers put after the thread in an event of `kind`, while they come
  /// in that order.
  ///
  /// Out of line: one call per line, inside which every key is a constant. The helpers
  /// return the value and its end rather than moving the cursor themselves: given the
  /// cursor `inout`, the optimizer kept them out of line, the key no longer a constant
  /// (callgrind on the 10 MB synthetic trace: 94 M instructions to parse it, 98 M that way).
  @inline(never)
  static func readKeysInWritersOrder(
    of kind: EventKind, _ line: inout Cursor, limit: UnsafePointer<UInt8>, into event: inout TraceEvent,
    strings: inout StringTable
  ) {
    switch kind {
    case .read, .write, .`deinit`:
      guard let (object, afterObject) = integer(.obj, at: line.p, limit: limit) else { return }
      event.set(object, for: .obj)
      line.advance(past: .obj, to: afterObject)
      guard let (type, afterType) = string(.type, at: line.p, limit: limit, strings: &strings) else { return }
      event.set(type, for: .type)
      line.advance(past: .type, to: afterType)
      guard kind != .`deinit`, let (property, end) = string(.prop, at: line.p, limit: limit, strings: &strings)
      else { return }
      event.set(property, for: .prop)
      line.advance(past: .prop, to: end)
    case .body:
      guard let (span, afterSpan) = integer(.id, at: line.p, limit: limit) else { return }
      event.set(span, for: .id)
      line.advance(past: .id, to: afterSpan)
      guard let (view, afterView) = string(.view, at: line.p, limit: limit, strings: &strings) else { return }
      event.set(view, for: .view)
      line.advance(past: .view, to: afterView)
      guard let (node, afterNode) = integer(.node, at: line.p, limit: limit) else { return }
      event.set(node, for: .node)
      line.advance(past: .node, to: afterNode)
      guard let (parent, end) = integer(.parent, at: line.p, limit: limit) else { return }
      event.set(parent, for: .parent)
      line.advance(past: .parent, to: end)
    case .end, .`init`:
      guard let (span, afterSpan) = integer(.id, at: line.p, limit: limit) else { return }
      event.set(span, for: .id)
      line.advance(past: .id, to: afterSpan)
      guard kind == .`init`, let (type, end) = string(.type, at: line.p, limit: limit, strings: &strings) else {
        return
      }
      event.set(type, for: .type)
      line.advance(past: .type, to: end)
    default:
      // The other kinds go through the key loop.
      return
    }
  }

  /// The position after `,"key":` when that is at `p`.
  @inline(__always)
  private static func value(of key: FastKey, at p: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>)
    -> UnsafePointer<UInt8>?
  {
    guard p < limit, p.pointee == UInt8(ascii: ","), key.matches(at: p + 1, limit: limit) else { return nil }
    return p + 1 + key.patternLength
  }

  /// Reads `,"key":` and a non-negative integer at `p`.
  @inline(__always)
  private static func integer(_ key: FastKey, at p: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>)
    -> (Int64, UnsafePointer<UInt8>)?
  {
    guard let start = value(of: key, at: p, limit: limit) else { return nil }
    var value: Int64 = 0
    guard let end = readDigits(start, limit: limit, into: &value) else { return nil }
    return (value, end)
  }

  /// Reads `,"key":` and a string in the compact form at `p`, interning it.
  @inline(__always)
  private static func string(
    _ key: FastKey, at p: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>, strings: inout StringTable
  ) -> (StringID, UnsafePointer<UInt8>)? {
    guard let quote = value(of: key, at: p, limit: limit) else { return nil }
    return string(at: quote, limit: limit, strings: &strings)
  }

  /// Reads a string in the compact form at `quote`, its opening quote, interning it.
  private static func string(at quote: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>, strings: inout StringTable)
    -> (StringID, UnsafePointer<UInt8>)?
  {
    guard quote < limit, quote.pointee == UInt8(ascii: "\""), let close = closingQuote(from: quote + 1, limit: limit)
    else { return nil }
    let id = strings.intern(StringTable.Key(quote + 1, count: close - quote - 1), at: quote + 1)
    return (id, close + 1)
  }
}
