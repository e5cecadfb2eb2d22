import RedrawReading

/// The reads of a thread's open body evaluations (``ReadKey``),
/// innermost evaluation's last.
///
/// It keeps its storage: pushing writes in place once the stack has been that deep
/// before, and popping an evaluation's reads is one store, where an array's
/// `removeLast(_:)` would go through its general range replacement.
package struct ReadStack {
  private var storage: [ReadKey] = []
  /// How many keys are on the stack.
  private(set) var count = 0

  package var isEmpty: Bool { count == 0 }

  /// Pushes `key`.
  @inline(__always)
  package mutating func push(_ key: ReadKey) {
    if count < storage.count {
      storage[count] = key
    } else {
      storage.append(key)
    }
    count += 1
  }

  /// The keys in `range`, which lies within `0..<count`.
  package subscript(range: Range<Int>) -> ArraySlice<ReadKey> { storage[range] }

  /// Sorts the keys from `start` to the top and drops repeated ones.
  ///
  /// - Complexity: O(k log k) for the k keys above `start`.
  package mutating func sortTop(from start: Int) {
    guard count - start > 1 else { return }
    if count - start <= 16 {
      // Insertion sort: an evaluation reads a handful of properties.
      for index in (start + 1)..<count {
        let key = storage[index]
        var position = index
        while position > start, storage[position - 1] > key {
          storage[position] = storage[position - 1]
          position -= 1
        }
        storage[position] = key
      }
    } else {
      storage[start..<count].sort()
    }
    var kept = start + 1
    for index in (start + 1)..<count where storage[index] != storage[kept - 1] {
      storage[kept] = storage[index]
      kept += 1
    }
    count = kept
  }

  /// Whether the keys from `start` to the top are `keys`, in order.
  package func top(from start: Int, equals keys: [ReadKey]) -> Bool {
    guard count - start == keys.count else { return false }
    for index in keys.indices where storage[start + index] != keys[index] { return false }
    return true
  }

  /// Drops the keys from `start` to the top.
  @inline(__always)
  package mutating func pop(to start: Int) { count = min(count, start) }
}
