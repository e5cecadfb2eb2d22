import RedrawReading
import RedrawSchema

/// Events by kind, counted in inline storage.
///
/// An array would cost a call to check its buffer is unique on every event; sixteen
/// counters in a tuple are updated in place.
package struct EventCounter {
  private var counts: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  )

  package init() {
    precondition(EventKind.allCases.count == 16, "one counter per event kind")
  }

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
