import RedrawPlatform
import RedrawTrace
import Testing

private final class Note: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var title = ""
  @Tracked var count = 0
}

/// What RedrawHarness collects while a body runs, and what its write handlers see, named on
/// the first access to each property (resolved) and on every later one (from the caches).
@Suite("Collected reads and writes name their properties, first time and after")
struct ModelObservationTests {
  static let passes = 3

  @Test func aTrackedModel() {
    let note = Note()
    for pass in 0..<Self.passes {
      let (_, reads, writes) = ModelObservation.collectAccesses {
        _ = note.title
        note.count = pass
        _ = note.count
      }
      #expect(reads.map { "\($0.type).\($0.property)" } == ["Note.title", "Note.count"], "pass \(pass)")
      #expect(writes.map { "\($0.type).\($0.property)" } == ["Note.count"], "pass \(pass)")
      #expect(reads.allSatisfy { $0.tracking === note.tracking })
    }
  }

  @Test func anObservableModelWithRedrawsMembers() {
    let inbox = ObservedInbox()
    for pass in 0..<Self.passes {
      let (_, reads, writes) = ModelObservation.collectAccesses {
        _ = inbox.query
        inbox.draft = "draft \(pass)"
        _ = inbox.unreadCount
      }
      #expect(
        reads.map { "\($0.type).\($0.property)" } == ["ObservedInbox.query", "ObservedInbox.unreadCount"],
        "pass \(pass)")
      #expect(writes.map { "\($0.type).\($0.property)" } == ["ObservedInbox.draft"], "pass \(pass)")
    }
  }

  @Test func writeHandlersOfBothKinds() {
    let note = Note()
    let inbox = ObservedInbox()
    let seen = Locked<[String]>([])
    let tokens = [note.tracking, inbox.tracking].map { tracking in
      tracking.observeWrites { write in seen.withLock { $0.append("\(write.type).\(write.property)") } }
    }
    for pass in 0..<Self.passes {
      note.title = "title \(pass)"
      inbox.unreadCount = pass + 1
    }
    withExtendedLifetime(tokens) {}
    #expect(
      seen.withLock { $0 }
        == Array(repeating: ["Note.title", "ObservedInbox.unreadCount"], count: Self.passes).flatMap { $0 })
  }
}
