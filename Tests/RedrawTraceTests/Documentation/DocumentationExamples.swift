// The code of docs/getting-started.md and docs/instrumenting-swiftui.md, compiled.
// PageCoverageTests (Tests/DocumentationTests) checks that every Swift block of those pages
// appears here verbatim (its imports at the top of this file).

import Foundation
import Observation
@_spi(Testing) import RedrawTrace
import Testing

#if canImport(SwiftUI)
  import SwiftUI
#endif

// MARK: - A model library

@Observable final class InboxModel: TrackedModel {
  var query = ""
  var unreadCount = 0
  var messages: [String] = []

  // Redraw: record every read and write of the properties above, by name.
  let tracking = ModelTracking()
  private nonisolated var _$observationRegistrar: ModelTracking { tracking }
  @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<InboxModel, M>) {}
  nonisolated func access<M>(keyPath: KeyPath<InboxModel, M>, _ name: StaticString = #function) {
    tracking.access(self, keyPath: keyPath, name: name)
  }
}

final class ComposerModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var draft = ""
  @Tracked var isSending = false
}

// MARK: - Recorded by hand

final class Basket: TraceIdentifiable {
  let traceIdentity = TraceIdentity()
  var items: [String] = []

  func add(_ item: String) {
    items.append(item)
    Trace.write(self, \.items)  // a write of "items", at this line
  }

  var count: Int {
    Trace.read(self, \.items)
    return items.count
  }
}

@Test func theKeyPathNamesTheProperty() {
  let basket = Basket()
  let recording = Trace.record(scenario: "add to basket") { _ in
    basket.add("tea")
    _ = basket.count
  }
  let accesses = recording.lines.filter { $0.contains(#""prop":"items""#) }
  #expect(accesses.count == 2)  // the write, then the read
}

// MARK: - A client with effects

struct FeedClient {
  func load() -> [String] {
    Trace.effect(.network, "GET /feed")
    return ["Hello"]
  }
}

final class FeedModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var posts: [String] = []
  let client: FeedClient

  init(client: FeedClient) {
    self.client = client  // only assign: the work starts in .task
  }

  func load() {
    posts = client.load()
  }
}

// MARK: - Views

struct InboxBadge: View {
  let model: InboxModel

  var body: some View {
    let _ = Trace.bodyMarker(Self.self)
    Text("\(model.unreadCount)")
  }
}

struct FeedScreen: View {
  @State private var model = Trace.make(FeedModel(client: FeedClient()))

  var body: some View {
    let _ = Trace.bodyMarker(Self.self)
    VStack {
      Text("\(model.posts.count) posts")
    }
    .task { model.load() }
  }
}

struct UnreadCount: View {
  let model: InboxModel

  var body: some View {
    Trace.body(Self.self) {
      Text("\(model.unreadCount) unread")
    }
  }
}

struct InboxOwner: View {
  let model: InboxModel

  var body: some View {
    let _ = Trace.bodyMarker(Self.self)
    let _ = Trace.subscription(model, type: "InboxModel", via: .observedObject)
    InboxBadge(model: model)
  }
}

struct SearchBar: View {
  @Bindable var model: InboxModel

  var body: some View {
    let _ = Trace.bodyMarker(Self.self)
    let _ = Trace.binding(to: model, \.query)
    TextField("Search", text: $model.query)
  }
}

struct MessageRow: View {
  let id: Int
  let text: String

  var body: some View {
    let _ = Trace.bodyMarker(Self.self, node: id)
    Text(text)
      .onDisappear { Trace.unmount(Self.self, node: id) }
  }
}

/// What the binding and the unmount of the pages' views record.
@Test func aBindingNamesItsPropertyAndAViewThatLeavesItsNode() throws {
  let model = InboxModel()
  let lines = try record {
    Trace.body("SearchBar", node: 1) { Trace.binding(to: model, \.query) }
    Trace.unmount(MessageRow.self, node: 4)
  }
  #expect(lines.contains { $0.e == "bind" && $0.prop == "query" && $0.type == "InboxModel" })
  #expect(lines.contains { $0.e == "unmount" && $0.view == "MessageRow" && $0.node == 4 })
}

struct MarkAllRead: View {
  let model: InboxModel

  var body: some View {
    Button("Mark all read") {
      Trace.action("Mark all read tapped") { model.unreadCount = 0 }
    }
  }
}

// MARK: - Recording in a test

/// Counts the lines a recording writes: a destination of your own.
final class LineCounter: TraceSink, @unchecked Sendable {
  private let lock = NSLock()
  private var lines = 0
  private var isClosed = false

  var count: Int { lock.withLock { lines } }
  var closed: Bool { lock.withLock { isClosed } }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceWriteError) {
    let newLines = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    lock.withLock { lines += newLines }
  }

  func close() { lock.withLock { isClosed = true } }
}

@Test func aDestinationOfYourOwn() throws {
  let counter = LineCounter()
  try Trace.exclusively {
    try Trace.start(.sink(counter), scenario: "lines counted")
    Trace.mark("hello")
    Trace.stop()
  }
  #expect(counter.count >= 2)  // the meta line and the mark, at least
  #expect(counter.closed)
}

// A test outside any suite, as docs/getting-started.md shows it.
@Test func aWorkerThreadJoinsTheRecording() {
  let recording = Trace.record(scenario: "search on a worker thread") { scope in
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      scope.join { Trace.effect(.network, "GET /search?q=swift") }
      done.signal()
    }
    done.wait()
  }
  #expect(recording.lines.contains { $0.contains("GET /search?q=swift") })
}

@Suite struct InboxRecordingExample {
  @Test func typingDoesNotTouchTheBadge() throws {
    let model = InboxModel()
    let recording = Trace.record(scenario: "type in search") { _ in
      Trace.body("InboxBadge", node: 1) { _ = model.unreadCount }
      model.query = "swift"
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("inbox.jsonl")
    try Data(recording.bytes).write(to: path)
    // Then: redraw analyze "${TMPDIR:-/tmp}/inbox.jsonl"
    #expect(recording.lines.count == 5)
  }
}
