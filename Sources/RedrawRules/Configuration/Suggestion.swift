import RedrawSessions

/// The nearest of a list of names to a misspelled one, for "did you mean …?".
package enum Suggestion {
  /// The candidate closest to `name` by edit distance, if it is close enough to be a typo
  /// (at most a third of the name's length, and at most 3 edits), or else the one `name`
  /// begins (`over-broad` for `over-broad-invalidation`).
  ///
  /// - Complexity: O(n × m) per candidate, for names of a few dozen characters.
  package static func nearest(to name: String, in candidates: [String]) -> String? {
    if let typo = closest(to: name, in: candidates) { return typo }
    guard name.count >= 3 else { return nil }
    let lowered = name.lowercased()
    let extended = candidates.filter { $0.lowercased().hasPrefix(lowered) && $0.count > name.count }
    return extended.count == 1 ? extended[0] : nil
  }

  private static func closest(to name: String, in candidates: [String]) -> String? {
    let limit = min(3, max(1, name.count / 3))
    let scored = candidates.map { ($0, distance(Array(name.lowercased()), Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit, best.1 > 0 else { return nil }
    return best.0
  }

  /// " (did you mean 'analyze'?)", or nothing when no candidate is close.
  package static func didYouMean(_ name: String, in candidates: [String]) -> String {
    nearest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The edit distance between two character arrays, counting a swap of two neighbours
  /// as one edit (`veiw` is one from `view`), one row at a time.
  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
