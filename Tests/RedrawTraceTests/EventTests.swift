import Dispatch
@_spi(Testing) import RedrawTrace
import Testing

/// A class with no trace identity: recorded through the explicit API.
private final class PlainModel {}

/// A model whose initializer has side effects, as in the repeated-initializer problem.
private final class EffectfulFeedModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var posts: [String] = []

  init() {
    Trace.effect(.network, "GET /feed")
    Trace.effect(.observer, "didBecomeActive")
  }
}

extension RecorderTests {
  @Suite("Each event kind is written as the format specifies")
  struct EventTests {
    @Test func metaStartsTheSession() throws {
      let lines = try record(scenario: "type in search", app: "Demo") {}
      let meta = try #require(lines.first)
      #expect(lines.count == 1)
      #expect(meta.e == "meta")
      #expect(meta.format == "redraw-trace")
      #expect(meta.version == 1)
      #expect(meta.scenario == "type in search")
      #expect(meta.app == "Demo")
      #expect(meta.startedAt?.hasSuffix("Z") == true)
      #expect(meta.t == nil && meta.tid == nil)
    }

    @Test func everyEventButMetaHasTimeAndThread() throws {
      let model = SearchModel()
      let lines = try record {
        Trace.body("ProfileView", node: 1) { _ = model.query }
        Trace.mark("keystroke")
        Trace.effect(.log, "hello")
      }
      for line in lines.dropFirst() {
        #expect(line.t != nil && line.tid != nil, "\(line.e) has t and tid")
      }
      let times = lines.dropFirst().compactMap(\.t)
      #expect(times == times.sorted())
    }

    @Test func bodyClosureOpensAndClosesASpan() throws {
      let model = SearchModel()
      let lines = try record {
        Trace.body("BadgeView", node: 7, parent: 3, cause: .initial) { _ = model.unreadCount }
      }
      #expect(lines.map(\.e) == ["meta", "body", "read", "end"])
      let body = lines[1]
      #expect(body.view == "BadgeView")
      #expect(body.node == 7)
      #expect(body.parent == 3)
      #expect(body.cause == "initial")
      #expect(body.id == lines[3].id)
    }

    @Test func bodyCauseWriteNamesTheWrite() throws {
      let lines = try record {
        let span = Trace.beginBody(
          "BadgeView", node: 7, cause: .write(object: 12, type: "SearchModel", property: "query"))
        Trace.end(span)
      }
      let body = lines[1]
      #expect(body.cause == "write")
      #expect(body.obj == 12)
      #expect(body.type == "SearchModel")
      #expect(body.prop == "query")
    }

    @Test(arguments: [BodyCause.initial, .parent, .state, .unknown])
    func bodyCausesHaveTheirFormatNames(cause: BodyCause) throws {
      let lines = try record { Trace.end(Trace.beginBody("V", node: 1, cause: cause)) }
      let expected: [BodyCause: String] = [
        .initial: "initial", .parent: "parent", .state: "state", .unknown: "unknown",
      ]
      #expect(lines[1].cause == expected[cause])
    }

    @Test func markersEndAtTheNextMarkerOnTheThread() throws {
      let lines = try record {
        Trace.bodyMarker(SearchModel.self, node: 1)
        Trace.bodyMarker(PlainModel.self, node: 2, parent: 1)
        Trace.endBodyMarker()
        Trace.bodyMarker(SearchModel.self)
      }
      #expect(lines.map(\.e) == ["meta", "body", "end", "body", "end", "body", "end"])
      #expect(lines[1].view == "SearchModel")
      #expect(lines[2].id == lines[1].id)
      #expect(lines[3].view == "PlainModel")
      #expect(lines[3].parent == 1)
      #expect(lines[4].id == lines[3].id)
      // The last marker is closed by stop, and without a node one node per type is used.
      #expect(lines[6].id == lines[5].id)
      #expect(lines[5].node != nil)
    }

    @Test func makeRecordsAnInitSpanWithEffectsSiteOwnerAndObject() throws {
      var model: EffectfulFeedModel?
      let lines = try record {
        model = Trace.withOwner(42) { Trace.make(EffectfulFeedModel()) }
      }
      let made = try #require(model)
      #expect(lines.map(\.e) == ["meta", "init", "effect", "effect", "end"])
      let initLine = lines[1]
      #expect(initLine.type == "EffectfulFeedModel")
      #expect(initLine.owner == 42)
      #expect(initLine.site?.hasPrefix(#filePath + ":") == true)
      #expect(lines[2].kind == "network")
      #expect(lines[2].detail == "GET /feed")
      #expect(lines[2].site?.hasPrefix(#filePath + ":") == true)
      #expect(lines[3].kind == "observer")
      #expect(lines[4].id == initLine.id)
      #expect(lines[4].obj == made.traceIdentity.objectID)
    }

