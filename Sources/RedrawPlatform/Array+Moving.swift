/// Rearranging arrays of large values by moving them: a value that holds strings and arrays
/// retains each of them when copied, and releases each when the copy's original is freed.
/// The standard library's `swapAt` and `reverse()` copied such values (a finding at each
/// step, in callgrind's call counts); these methods move them.
///
/// `@inlinable package`: the bodies are serialized for the package's other modules, which
/// specialize them for their elements (a plain `package` method is a generic call there).
extension Array {
  /// The elements of `pieces` in order, moved out of them rather than copied.
  ///
  /// - Complexity: O(*n*) moves, where *n* is the number of elements of all pieces.
  @inlinable package static func joining(movingFrom pieces: consuming [[Element]]) -> [Element] {
    var pieces = consume pieces
    let count = pieces.reduce(0) { $0 + $1.count }
    // No element: the shared empty array. `init(unsafeUninitializedCapacity:)` would write a
    // count into the standard library's one empty storage, a race between threads that
    // ThreadSanitizer reports.
    guard count > 0 else { return [] }
    return [Element](unsafeUninitializedCapacity: count) { joined, initialized in
      // `popLast` moves the last element out of its piece, so the pieces are emptied from
      // their ends into the result from its end.
      var end = count
      for index in pieces.indices.reversed() {
        while let element = pieces[index].popLast() {
          end -= 1
          (joined.baseAddress! + end).initialize(to: element)
        }
      }
      initialized = count
    }
  }

  /// Puts at each index `k` the element that was at `order[k]`, moving each element once.
  ///
  /// - Precondition: `order` holds every index of the array once.
  /// - Complexity: O(*n*) moves, following each cycle of the permutation once.
  @inlinable package mutating func permute(takingFrom order: [Int]) {
    precondition(order.count == count, "a permutation needs one index per element")
    // An empty array is the shared empty storage, which a mutable buffer would touch.
    guard !isEmpty else { return }
    var placed = [Bool](repeating: false, count: count)
    withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for start in buffer.indices where !placed[start] {
        // The element at `start` is taken out; each position of its cycle then takes the
        // element it names, which leaves a hole there, until the position that names
        // `start` takes the element taken out.
        let taken = (base + start).move()
        var hole = start
        while true {
          placed[hole] = true
          let source = order[hole]
          if source == start { break }
          precondition(!placed[source], "a permutation names each index once")
          (base + hole).moveInitialize(from: base + source, count: 1)
          hole = source
        }
        (base + hole).initialize(to: taken)
      }
    }
  }
}
