import Foundation
import RedrawPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one trace with parser threads beside the calling thread: the file is cut into
/// chunks of ``chunkSize`` bytes, worker `k % workers` reads and parses the lines that
/// begin in chunk `k` with its own string table, and the calling thread merges the
/// parsed batches in order, handing each event on, so it does nothing but build.
/// With one worker, its string ids are the reader's, and the merge only builds.
///
/// A line belongs to the chunk it begins in: a worker reads from the byte before its
/// chunk (to see whether a line begins at the chunk's first byte) to the end of the
/// last line that begins inside it. The file is read as it was when opened: bytes
/// appended later are not read, and a line cut at that size is the partial last line.
///
/// Each worker parses its chunks in increasing order and ships the strings it interned
/// for the first time with each batch, so the merge can map the worker's string ids to
/// the reader's without touching the worker's table. Memory is bounded: at most
/// ``batchesInFlight`` batches per worker wait to be merged.
struct ParallelTraceReader {
  static let chunkSize = 1 << 20
  static let batchesInFlight = 2

  let workers: Int
  let lenient: Bool
  var namedSkippedLines = TraceReader.defaultNamedSkippedLines
  /// Bytes per chunk (smaller in tests, to put chunk ends everywhere).
  var chunkSize = ParallelTraceReader.chunkSize
  /// Lines longer than this are an error (smaller in tests).
  var maximumLineLength = LineReader.maximumLineLength

  /// One parsed chunk.
  final class Batch: @unchecked Sendable {
    let index: Int
    var events: [TraceEvent] = []
    /// Per line: the index into `events`, -1 for a blank line, or -2 - i for `errors[i]`.
    var lines: [Int32] = []
    var errors: [LineParser.Failure] = []
    /// Strings the worker interned for the first time in this batch, in id order.
    var newStrings: [[UInt8]] = []
    /// Whether the chunk's last line had no line end (only the file's last chunk).
    var lastLineUnterminated = false
    /// Why the chunk could not be read whole, if so: the message for the line after the
    /// lines parsed into this batch.
    var failure: String?
    let done = DispatchSemaphore(value: 0)

    init(index: Int) { self.index = index }
  }

  /// A parser thread and its queue of chunks.
  final class Worker: @unchecked Sendable {
    private let queue = Locked<[Batch]>([])
    private let available = DispatchSemaphore(value: 0)
    private var parser = LineParser(keepsMarkNames: false)
    private var exported = 0
    private let file: ChunkedFile

    init(file: ChunkedFile) { self.file = file }

    /// Asks for chunk `batch.index` to be read and parsed into `batch`.
    func submit(_ batch: Batch) {
      queue.withLock { $0.append(batch) }
      available.signal()
    }

    func stop() {
      queue.withLock { $0.append(Batch(index: -1)) }
      available.signal()
    }

    func run() {
      while true {
        available.wait()
        let batch = queue.withLock { $0.removeFirst() }
        if batch.index < 0 { return }
        let lines: ChunkedFile.Lines
        switch file.lines(ofChunk: batch.index) {
        case .success(let read): lines = read
        case .failure(let failure):
          // The lines before the one that failed are merged first, so the error names it.
          lines = failure.linesBefore
          batch.failure = failure.message
        }
        lines.bytes.withUnsafeBufferPointer { all in
          parse(UnsafeBufferPointer(rebasing: all[lines.range]), isLast: lines.reachesEnd, into: batch)
        }
        batch.done.signal()
      }
    }

    /// Parses `bytes` into `batch`.
    ///
    /// The parser and the batch's arrays are moved into locals while it works: they live
    /// in classes, whose every access Swift would otherwise check for exclusivity at run time.
    private func parse(_ all: UnsafeBufferPointer<UInt8>, isLast: Bool, into batch: Batch) {
      var parser = LineParser(keepsMarkNames: false)
      swap(&parser, &self.parser)
      defer { swap(&parser, &self.parser) }
      var lines: [Int32] = []
      var events: [TraceEvent] = []
      var errors: [LineParser.Failure] = []
      var lastLineUnterminated = false
      events.reserveCapacity(all.count / 64)
      lines.reserveCapacity(all.count / 64)
      defer {
        batch.lines = lines
        batch.events = events
        batch.errors = errors
        batch.lastLineUnterminated = lastLineUnterminated
      }
      if all.count > 0 {
        var reader = LineReader(lending: all)
        // The loop skips blank lines: they are entered as -1 before the next line's entry.
        parser.parseLines(&reader) { event, line, _ in
          while lines.count < line.number - 1 { lines.append(-1) }
          lines.append(Int32(events.count))
          events.append(event)
          return true
        } failed: { failure, line in
          while lines.count < line.number - 1 { lines.append(-1) }
          lines.append(Int32(-2 - errors.count))
          switch failure {
          case .malformed(let error): errors.append(error)
          case .unreadable(let error):  // not for bytes in memory
            errors.append(LineParser.Failure(offset: 0, expected: TraceReader.message(error)))
          }
          if !line.isTerminated, isLast { lastLineUnterminated = true }
          return true
        }
        while lines.count < reader.lineNumber { lines.append(-1) }
      }
      let count = parser.strings.count
      for id in exported..<count { batch.newStrings.append(parser.strings.bytes(of: StringID(rawValue: Int32(id)))) }
      exported = count
    }
  }

