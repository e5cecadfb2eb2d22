import RedrawReading

/// Values by keys that pack into 64 bits, in order of insertion: a ``DenseIndex`` with
/// the keys and values beside it, for the builder's per-event counters.
package struct DenseMap<Key, Value> {
  private var index = DenseIndex()
  /// The keys, by position.
  private(set) var keys: [Key] = []
  /// The values, by position.
  package var values: [Value] = []

  package init() {}

  /// The position of the key packed as `packed`, adding `key` with `initial()` when new.
  @inline(__always)
  package mutating func position(of packed: UInt64, key: Key, initial: () -> Value) -> Int {
    let (position, inserted) = index.insert(packed)
    if inserted {
      keys.append(key)
      values.append(initial())
    }
    return position
  }

  /// Every key with its value, in order of insertion.
  package var entries: Zip2Sequence<[Key], [Value]> { zip(keys, values) }
}
