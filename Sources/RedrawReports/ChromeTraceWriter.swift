import RedrawReading
import RedrawRules

/// Converts trace events to the Chrome trace event format (the JSON object form with
/// `traceEvents`), which Perfetto's UI and chrome://tracing open.
///
/// Body and init spans become `B`/`E` pairs per thread, writes, marks and effects instant
/// events (`i`), and `M` metadata names each session (a process) and thread. Spans are
/// kept properly nested per thread: an `end` that closes an outer span closes the inner
/// ones first, an `end` for a span that is not open is dropped, and spans still open at
/// the end are closed there. Events outside the `window` (nanoseconds since the session
/// started) are left out, with spans clipped to it.
///
/// Feed events in file order with ``add(_:strings:)``, take bytes with ``drain()`` as you
/// go, and call ``finish()`` last.
package struct ChromeTraceWriter {
  private var output: [UInt8] = []
  private var first = true
  private var session = 0
  private var lastTime: Int64 = 0
  /// Open spans per thread of the current session: (span id, emitted).
  private var open: [Int64: [(id: Int64, emitted: Bool)]] = [:]
  private var namedThreads: Set<Int64> = []
  private let window: ClosedRange<Int64>
  /// Events written.
  package private(set) var events = 0

  package init(window: ClosedRange<Int64> = Int64.min...Int64.max) {
    self.window = window
    output.append(contentsOf: #"{"displayTimeUnit":"ns","traceEvents":["#.utf8)
  }

  /// Takes the bytes written so far.
  package mutating func drain() -> [UInt8] {
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  /// The number of bytes waiting to be drained.
  package var pendingBytes: Int { output.count }

  // MARK: - Events

  package mutating func add(_ event: TraceEvent, strings: StringTable) {
    if event.kind == .meta {
      closeAll()
      session += 1
      let name = event.scenario.map { strings[$0] } ?? "session \(session)"
      emit(#"{"name":"process_name","ph":"M","pid":\#(session),"args":{"name":\#(quoted(name))}}"#)
      return
    }
    if session == 0 { session = 1 }
    guard event.kind != .unknown, event.kind != .lost else { return }
    lastTime = max(lastTime, event.time)
    nameThread(event.thread)
    let inWindow = window.contains(event.time)
    switch event.kind {
    case .body, .`init`, .action:
      let name: String? =
        switch event.kind {
        case .body: event.view.map { strings[$0] }
        case .action: event.name.map { strings[$0] }
        default: event.type.map { strings[$0] }
        }
      let category = event.kind == .body ? "body" : event.kind == .action ? "action" : "init"
      open[event.thread, default: []].append((event.span, inWindow))
      guard inWindow else { return }
      var args = event.kind == .body ? #""node":\#(event.node)"# : ""
      if let cause = event.cause { args += #","cause":"\#(cause.name)""# }
      if let site = event.site { args += (args.isEmpty ? "" : ",") + #""site":\#(quoted(strings[site]))"# }
      emit(
        #"{"name":\#(quoted(name ?? "?")),"cat":"\#(category)","ph":"B","ts":\#(micro(event.time)),"pid":\#(session),"tid":\#(event.thread),"args":{\#(args)}}"#
      )
    case .end:
      guard var stack = open[event.thread], let position = stack.lastIndex(where: { $0.id == event.span }) else {
        return
      }
      for span in stack[position...].reversed() where span.emitted {
        emit(
          #"{"ph":"E","ts":\#(micro(min(max(event.time, window.lowerBound), window.upperBound))),"pid":\#(session),"tid":\#(event.thread)}"#
        )
      }
      stack.removeSubrange(position...)
      open[event.thread] = stack
    case .write, .read:
      guard inWindow, event.kind == .write else { return }
      let name = "write \(event.type.map { strings[$0] } ?? "?").\(event.property.map { strings[$0] } ?? "?")"
      instant(name, category: "write", event)
    case .effect:
      guard inWindow else { return }
      let detail = event.detail.map { " " + strings[$0] } ?? ""
      instant("\(event.effect?.name ?? "effect")\(detail)", category: "effect", event)
    case .mark:
      guard inWindow else { return }
      instant(event.name.map { strings[$0] } ?? "mark", category: "mark", event)
    default:
      // Not on the timeline: `deinit`, `observe`, `struct`, `unmount`, `bind` and any new kind,
      // until it says what it becomes there.
      break
    }
  }

  /// Closes what is open and ends the document.
  package mutating func finish() {
    closeAll()
    output.append(contentsOf: "]}\n".utf8)
  }

  // MARK: - Writing

  private mutating func instant(_ name: String, category: String, _ event: TraceEvent) {
    emit(
      #"{"name":\#(quoted(name)),"cat":"\#(category)","ph":"i","s":"t","ts":\#(micro(event.time)),"pid":\#(session),"tid":\#(event.thread)}"#
    )
  }

  private mutating func nameThread(_ thread: Int64) {
    let key = Int64(session) << 40 ^ thread
    guard namedThreads.insert(key).inserted else { return }
    emit(#"{"name":"thread_name","ph":"M","pid":\#(session),"tid":\#(thread),"args":{"name":"thread \#(thread)"}}"#)
  }

  private mutating func closeAll() {
    let end = min(lastTime, window.upperBound)
    for (thread, stack) in open.sorted(by: { $0.key < $1.key }) {
      for span in stack.reversed() where span.emitted {
        emit(#"{"ph":"E","ts":\#(micro(end)),"pid":\#(session),"tid":\#(thread)}"#)
      }
    }
    open = [:]
  }

  private mutating func emit(_ json: String) {
    if !first { output.append(UInt8(ascii: ",")) }
    output.append(UInt8(ascii: "\n"))
    first = false
    output.append(contentsOf: json.utf8)
    events += 1
  }

  private func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Nanoseconds as microseconds with three decimals: `12.345`.
  private func micro(_ nanoseconds: Int64) -> String {
    let sign = nanoseconds < 0 ? "-" : ""
    let magnitude = nanoseconds.magnitude
    let fraction = String(magnitude % 1000)
    return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