  /// Reads `path` and returns what reading it produced, like ``TraceReader/read(path:name:)``.
  func read(
    path: String, name: String, strings: inout StringTable, each handle: TraceReader.EventHandler
  ) throws(TraceInputError) -> ReadStatistics {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw TraceInputError(
        file: name, line: 0, column: 0, message: "cannot open the trace: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw TraceInputError(
        file: name, line: 0, column: 0, message: "cannot read the trace: \(String(cString: strerror(errno)))")
    }
    var file = ChunkedFile(descriptor: descriptor, size: Int(info.st_size), chunkSize: chunkSize)
    file.maximumLineLength = maximumLineLength
    let pool = (0..<workers).map { _ in Worker(file: file) }
    for worker in pool { Thread.detachNewThread { worker.run() } }
    // Batches submitted and not yet merged, oldest first.
    var pending: [(Int, Batch)] = []
    defer {
      // When a line fails, workers may still be reading: they finish before the
      // descriptor is closed.
      for (_, batch) in pending { batch.done.wait() }
      for worker in pool { worker.stop() }
    }

    var merger = Merger(name: name, lenient: lenient, workers: workers)
    merger.namedSkippedLines = namedSkippedLines
    merger.bytes = Int64(file.size)
    for index in 0..<file.chunks {
      let batch = Batch(index: index)
      pool[index % workers].submit(batch)
      pending.append((index % workers, batch))
      while pending.count >= workers * Self.batchesInFlight {
        let (worker, oldest) = pending.removeFirst()
        oldest.done.wait()
        try merger.merge(oldest, from: worker, strings: &strings, each: handle)
      }
    }
    while !pending.isEmpty {
      let (worker, batch) = pending.removeFirst()
      batch.done.wait()
      try merger.merge(batch, from: worker, strings: &strings, each: handle)
    }
    return merger.finish()
  }
}

/// Hands the events of parsed batches on, in order.
private struct Merger {
  let name: String
  let lenient: Bool
  var namedSkippedLines = TraceReader.defaultNamedSkippedLines
  var reading: ReadStatistics
  /// Per worker: global ids of the worker's string ids.
  var remaps: [[StringID]]
  /// Per worker: whether its ids are the global ids (always so with one worker).
  var identity: [Bool]
  var lines = 0
  var bytes: Int64 = 0

  init(name: String, lenient: Bool, workers: Int) {
    self.name = name
    self.lenient = lenient
    reading = ReadStatistics(file: name)
    remaps = Array(repeating: [], count: workers)
    identity = Array(repeating: true, count: workers)
  }

  mutating func merge(
    _ batch: ParallelTraceReader.Batch, from worker: Int, strings: inout StringTable,
    each handle: TraceReader.EventHandler
  ) throws(TraceInputError) {
    for string in batch.newStrings {
      let id = string.withUnsafeBufferPointer { strings.intern($0) }
      if Int(id.rawValue) != remaps[worker].count { identity[worker] = false }
      remaps[worker].append(id)
    }
    let remap = remaps[worker]
    let isIdentity = identity[worker]
    // The batch's arrays once, into locals: each access to a class's property is checked
    // for exclusivity at run time.
    let entries = batch.lines
    let lastLineUnterminated = batch.lastLineUnterminated
    // Events are handed to the builder where they lie: an array's subscript would copy
    // each one (120 bytes) first.
    try batch.events.withUnsafeBufferPointer { (events) throws(TraceInputError) in
      for offset in entries.indices {
        let entry = entries[offset]
        lines += 1
        if entry >= 0 {
          if isIdentity, events[Int(entry)].kind != .meta {
            reading.events += 1
            handle(events[Int(entry)], lines, strings)
            continue
          }
          var event = events[Int(entry)]
          if !isIdentity { event.remapStrings(remap) }
          if event.kind == .meta { try TraceReader.checkMeta(event, file: name, line: lines, strings: strings) }
          reading.events += 1
          handle(event, lines, strings)
          continue
        }
        if entry == -1 { continue }
        let error = batch.errors[Int(-2 - entry)]
        let failure = TraceInputError(file: name, line: lines, column: error.offset + 1, message: error.expected)
        if lastLineUnterminated, offset == entries.count - 1 {
          reading.partialLastLine = failure
          continue
        }
        try reading.skip(failure, lenient: lenient, naming: namedSkippedLines)
      }
    }
    if let failure = batch.failure {
      throw TraceInputError(file: name, line: lines + 1, column: 1, message: failure)
    }
  }

  mutating func finish() -> ReadStatistics {
    reading.bytes = bytes
    return reading
  }
}
