import Notes
import RedrawHarness
import RedrawTrace
import Testing

/// What each half-paste of docs/getting-started.md records, and what the harness does with
/// it (the table in docs/getting-started.md).
@Suite struct HalfPasteTests {
  /// The events of `body` other than the meta line, as `e prop` pairs.
  static func accesses(_ body: () -> Void) -> [String] {
    Trace.record(scenario: "accesses") { _ in body() }.lines.compactMap { line in
      guard line.contains(#""e":"read""#) || line.contains(#""e":"write""#) else { return nil }
      let kind = line.contains(#""e":"read""#) ? "read" : "write"
      let property = line.split(separator: #""prop":""#).last?.prefix { $0 != "\"" } ?? ""
      return "\(kind) \(property)"
    }
  }

  @Test func theFourMembersRecordEveryAccessByName() {
    let inbox = NotesInbox()
    #expect(Self.accesses { inbox.pendingSyncs = 1 } == ["write pendingSyncs"])
    #expect(Self.accesses { _ = inbox.pendingSyncs } == ["read pendingSyncs"])
  }

  @Test func trackingAloneRecordsNothing() {
    let inbox = TrackingOnlyInbox()
    #expect(
      Self.accesses {
        inbox.pendingSyncs += 1
        _ = inbox.pendingSyncs
      }.isEmpty)
  }

  /// Observation still sees the change (through the macro's registrar), the recorder no
  /// write: the badge's evaluation has an unknown cause, never its parent.
  @Test func aViewOfATrackingAloneModelUpdatesForAnUnknownCause() {
    let inbox = TrackingOnlyInbox()
    let recording = Trace.record(scenario: "tracking alone") { _ in
      let harness = ViewHarness(tracking: .objectLevel) { PlainBadge(inbox: inbox) }
      inbox.pendingSyncs += 1
      harness.flush()
      #expect(harness.evaluations(of: PlainBadge.self) == 2)
    }
    #expect(recording.lines.last { $0.contains(#""e":"body""#) }?.contains(#""cause":"unknown""#) == true)
  }

  @Test func holdingATrackingAloneModelFailsTheTest() {
    withKnownIssue {
      let inbox = TrackingOnlyInbox()
      _ = ViewHarness(tracking: .objectLevel) { HeldBadge(inbox: inbox) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("HeldBadge holds TrackingOnlyInbox in @ViewObservedObject") }
    }
  }

  @Test func theRegistrarAloneNamesPropertiesAtRunTime() {
    let form = ProfileForm()
    #expect(Self.accesses { _ = form.name } == ["read <name|nickname>"], "equal values: not told apart yet")
    #expect(
      Self.accesses {
        form.name = "Ada"
        _ = form.name
      } == ["write name", "read name"])
  }

  @Test func theNamedAccessWithoutTheUnavailableOneIsNotCalled() {
    let form = NamedAccessForm()
    #expect(Self.accesses { _ = form.street } == ["read <city|street>"], "named from the key path")
  }

  @Test func theAccessMembersWithoutTheRegistrarRecordReadsButNoWrite() {
    let inbox = AccessOnlyInbox()
    #expect(
      Self.accesses {
        inbox.pendingSyncs = 1
        _ = inbox.pendingSyncs
      } == ["read pendingSyncs"])
  }

  /// Reads register with the `ModelTracking`'s registrar, writes notify the macro's: the
  /// view never hears of the change.
  @Test func aViewOfAnAccessOnlyModelNeverUpdates() {
    let inbox = AccessOnlyInbox()
    let harness = ViewHarness(tracking: .propertyLevel) { PlainAccessOnlyBadge(inbox: inbox) }
    inbox.pendingSyncs = 1
    harness.flush()
    #expect(harness.evaluations(of: PlainAccessOnlyBadge.self) == 1)
    #expect(harness.texts["PlainAccessOnlyBadge"] == ["0"], "stale")
  }

  @Test func holdingAnAccessOnlyModelFailsTheTest() {
    withKnownIssue {
      let inbox = AccessOnlyInbox()
      _ = ViewHarness(tracking: .propertyLevel) { AccessOnlyBadge(inbox: inbox) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("its writes are never recorded") }
    }
  }

  /// The subscription is recorded, no access: `redraw analyze` says the model is not
  /// instrumented.
  @Test func untrackedPropertiesAreAnUninstrumentedModel() throws {
    let inbox = UntrackedInbox()
    let recording = Trace.record(scenario: "untracked") { _ in
      _ = ViewHarness(tracking: .objectLevel) { UntrackedBadge(inbox: inbox) }
    }
    let findings = try recording.analyze().findings
    #expect(findings.map(\.rule) == ["uninstrumented-model"])
    #expect(findings.first?.type == "UntrackedInbox")
  }
}

struct PlainBadge: HarnessView {
  let inbox: TrackingOnlyInbox
  func body(_ content: inout ViewContent) { content.text("\(inbox.pendingSyncs)") }
}

struct HeldBadge: HarnessView {
  @ViewObservedObject var inbox: TrackingOnlyInbox
  func body(_ content: inout ViewContent) { content.text("\(inbox.pendingSyncs)") }
}

struct AccessOnlyBadge: HarnessView {
  @ViewObservedObject var inbox: AccessOnlyInbox
  func body(_ content: inout ViewContent) { content.text("\(inbox.pendingSyncs)") }
}

struct PlainAccessOnlyBadge: HarnessView {
  let inbox: AccessOnlyInbox
  func body(_ content: inout ViewContent) { content.text("\(inbox.pendingSyncs)") }
}

struct UntrackedBadge: HarnessView {
  @ViewObservedObject var inbox: UntrackedInbox
  func body(_ content: inout ViewContent) { content.text("\(inbox.pendingSyncs)") }
}
