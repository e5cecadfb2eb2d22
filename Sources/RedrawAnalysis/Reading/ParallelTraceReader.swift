import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one trace with parser threads beside the calling thread: the file is cut into
/// chunks at line ends, worker `k % workers` parses chunk `k` with its own string table,
/// and the calling thread merges the parsed batches in order into one ``SessionBuilder``.
/// With one worker, its string ids are the reader's, and the merge only builds.
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
  var namedSkippedLines = TraceReader.keptSkippedLines

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
    let done = DispatchSemaphore(value: 0)

    init(index: Int) { self.index = index }
  }

  /// A parser thread and its queue of chunks.
  final class Worker: @unchecked Sendable {
    private let queue = Mutex<[(Int, [UInt8], Bool, Batch)]>([])
    private let available = DispatchSemaphore(value: 0)
    private var parser = LineParser(keepsMarkNames: false)
    private var exported = 0

    func submit(_ index: Int, _ bytes: [UInt8], isLast: Bool, into batch: Batch) {
      queue.withLock { $0.append((index, bytes, isLast, batch)) }
      available.signal()
    }

    func stop() {
      queue.withLock { $0.append((-1, [], false, Batch(index: -1))) }
      available.signal()
    }

    func run() {
      while true {
        available.wait()
        let (index, bytes, isLast, batch) = queue.withLock { $0.removeFirst() }
        if index < 0 { return }
        parse(bytes, isLast: isLast, into: batch)
        batch.done.signal()
      }
    }

    /// Parses `bytes` into `batch`.
    ///
    /// The parser and the batch's arrays are moved into locals while it works: they live
    /// in classes, whose every access Swift would otherwise check for exclusivity at run time.
    private func parse(_ bytes: [UInt8], isLast: Bool, into batch: Batch) {
      var parser = LineParser(keepsMarkNames: false)
      swap(&parser, &self.parser)
      defer { swap(&parser, &self.parser) }
      var lines: [Int32] = []
      var events: [TraceEvent] = []
      var errors: [LineParser.Failure] = []
      var lastLineUnterminated = false
      events.reserveCapacity(bytes.count / 64)
      lines.reserveCapacity(bytes.count / 64)
      defer {
        batch.lines = lines
        batch.events = events
        batch.errors = errors
        batch.lastLineUnterminated = lastLineUnterminated
      }
      var event = TraceEvent()
      bytes.withUnsafeBufferPointer { all in
        guard let base = all.baseAddress else { return }
        let limit = base + all.count
        var start = 0
        while start < all.count {
          // Compact lines are parsed in place, the parser finding their ends.
          event = TraceEvent()
          if let close = FastLineParser.parse(
            base + start, limit: limit, into: &event, strings: &parser.strings, keepsMarkNames: false),
            close < limit, close.pointee == 0x0A
          {
            lines.append(Int32(events.count))
            events.append(event)
            start = base.distance(to: close) + 1
            continue
          }
          let remaining = all.count - start
          let found = memchr(base + start, 0x0A, remaining)
          let end = found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? all.count
          let terminated = end < all.count
          var lineEnd = end
          if lineEnd > start, all[lineEnd - 1] == 0x0D { lineEnd -= 1 }
          let line = UnsafeBufferPointer(rebasing: all[start..<lineEnd])
          if TraceReader.isBlank(line) {
            lines.append(-1)
          } else {
            do throws(LineParser.Failure) {
              try parser.parse(line, into: &event)
              lines.append(Int32(events.count))
              events.append(event)
            } catch {
              lines.append(Int32(-2 - errors.count))
              errors.append(error)
            }
          }
          if !terminated, isLast { lastLineUnterminated = true }
          start = end + 1
        }
      }
      let count = parser.strings.count
      for id in exported..<count { batch.newStrings.append(parser.strings.bytes(of: StringID(rawValue: Int32(id)))) }
      exported = count
    }
  }

  /// Reads `path` and returns what reading it produced, like ``TraceReader/read(path:name:)``.
  func read(path: String, name: String, strings: inout StringTable) throws(TraceInputError) -> FileReading {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw TraceInputError(
        file: name, line: 0, column: 0, message: "cannot open the trace: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let pool = (0..<workers).map { _ in Worker() }
    for worker in pool { Thread.detachNewThread { worker.run() } }
    defer { for worker in pool { worker.stop() } }

    var merger = Merger(name: name, lenient: lenient, workers: workers)
    merger.namedSkippedLines = namedSkippedLines
    var pending: [(Int, Batch)] = []
    var carry: [UInt8] = []
    var index = 0
    var reachedEnd = false
    while !reachedEnd {
      // Read straight into the chunk's own array, after the partial line carried over.
      var count = 0
      var bytes = [UInt8](unsafeUninitializedCapacity: carry.count + Self.chunkSize) { buffer, initialized in
        _ = buffer.initialize(from: carry)
        count = Self.readBytes(descriptor, buffer.baseAddress! + carry.count, Self.chunkSize)
        initialized = carry.count + max(count, 0)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw TraceInputError(
          file: name, line: merger.lines + 1, column: 1,
          message: "cannot read the trace: \(String(cString: strerror(errno)))")
      }
      merger.bytes += Int64(count)
      reachedEnd = count == 0
      if !reachedEnd {
        guard let lastNewline = bytes.lastIndex(of: 0x0A) else {
          guard bytes.count < LineReader.maximumLineLength else {
            throw TraceInputError(
              file: name, line: merger.lines + 1, column: 1,
              message: "expected a line end within \(LineReader.maximumLineLength >> 20) MiB")
          }
          carry = bytes
          continue
        }
        carry = Array(bytes[(lastNewline + 1)...])
        bytes.removeSubrange((lastNewline + 1)...)
      } else {
        carry = []
        if bytes.isEmpty { break }
      }
      let batch = Batch(index: index)
      pool[index % workers].submit(index, bytes, isLast: reachedEnd, into: batch)
      pending.append((index % workers, batch))
      index += 1
      while pending.count >= workers * Self.batchesInFlight {
        let (worker, oldest) = pending.removeFirst()
        oldest.done.wait()
        try merger.merge(oldest, from: worker, strings: &strings)
      }
    }
    for (worker, batch) in pending {
      batch.done.wait()
      try merger.merge(batch, from: worker, strings: &strings)
    }
    return merger.finish(strings: strings)
  }

  private static func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc) || canImport(Musl)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }
}

