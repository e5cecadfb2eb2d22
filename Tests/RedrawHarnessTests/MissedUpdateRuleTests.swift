import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

// MARK: - A mailbox of threads, read three ways

final class InboxThread: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var subject: String
  @Tracked var isRead = false

  init(subject: String) { self.subject = subject }
}

final class Inbox: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var threads = [InboxThread(subject: "Lunch?"), InboxThread(subject: "Notes")]
  @Tracked var filter = "all"
}

/// Observes the inbox and reads each thread through it (SwiftUI's `@ObservedObject` does not
/// see a nested `ObservableObject`'s changes).
struct InlineList: HarnessView {
  @ViewObservedObject var inbox: Inbox
  func body(_ content: inout ViewContent) {
    content.text(inbox.filter)
    for thread in inbox.threads { content.text((thread.isRead ? "" : "● ") + thread.subject) }
  }
}

/// Observes the inbox, and hands each thread to a row that observes it: the fix.
struct ObservingList: HarnessView {
  @ViewObservedObject var inbox: Inbox
  func body(_ content: inout ViewContent) {
    for thread in inbox.threads { content.child(ObservingRow(thread: thread), id: thread.subject) }
  }
}

struct ObservingRow: HarnessView {
  @ViewObservedObject var thread: InboxThread
  func body(_ content: inout ViewContent) { content.text((thread.isRead ? "" : "● ") + thread.subject) }
}

/// Observes the inbox, and hands each thread to a row that keeps it in a plain `let`.
struct PlainRowList: HarnessView {
  @ViewObservedObject var inbox: Inbox
  func body(_ content: inout ViewContent) {
    for thread in inbox.threads { content.child(PlainRow(thread: thread), id: thread.subject) }
  }
}

struct PlainRow: HarnessView {
  let thread: InboxThread
  func body(_ content: inout ViewContent) { content.text((thread.isRead ? "" : "● ") + thread.subject) }
}

@Suite("missed-update: views that show stale data")
struct MissedUpdateRuleTests {
  /// The rule's findings, as `view type.property ×count`.
  static func missed<Root: HarnessView>(
    _ tracking: ViewHarness.Tracking, _ root: @escaping (Inbox) -> Root, _ script: (Inbox, ViewHarness) -> Void
  ) throws -> [String] {
    let inbox = Inbox()
    let recording = Trace.record { _ in
      let harness = ViewHarness(tracking: tracking) { root(inbox) }
      script(inbox, harness)
    }
    return try recording.analyze().findings.filter { $0.rule == "missed-update" }.map {
      "\($0.view ?? "-") \($0.type ?? "-").\($0.property ?? "-") ×\($0.count)"
    }
  }

  /// Marks both threads read, one user step each.
  static func markBothRead(_ inbox: Inbox, _ harness: ViewHarness) {
    for thread in inbox.threads {
      Trace.mark("open \(thread.subject)")
      thread.isRead = true
      harness.flush()
    }
  }

  @Test func aNestedObjectReadThroughTheObservedOneMissesEveryUpdate() throws {
    #expect(try Self.missed(.objectLevel, InlineList.init, Self.markBothRead) == ["InlineList InboxThread.isRead ×2"])
  }

  @Test func rowsThatObserveTheirThreadsMissNothing() throws {
    #expect(try Self.missed(.objectLevel, ObservingList.init, Self.markBothRead) == [])
  }

  @Test func aRowThatKeepsItsThreadInAPlainLetMissesItsUpdates() throws {
    #expect(try Self.missed(.objectLevel, PlainRowList.init, Self.markBothRead) == ["PlainRow InboxThread.isRead ×2"])
  }

  /// `@Observable` tracks what a body reads, nested objects included: the same script.
  @Test func propertyLevelTrackingMissesNothing() throws {
    #expect(try Self.missed(.propertyLevel, InlineList.init, Self.markBothRead) == [])
    #expect(try Self.missed(.propertyLevel, PlainRowList.init, Self.markBothRead) == [])
  }

  /// A session without subscriptions is tracked per property: a write at its very end, with
  /// no pass recorded after it, is not a missed update.
  @Test func aWriteAtTheEndOfAPropertyLevelSessionIsNotMissed() throws {
    #expect(try Self.missed(.propertyLevel, InlineList.init) { inbox, _ in inbox.threads[0].isRead = true } == [])
  }

  /// Writes with no body evaluation, action or mark between them are one update.
  @Test func writesOfOneStepAreOneUpdate() throws {
    let found = try Self.missed(.objectLevel, InlineList.init) { inbox, harness in
      inbox.threads[0].isRead = true
      inbox.threads[0].isRead = false
      inbox.threads[0].isRead = true
      harness.flush()
    }
    #expect(found == ["InlineList InboxThread.isRead ×1"])
  }

  /// An update that also changes what the view subscribes to re-evaluates it in the same pass:
  /// the nested change reaches it with the other.
  @Test func anUpdateThatReEvaluatesTheViewAnywayIsNotMissed() throws {
    let found = try Self.missed(.objectLevel, InlineList.init) { inbox, harness in
      inbox.threads[0].isRead = true
      inbox.filter = "unread"
      harness.flush()
    }
    #expect(found == [])
  }

  /// Test code that reads and writes a model outside any body reads nothing a view shows.
  @Test func readsOutsideABodyAreNeverReported() throws {
    let found = try Self.missed(.objectLevel, ObservingList.init) { inbox, harness in
      let thread = InboxThread(subject: "Loose")
      _ = thread.isRead
      thread.isRead = true
      inbox.threads[0].isRead = true
      harness.flush()
    }
    #expect(found == [])
  }

  /// The finding names the view, the property, the count and the first write's line, and the fix.
  @Test func theFindingSaysWhatAReaderNeeds() throws {
    let inbox = Inbox()
    let recording = Trace.record { _ in
      let harness = ViewHarness(tracking: .objectLevel) { InlineList(inbox: inbox) }
      Self.markBothRead(inbox, harness)
    }
    let finding = try #require(recording.analyze().findings.first { $0.rule == "missed-update" })
    #expect(finding.severity == .warning)
    #expect(finding.message.contains("InlineList read InboxThread.isRead without subscribing"))
    #expect(finding.message.contains("2 updates"))
    #expect(finding.fix.contains("@Observable"))
    #expect(finding.fix.contains("child view"))
  }
}
