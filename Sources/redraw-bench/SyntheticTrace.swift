import Foundation

/// Writes a deterministic synthetic trace of about a given size.
///
/// The same seed and size always give the same bytes. The app it pretends to record has
/// a tree of views over a set of models; each frame writes a few properties (some from
/// background threads), re-evaluates the views that observe the written models (with
/// object-level tracking, so some evaluations are over-broad), and now and then re-runs
/// an initializer with effects, releases an object or marks a user action. Events are
/// about 80–120 bytes each.
struct SyntheticTrace {
  var seed: UInt64 = 42
  var views = 400
  var models = 120
  var propertiesPerModel = 12
  var threads = 4

  /// Writes about `bytes` bytes of trace to `path`; returns the events written.
  func write(bytes target: Int64, to path: String) throws -> Int {
    guard let handle = FileHandle(forWritingAtPath: path) ?? create(path) else {
      throw CocoaError(.fileWriteNoPermission)
    }
    defer { try? handle.close() }
    try handle.truncate(atOffset: 0)
    var random = SplitMix64(seed: seed)
    var out = ""
    out.reserveCapacity(1 << 20)
    var written: Int64 = 0
    var events = 0
    var time: Int64 = 0
    var span = 0
    var nextObject = models + 1
    let viewNames = (0..<views).map { "View\($0 % 97)_\($0)" }
    let typeNames = (0..<models).map { "Model\($0 % 31)" }
    let propertyNames = (0..<propertiesPerModel).map { "property\($0)" }
    // Each view observes one model and reads a few of its properties.
    let observed = (0..<views).map { _ in Int(random.next() % UInt64(models)) }
    let readCounts = (0..<views).map { _ in 1 + Int(random.next() % 4) }

    func emit(_ line: String) {
      out += line
      out += "\n"
      events += 1
    }
    func flush() throws {
      let data = Data(out.utf8)
      try handle.write(contentsOf: data)
      written += Int64(data.count)
      out.removeAll(keepingCapacity: true)
    }

    emit(#"{"e":"meta","format":"redraw-trace","version":1,"app":"Synthetic","scenario":"synthetic seed \#(seed)"}"#)
    var frame = 0
    while written + Int64(out.utf8.count) < target {
      frame += 1
      time += 16_000_000
      emit(#"{"e":"mark","t":\#(time),"tid":1,"name":"frame \#(frame)"}"#)
      // Writes, a quarter of them from background threads.
      var dirty: Set<Int> = []
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let model = Int(random.next() % UInt64(models))
        let property = propertyNames[Int(random.next() % UInt64(propertiesPerModel))]
        let tid = random.next() % 4 == 0 ? 2 + Int(random.next() % UInt64(threads - 1)) : 1
        time += 1_000
        emit(
          #"{"e":"write","t":\#(time),"tid":\#(tid),"obj":\#(model + 1),"type":"\#(typeNames[model])","prop":"\#(property)","site":"\#(typeNames[model]).swift:\#(20 + model % 50)"}"#
        )
        dirty.insert(model)
      }
      // Re-evaluate the views observing a written model.
      for view in 0..<views where dirty.contains(observed[view]) {
        span += 1
        let id = span
        time += 2_000
        let parent = view == 0 ? "" : #","parent":\#((view - 1) / 4)"#
        emit(#"{"e":"body","t":\#(time),"tid":1,"id":\#(id),"view":"\#(viewNames[view])","node":\#(view)\#(parent)}"#)
        let model = observed[view]
        for index in 0..<readCounts[view] {
          time += 300
          emit(
            #"{"e":"read","t":\#(time),"tid":1,"obj":\#(model + 1),"type":"\#(typeNames[model])","prop":"\#(propertyNames[(view + index) % propertiesPerModel])"}"#
          )
        }
        if random.next() % 10 == 0 {
          span += 1
          let initID = span
          nextObject += 1
          time += 500
          emit(
            #"{"e":"init","t":\#(time),"tid":1,"id":\#(initID),"type":"RowModel","site":"\#(viewNames[view]).swift:12","owner":\#(view)}"#
          )
          time += 400
          emit(#"{"e":"effect","t":\#(time),"tid":1,"kind":"network","detail":"GET /rows/\#(view)"}"#)
          time += 800
          emit(#"{"e":"end","t":\#(time),"tid":1,"id":\#(initID),"obj":\#(nextObject)}"#)
          if random.next() % 2 == 0 {
            time += 100
            emit(#"{"e":"deinit","t":\#(time),"tid":1,"obj":\#(nextObject),"type":"RowModel"}"#)
          }
        }
        time += 1_500
        emit(#"{"e":"end","t":\#(time),"tid":1,"id":\#(id)}"#)
      }
      if out.utf8.count >= 1 << 20 { try flush() }
    }
    try flush()
    return events
  }

  private func create(_ path: String) -> FileHandle? {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
  }
}

/// A small, fast, seeded generator (SplitMix64), so every run writes the same bytes.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
