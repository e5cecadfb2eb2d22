/// How many threads parse a trace file.
///
/// Parallel parsing splits a regular file into 1 MiB chunks; each thread beyond the first
/// parses chunks while the calling thread builds sessions. It pays for its threads only on
/// a file of many chunks, and its memory grows with each thread, so the automatic choice
/// uses the cores for a large file and one thread otherwise.
public enum ParsingJobs: Sendable, Equatable {
  /// Exactly this many threads for every regular file (1: the calling thread alone).
  case fixed(Int)
  /// `cores` threads (at most ``maximumAutomatic``) for a regular file of at least
  /// ``parallelThreshold`` bytes, one otherwise.
  case automatic(cores: Int)

  /// The smallest file parsed in parallel by default.
  public static let parallelThreshold = 16 << 20
  /// The most threads the automatic choice takes, however many cores there are.
  public static let maximumAutomatic = 8

  /// The threads for a file of `size` bytes; nil for a pipe or standard input, which are
  /// always read on the calling thread.
  public func threads(forFileOfSize size: Int?) -> Int {
    guard let size else { return 1 }
    switch self {
    case .fixed(let threads):
      return max(1, threads)
    case .automatic(let cores):
      return size >= Self.parallelThreshold ? min(max(1, cores), Self.maximumAutomatic) : 1
    }
  }
}
