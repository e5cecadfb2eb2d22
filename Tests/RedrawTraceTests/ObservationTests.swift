import Observation
import RedrawPlatform
import RedrawTrace
import Testing

extension RecorderTests {
  @Suite("@Tracked models are Observable and record their accesses")
  struct ObservationTests {
    @Test func readingRegistersAndWritingFiresOnChange() {
      let model = SearchModel()
      let changes = Locked(0)
      let value = withObservationTracking {
        model.unreadCount
      } onChange: {
        changes.withLock { $0 += 1 }
      }
      #expect(value == 0)
      #expect(changes.value == 0)
      model.unreadCount = 3
      #expect(changes.value == 1)
      #expect(model.unreadCount == 3)
    }

    @Test func writingAnotherPropertyDoesNotFire() {
      let model = SearchModel()
      let changes = Locked(0)
      _ = withObservationTracking {
        model.unreadCount
      } onChange: {
        changes.withLock { $0 += 1 }
      }
      model.query = "swift"
      model.untracked = 9
      #expect(changes.value == 0)
      model.unreadCount = 1
      #expect(changes.value == 1)
    }

    @Test func accessesRecordNamesAndTheObjectID() throws {
      let model = SearchModel()
      let other = SearchModel()
      let lines = try record {
        _ = model.query
        model.unreadCount = 2
        _ = other.unreadCount
      }
      let accesses = lines.filter { $0.e == "read" || $0.e == "write" }
      #expect(accesses.map(\.e) == ["read", "write", "read"])
      #expect(accesses.map(\.prop) == ["query", "unreadCount", "unreadCount"])
      #expect(accesses.allSatisfy { $0.type == "SearchModel" })
      #expect(accesses[0].obj == model.traceIdentity.objectID)
      #expect(accesses[1].obj == model.traceIdentity.objectID)
      #expect(accesses[2].obj == other.traceIdentity.objectID)
      #expect(model.traceIdentity.objectID != other.traceIdentity.objectID)
    }

    @Test func observationStillWorksWhileRecording() throws {
      let model = SearchModel()
      let changes = Locked(0)
      let lines = try record {
        _ = withObservationTracking {
          model.query
        } onChange: {
          changes.withLock { $0 += 1 }
        }
        model.query = "a"
      }
      #expect(changes.value == 1)
      #expect(lines.map(\.e) == ["meta", "read", "write"])
    }

    @Test func releasingARecordedModelRecordsDeinit() throws {
      var objectID: UInt64 = 0
      let lines = try record {
        var model: SearchModel? = SearchModel()
        _ = model?.unreadCount
        objectID = model?.traceIdentity.objectID ?? 0
        model = nil
      }
      let deinitLine = try #require(lines.last)
      #expect(deinitLine.e == "deinit")
      #expect(deinitLine.obj == objectID)
      #expect(deinitLine.type == "SearchModel")
    }
  }
}