    @Test func makeOfAValueRecordsNoObject() throws {
      let lines = try record { _ = Trace.make([1, 2, 3], owner: 5) }
      #expect(lines[1].type == "Array<Int>")
      #expect(lines[1].owner == 5)
      #expect(lines[2].e == "end")
      #expect(lines[2].obj == nil)
    }

    @Test func explicitReadsAndWritesWorkWithAnyClass() throws {
      let plain = PlainModel()
      let lines = try record {
        Trace.read(plain, type: "PlainModel", property: "title")
        Trace.write(plain, type: "PlainModel", property: "title")
      }
      #expect(lines[1].e == "read")
      #expect(lines[1].obj == Trace.objectID(of: plain))
      #expect(lines[1].site == nil)
      #expect(lines[2].e == "write")
      #expect(lines[2].prop == "title")
      #expect(lines[2].site?.hasPrefix(#filePath + ":") == true)
    }

    @Test(arguments: EffectKind.allCases)
    func everyEffectKindIsWrittenByName(kind: EffectKind) throws {
      let lines = try record { Trace.effect(kind) }
      #expect(lines[1].e == "effect")
      #expect(lines[1].kind == kind.name)
      #expect(lines[1].detail == nil)
    }

    @Test func marksCarryTheirName() throws {
      let lines = try record { Trace.mark("tap: Save") }
      #expect(lines[1].e == "mark")
      #expect(lines[1].name == "tap: Save")
    }

    @Test func nothingIsRecordedWhileOff() {
      Trace.exclusively {
        #expect(!Trace.isRecording)
        Trace.read(PlainModel(), type: "PlainModel", property: "x")
        Trace.mark("ignored")
        #expect(Trace.beginBody("V", node: 1) == .none)
      }
    }

    @Test func aScopedRecordingKeepsOnlyItsThreads() throws {
      let outside = DispatchQueue(label: "outside")
      let lines = try record { (scope: TraceScope) in
        Trace.mark("inside")
        let group = DispatchGroup()
        outside.async(group: group) { Trace.mark("another thread") }
        group.wait()
        outside.async(group: group) { scope.join { Trace.mark("joined") } }
        group.wait()
      }
      #expect(lines.compactMap(\.name) == ["inside", "joined"])
    }

    @Test func reproducibleRecordingsAreTheSameBytesEveryTime() {
      func run() -> [UInt8] {
        Trace.record(scenario: "same", reproducible: true) { _ in
          let model = SearchModel()
          Trace.body("V", node: 1) { _ = model.query }
          model.unreadCount = 3
        }.bytes
      }
      let first = run()
      #expect(first == run())
      let text = String(decoding: first, as: UTF8.self)
      #expect(!text.contains("startedAt"))
      #expect(text.contains(#""obj":1,"type":"SearchModel""#))
      // The initializer's own write comes first, at the first tick of the logical clock.
      #expect(text.contains(#"{"e":"write","t":1000,"tid":1,"obj":1"#))
      #expect(text.contains(#"{"e":"body","t":2000,"tid":1,"id":1"#))
    }

    @Test func startSessionWritesANewMetaAndRestartsSpanIDs() throws {
      let lines = try record(scenario: "first") {
        Trace.end(Trace.beginBody("V", node: 1))
        Trace.startSession(scenario: "second")
        Trace.end(Trace.beginBody("V", node: 1))
      }
      #expect(lines.map(\.e) == ["meta", "body", "end", "meta", "body", "end"])
      #expect(lines[3].scenario == "second")
      #expect(lines[1].id == 1)
      #expect(lines[4].id == 1)
    }

    /// The events after `startSession` were made before the writer reads its record: they
    /// belong to the new session, from its start, in the destination's session as in a
    /// scoped one.
    @Test func theEventsAfterStartSessionAreTheNewSessionsInTheDestination() throws {
      let memory = MemoryTraceSink()
      let lines = try Trace.exclusively {
        try Trace.start(.memory(memory), scenario: "first", flushInterval: nil)
        Trace.end(Trace.beginBody("V", node: 1))
        Trace.startSession(scenario: "second")
        Trace.end(Trace.beginBody("V", node: 1))
        Trace.mark("last")
        Trace.stop()
        return try decodeLines(memory.bytes)
      }
      #expect(lines.map(\.e) == ["meta", "body", "end", "meta", "body", "end", "mark"])
      #expect(lines[3].scenario == "second")
      let times = lines[4...].compactMap(\.t)
      #expect(times.count == 3 && times == times.sorted() && times[0] >= 0 && times[2] < 1_000_000_000)
    }
  }
}
