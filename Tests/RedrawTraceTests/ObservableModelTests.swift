import Observation
import RedrawPlatform
import RedrawTrace
import Testing

/// `@Observable` classes with Redraw's members pasted in: still observable as before, and
/// every read and write recorded with the property's name.
@Suite("@Observable models record their accesses by name")
struct ObservableModelTests {
  /// The `read` and `write` lines, as `e prop`.
  static func accesses(_ lines: [TraceLine]) -> [String] {
    lines.filter { $0.e == "read" || $0.e == "write" }.map { "\($0.e) \($0.prop ?? "-")" }
  }

  // MARK: - Recording

  @Test func readsAndWritesAreRecordedWithTheirNames() throws {
    let model = ObservedInbox()
    let lines = try record {
      _ = model.query
      model.query = "swift"
      model.unreadCount += 1
      model.messages.append("Hello")
      model.draft = "Hi"
    }
    #expect(
      Self.accesses(lines) == [
        "read query", "write query", "read unreadCount", "write unreadCount", "read messages", "write messages",
        "write draft",
      ])
    let events = lines.filter { $0.e == "read" || $0.e == "write" }
    #expect(events.allSatisfy { $0.type == "ObservedInbox" })
    #expect(events.allSatisfy { $0.obj == model.traceIdentity.objectID })
    #expect(Trace.objectID(of: model) == model.traceIdentity.objectID)
  }

  @Test func ignoredPropertiesAreNotRecorded() throws {
    let model = ObservedInbox()
    let lines = try record {
      model.untracked = 3
      model._scratch = 4
      _ = model.untracked + model._scratch
    }
    #expect(Self.accesses(lines).isEmpty)
  }

  /// What Swift 6.3.1's macro does (getting-started.md says so): an assignment of an equal
  /// value notifies no observer, so it is no write.
  @Test func anAssignmentOfAnEqualValueIsNoWrite() throws {
    let model = ObservedInbox()
    model.query = "same"
    let changes = Locked(0)
    let lines = try record {
      _ = withObservationTracking {
        model.query
      } onChange: {
        changes.withLock { $0 += 1 }
      }
      model.query = "same"
    }
    #expect(Self.accesses(lines) == ["read query"])
    #expect(changes.value == 0)
  }

  @Test func nothingIsRecordedOutsideARecording() throws {
    let model = ObservedInbox()
    model.query = "before"
    let lines = try record { _ = model.unreadCount }
    #expect(Self.accesses(lines) == ["read unreadCount"])
  }

  @Test func releasingTheModelRecordsItsDeinit() throws {
    var objectID: UInt64 = 0
    let lines = try record {
      var model: ObservedInbox? = ObservedInbox()
      _ = model?.query
      objectID = model?.traceIdentity.objectID ?? 0
      model = nil
    }
    let last = try #require(lines.last)
    #expect(last.e == "deinit" && last.obj == objectID && last.type == "ObservedInbox")
  }

  @Test func aModelWithoutTrackedModelIsRecordedWithItsTrackingsID() throws {
    let note = UnconformedNote()
    let lines = try record { note.text = "milk" }
    let write = try #require(lines.first { $0.e == "write" })
    #expect(write.prop == "text" && write.type == "UnconformedNote")
    #expect(write.obj == note.tracking.identity.objectID)
  }

  // MARK: - Observation

  @Test(arguments: [false, true])
  func observationStillFiresPerProperty(recording: Bool) throws {
    let model = ObservedInbox()
    let changes = Locked(0)
    let script = {
      _ = withObservationTracking {
        model.unreadCount
      } onChange: {
        changes.withLock { $0 += 1 }
      }
      model.query = "a"
      model.messages.append("x")
      model.untracked = 1
      #expect(changes.value == 0)
      model.unreadCount += 1
      #expect(changes.value == 1)
    }
    if recording { _ = try record(script) } else { script() }
    #expect(model.unreadCount == 1)
  }

  @Test func everyKindOfWriteFiresObservation() {
    let model = ObservedInbox()
    let changes = Locked(0)
    func observe() {
      withObservationTracking {
        _ = model.messages
      } onChange: {
        changes.withLock { $0 += 1 }
      }
    }
    observe()
    model.messages = ["a"]
    observe()
    model.messages.append("b")
    observe()
    model.messages[0] = "c"
    #expect(changes.value == 3)
    #expect(model.messages == ["c", "b"])
  }

  // MARK: - Kinds of classes

  @MainActor @Test func aMainActorModel() throws {
    let cart = MainActorCart()
    let changes = Locked(0)
    let lines = try record {
      _ = withObservationTracking {
        cart.total
      } onChange: {
        changes.withLock { $0 += 1 }
      }
      cart.items.append("tea")
      cart.total = 3
    }
    #expect(Self.accesses(lines) == ["read total", "read items", "write items", "write total"])
    #expect(lines.first { $0.e == "write" }?.type == "MainActorCart")
    #expect(changes.value == 1)
  }

  @Test func aGenericModel() throws {
    let numbers = Couple(1, 2)
    let words = Couple("a", "b")
    let lines = try record {
      numbers.second = numbers.first
      words.first = "c"
      _ = words.second + words.label
      numbers.label = "n"
    }
    #expect(
      Self.accesses(lines) == [
        "read first", "write second", "write first", "read second", "read label", "write label",
      ])
    let types = lines.filter { $0.e == "read" || $0.e == "write" }.map { $0.type ?? "" }
    #expect(
      types == ["Couple<Int>", "Couple<Int>", "Couple<String>", "Couple<String>", "Couple<String>", "Couple<Int>"])
  }

  @Test func aSubclassRecordsBothClassesPropertiesAsItsOwnType() throws {
    let account = SavingsAccount()
    let changes = Locked(0)
    let lines = try record {
      _ = withObservationTracking {
        account.balance + account.rate
      } onChange: {
        changes.withLock { $0 += 1 }
      }
      account.balance += 10
      account.nickname = "trip"
      account.owner = "Grace"
    }
    #expect(
      Self.accesses(lines) == [
        "read balance", "read rate", "read balance", "write balance", "write nickname", "write owner",
      ])
    let events = lines.filter { $0.e == "read" || $0.e == "write" }
    #expect(events.allSatisfy { $0.type == "SavingsAccount" && $0.obj == account.traceIdentity.objectID })
    #expect(changes.value == 1)
  }

  @Test func aBaseClassInstanceIsRecordedAsTheBaseClass() throws {
    let account = Account()
    let lines = try record { account.owner = "Grace" }
    #expect(lines.first { $0.e == "write" }.map { "\($0.type ?? "") \($0.prop ?? "")" } == "Account owner")
  }
}