/// Feeds parsed batches, in order, into one session builder.
private struct Merger {
  let name: String
  let lenient: Bool
  var namedSkippedLines = TraceReader.keptSkippedLines
  var builder: SessionBuilder
  var reading: FileReading
  /// Per worker: global ids of the worker's string ids.
  var remaps: [[StringID]]
  /// Per worker: whether its ids are the global ids (always so with one worker).
  var identity: [Bool]
  var lines = 0
  var bytes: Int64 = 0
  var partial: (line: Int, error: LineParser.Failure)?

  init(name: String, lenient: Bool, workers: Int) {
    self.name = name
    self.lenient = lenient
    builder = SessionBuilder(source: name)
    reading = FileReading(file: name)
    remaps = Array(repeating: [], count: workers)
    identity = Array(repeating: true, count: workers)
  }

  mutating func merge(_ batch: ParallelTraceReader.Batch, from worker: Int, strings: inout StringTable)
    throws(TraceInputError)
  {
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
    let events = batch.events
    let lastLineUnterminated = batch.lastLineUnterminated
    for offset in entries.indices {
      let entry = entries[offset]
      lines += 1
      if entry >= 0 {
        if isIdentity, events[Int(entry)].kind != .meta {
          reading.events += 1
          builder.add(events[Int(entry)], line: lines, strings: strings)
          continue
        }
        var event = events[Int(entry)]
        if !isIdentity { event.remapStrings(remap) }
        if event.kind == .meta { try TraceReader.checkMeta(event, file: name, line: lines, strings: strings) }
        reading.events += 1
        builder.add(event, line: lines, strings: strings)
        continue
      }
      if entry == -1 { continue }
      let error = batch.errors[Int(-2 - entry)]
      let failure = TraceInputError(file: name, line: lines, column: error.offset + 1, message: error.expected)
      if lastLineUnterminated, offset == entries.count - 1 {
        partial = (lines, error)
        reading.partialLastLine = failure
        continue
      }
      guard lenient else { throw TraceReader.explained(failure, eventsSoFar: reading.events) }
      reading.skippedLines += 1
      if reading.skipped.count < namedSkippedLines { reading.skipped.append(failure) }
    }
  }

  mutating func finish(strings: StringTable) -> FileReading {
    builder.finish(strings: strings, partialLastLine: partial != nil, lastLine: partial?.line ?? lines)
    reading.sessions = builder.sessions
    reading.bytes = bytes
    return reading
  }
}

extension TraceEvent {
  /// Replaces every string id by `remap[id]`.
  @inline(__always)
  mutating func remapStrings(_ remap: [StringID]) {
    func map(_ id: StringID?) -> StringID? { id.map { remap[Int($0.rawValue)] } }
    view = map(view)
    type = map(type)
    property = map(property)
    site = map(site)
    detail = map(detail)
    name = map(name)
    unknownKind = map(unknownKind)
    format = map(format)
    scenario = map(scenario)
    app = map(app)
  }
}
