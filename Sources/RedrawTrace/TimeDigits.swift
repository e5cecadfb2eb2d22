/// How the writer's hot loop spells a line's time: its digits above the low six, kept from
/// the line before, then six more. Consecutive lines are microseconds apart, so the leading
/// digits rarely change; while they stay, a `read` (kind 1) or `write` (kind 2) line begins
/// with a prefix made once, its opening and those digits (at most 17 + 14 bytes), copied
/// as 32.
///
/// ``byteCount`` bytes of a ``LineCache``'s allocation: on four cache lines, the leading
/// digits, their count and the value they stand for (at first ``noLeadingDigits``, which no time is within a million of), then each
/// kind's prefix and its count on a line of its own, so a 32-byte copy reads one line; then
/// the digits of every number below 1000, four bytes apart (``writeSix(_:at:)``).
struct TimeDigits {
  /// The times a set of leading digits covers: the six low digits'.
  static let lowLimit: UInt64 = 1_000_000
  static let lowDigits = 6
  static let noLeadingDigits: UInt64 = 1 << 63

  private static let triplesOffset = 256
  /// The bytes its state and tables take, a multiple of 64.
  static let byteCount = (triplesOffset + 4 * 1_000 + 63) / 64 * 64
  private let memory: UnsafeMutableRawPointer

  /// The digits laid out at `memory` by ``layOut(at:)``.
  @inline(__always)
  init(laidOutAt memory: UnsafeMutableRawPointer) { self.memory = memory }

  /// Lays out the state and tables at `memory` (``byteCount`` bytes, 64-byte aligned).
  static func layOut(at memory: UnsafeMutableRawPointer) {
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: Self.triplesOffset)
    memory.storeBytes(of: Self.noLeadingDigits, as: UInt64.self)
    let triples = (memory + Self.triplesOffset).bindMemory(to: UInt32.self, capacity: 1_000)
    for value in 0..<1_000 {
      let digits = [value / 100, value / 10 % 10, value % 10].map { UInt32(48 + $0) }
      triples[value] = (digits[0] | digits[1] << 8 | digits[2] << 16).littleEndian
    }
    TimeDigits(laidOutAt: memory).makePrefixes()
  }

  /// The value the leading digits stand for (their number times a million).
  @inline(__always)
  var base: UInt64 { memory.load(as: UInt64.self) }

  /// The prefix of a line of `kind` (1 or 2): 32 bytes to copy, of which the first
  /// ``prefixCount(_:)`` count.
  @inline(__always)
  func prefix(_ kind: Int) -> UnsafeRawPointer { UnsafeRawPointer(memory + kind &* 64) }

  @inline(__always)
  func prefixCount(_ kind: Int) -> Int { Int(memory.load(fromByteOffset: kind &* 64 &+ 32, as: UInt32.self)) }

  /// A line's opening, by kind (1 or 2): 16 or 17 bytes.
  @inline(__always)
  static func opening(_ kind: Int) -> StaticString { kind == 1 ? #"{"e":"read","t":"# : #"{"e":"write","t":"# }

  private var digits: UnsafeMutableRawPointer { memory + 16 }
  private var count: Int { Int(memory.load(fromByteOffset: 8, as: UInt32.self)) }

  private func makePrefixes() {
    for kind in 1...2 {
      let opening = Self.opening(kind)
      let prefix = memory + kind * 64
      prefix.copyMemory(from: opening.utf8Start, byteCount: opening.utf8CodeUnitCount)
      (prefix + opening.utf8CodeUnitCount).copyMemory(from: digits, byteCount: count)
      prefix.storeBytes(of: UInt32(opening.utf8CodeUnitCount + count), toByteOffset: 32, as: UInt32.self)
    }
  }

  /// Writes `value` (below a million) as exactly six digits at `out`, and one byte more
  /// after them: two of the triples (four bytes each).
  @inline(__always)
  func writeSix(_ value: UInt64, at out: UnsafeMutableRawPointer) {
    let value = Int(truncatingIfNeeded: value)
    let high = value / 1_000
    let triples = UnsafeRawPointer(memory + Self.triplesOffset)
    out.storeBytes(of: triples.load(fromByteOffset: high &* 4, as: UInt32.self), as: UInt32.self)
    out.storeBytes(
      of: triples.load(fromByteOffset: (value &- high &* 1_000) &* 4, as: UInt32.self), toByteOffset: 3, as: UInt32.self
    )
  }

  /// Writes `time` in decimal at `out` (32 bytes of room) and returns the end: the leading
  /// digits of the time before when they are this time's too, new ones (and prefixes)
  /// otherwise, and six more; a time below a million has no leading digits.
  func write(_ time: UInt64, at out: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    var low = time &- base
    if low >= Self.lowLimit {
      if time < Self.lowLimit {
        return out + DecimalDigits.write(time, at: out.assumingMemoryBound(to: UInt8.self))
      }
      let high = time / Self.lowLimit
      let written = DecimalDigits.write(high, at: digits.assumingMemoryBound(to: UInt8.self))
      memory.storeBytes(of: UInt32(written), toByteOffset: 8, as: UInt32.self)
      memory.storeBytes(of: high &* Self.lowLimit, as: UInt64.self)
      makePrefixes()
      low = time &- base
    }
    out.copyMemory(from: digits, byteCount: 16)
    writeSix(low, at: out + count)
    return out + count + Self.lowDigits
  }
}
