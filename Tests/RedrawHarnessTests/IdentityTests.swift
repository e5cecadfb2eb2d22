import RedrawHarness
import RedrawTrace
import Testing

// MARK: - A session screen: an optional badge before a menu with state

final class Session: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var hasUnread = true
  @Tracked var signedIn = true
  @Tracked var rows: [Int] = [1, 2, 3]
  @Tracked var accountID = 1
  @Tracked var title = "Inbox"
}

struct SessionScreen: HarnessView {
  @ViewObservedObject var session: Session
  func body(_ content: inout ViewContent) {
    content.text(session.title)
    if session.hasUnread { content.child(InboxBadge()) }
    content.child(AccountMenu())
  }
}

struct InboxBadge: HarnessView {
  func body(_ content: inout ViewContent) { content.text("•") }
}

/// A view with state of its own, and a task that runs when it appears.
struct AccountMenu: HarnessView {
  @ViewState var opened = 0
  func body(_ content: inout ViewContent) {
    content.text("opened \(opened)")
    content.task("load menu") { Trace.mark("menu appeared") }
  }
}

// MARK: - Branches

struct BranchScreen: HarnessView {
  @ViewObservedObject var session: Session
  func body(_ content: inout ViewContent) {
    if session.signedIn {
      content.child(AccountMenu())
    } else {
      content.child(AccountMenu())
    }
  }
}

// MARK: - ForEach

struct RowList: HarnessView {
  @ViewObservedObject var session: Session
  func body(_ content: inout ViewContent) {
    for row in session.rows { content.child(Row(number: row), id: row) }
  }
}

/// `ForEach(rows.indices)`: rows told apart by their order.
struct IndexedRowList: HarnessView {
  @ViewObservedObject var session: Session
  func body(_ content: inout ViewContent) {
    for row in session.rows { content.child(Row(number: row)) }
  }
}

struct Row: HarnessView {
  let number: Int
  @ViewState var taps = 0
  func body(_ content: inout ViewContent) { content.text("\(number): \(taps)") }
}

// MARK: - Explicit identity

struct AccountScreen: HarnessView {
  @ViewObservedObject var session: Session
  func body(_ content: inout ViewContent) {
    content.text(session.title)
    content.child(AccountMenu(), id: session.accountID)
  }
}

@Suite("View identity follows SwiftUI's rules", .serialized)
struct IdentityTests {
  static let modes: [ViewHarness.Tracking] = [.propertyLevel, .objectLevel]

  // MARK: Structural identity

  @Test(arguments: modes)
  func anOptionalSiblingComingAndGoingKeepsTheNextChildsIdentity(tracking: ViewHarness.Tracking) throws {
    let session = Session()
    let harness = ViewHarness(tracking: tracking) { SessionScreen(session: session) }
    try #require(harness.view(AccountMenu.self)).opened = 3
    harness.flush()
    harness.resetCounts()
    session.hasUnread = false
    harness.flush()
    #expect(!harness.isMounted(InboxBadge.self))
    #expect(harness.view(AccountMenu.self)?.opened == 3, "the menu kept its state")
    #expect(harness.evaluations(of: AccountMenu.self) == 0, "its inputs did not change")
    session.hasUnread = true
    harness.flush()
    #expect(harness.view(AccountMenu.self)?.opened == 3)
    #expect(harness.evaluations(of: InboxBadge.self) == 1)
  }

  @Test(arguments: modes)
  func switchingAnIfElseBranchReplacesTheChildEvenOfTheSameType(tracking: ViewHarness.Tracking) throws {
    let session = Session()
    let recording = Trace.record(scenario: "sign out", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { BranchScreen(session: session) }
      harness.view(AccountMenu.self)?.opened = 3
      harness.flush()
      session.signedIn = false
      harness.flush()
      #expect(harness.view(AccountMenu.self)?.opened == 0, "the other branch's view starts afresh")
      session.title = "unrelated"  // the clean counterpart: a write that changes no branch
      harness.flush()
      harness.view(AccountMenu.self)?.opened = 5
      harness.flush()
      #expect(harness.view(AccountMenu.self)?.opened == 5)
    }
    // The task runs once per identity: once for each branch.
    #expect(recording.lines.filter { $0.contains(#""name":"menu appeared""#) }.count == 2)
  }

  // MARK: ForEach

  @Test(arguments: modes)
  func rowsKeepTheirStateWhenOthersAreInsertedRemovedOrMoved(tracking: ViewHarness.Tracking) {
    let session = Session()
    let harness = ViewHarness(tracking: tracking) { RowList(session: session) }
    for (number, taps) in [(1, 10), (2, 20), (3, 30)] {
      harness.views(Row.self).first { $0.number == number }?.taps = taps
    }
    harness.flush()
    harness.resetCounts()
    session.rows = [0, 3, 1]  // insert 0, remove 2, move 3 before 1
    harness.flush()
    #expect(harness.views(Row.self).map(\.number) == [0, 3, 1])
    #expect(harness.views(Row.self).map(\.taps) == [0, 30, 10])
    #expect(harness.evaluations(of: Row.self) == 1, "only the new row; the others' inputs did not change")
  }

  @Test(arguments: modes)
  func rowsWithoutAnIDKeepTheirStateByPosition(tracking: ViewHarness.Tracking) {
    let session = Session()
    let harness = ViewHarness(tracking: tracking) { IndexedRowList(session: session) }
    for (position, row) in harness.views(Row.self).enumerated() { row.taps = position + 1 }
    harness.flush()
    session.rows = [0, 1, 2, 3]  // insert at the front: state stays with the positions
    harness.flush()
    #expect(harness.views(Row.self).map(\.number) == [0, 1, 2, 3])
    #expect(harness.views(Row.self).map(\.taps) == [1, 2, 3, 0])
  }

  // MARK: Explicit identity

  @Test(arguments: modes)
  func aNewExplicitIDMakesANewViewAndTheSameIDKeepsIt(tracking: ViewHarness.Tracking) {
    let session = Session()
    let recording = Trace.record(scenario: "switch account", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { AccountScreen(session: session) }
      harness.view(AccountMenu.self)?.opened = 4
      harness.flush()
      session.title = "same account"  // the parent re-evaluates; the id stays
      harness.flush()
      #expect(harness.view(AccountMenu.self)?.opened == 4)
      session.accountID = 2
      harness.flush()
      #expect(harness.view(AccountMenu.self)?.opened == 0, "a new id is a new view")
    }
    #expect(recording.lines.filter { $0.contains(#""name":"menu appeared""#) }.count == 2)
  }
}

// MARK: - What counts as new inputs

/// Plain data that is not `Equatable`: SwiftUI compares it field by field.
struct Insets {
  var top = 0.0
  var leading = 0.0
}

/// Not plain data (a `String`) and not `Equatable`: SwiftUI compares its fields, the
/// `String` by `==`.
struct Caption {
  var text = "hello"
}

/// Not `Equatable`, holding a closure (no fields to compare) and an array of captions (not
/// `Equatable`: its storage, made anew): changed every time.
struct CaptionActions {
  var captions = [Caption()]
  var onTap: () -> Void = {}
}

enum Emphasis {
  case none
  case tinted(Int)
  case bold
}

struct InputsScreen: HarnessView {
  @ViewObservedObject var session: Session
  func body(_ content: inout ViewContent) {
    content.text(session.title)
    content.child(ClosureChild(onTap: { Trace.mark("tap") }))
    content.child(InsetChild(insets: Insets()))
    content.child(CaptionChild(caption: Caption()))
    content.child(CaptionActionsChild(actions: CaptionActions()))
    content.child(EmphasisChild(emphasis: session.hasUnread ? .tinted(2) : .bold))
    content.child(ModelChild(session: session))
    content.child(RatioChild(ratio: .nan))
    content.child(OptionalClosureChild(onListen: nil))
  }
}

/// A row whose action is optional (`onListen: item.isPodcast ? { … } : nil`), given none.
struct OptionalClosureChild: HarnessView {
  let onListen: (() -> Void)?
  func body(_ content: inout ViewContent) { content.text(onListen == nil ? "article" : "podcast") }
}

struct RatioChild: HarnessView {
  let ratio: Double
  func body(_ content: inout ViewContent) { content.text("\(ratio)") }
}

struct ClosureChild: HarnessView {
  let onTap: () -> Void
  func body(_ content: inout ViewContent) { content.text("button") }
}

struct InsetChild: HarnessView {
  let insets: Insets
  func body(_ content: inout ViewContent) { content.text("\(insets.top)") }
}

struct CaptionChild: HarnessView {
  let caption: Caption
  func body(_ content: inout ViewContent) { content.text(caption.text) }
}

struct CaptionActionsChild: HarnessView {
  let actions: CaptionActions
  func body(_ content: inout ViewContent) { content.text("\(actions.captions.count)") }
}

struct EmphasisChild: HarnessView {
  let emphasis: Emphasis
  func body(_ content: inout ViewContent) { content.text("\(emphasis)") }
}

struct ModelChild: HarnessView {
  @ViewObservedObject var session: Session
  func body(_ content: inout ViewContent) { content.text("\(session.accountID)") }
}

@Suite("A re-created child is evaluated again only for new inputs")
struct InputTests {
  /// With `ObservableObject`, the write to the title also reaches the child that read
  /// another property of the same object.
  @Test(arguments: [(ViewHarness.Tracking.propertyLevel, 0), (.objectLevel, 1)])
  func whichChildrenAParentReEvaluationReaches(tracking: ViewHarness.Tracking, modelChild: Int) {
    let session = Session()
    let harness = ViewHarness(tracking: tracking) { InputsScreen(session: session) }
    harness.resetCounts()
    session.title = "Archive"  // the parent re-evaluates; no child reads the title
    harness.flush()
    #expect(harness.evaluations(of: ClosureChild.self) == 1, "a closure is never the same input")
    #expect(harness.evaluations(of: CaptionChild.self) == 0, "a non-Equatable struct by its fields")
    #expect(harness.evaluations(of: CaptionActionsChild.self) == 1, "a closure or a non-Equatable array inside")
    #expect(harness.evaluations(of: InsetChild.self) == 0, "plain data compares by its fields")
    #expect(harness.evaluations(of: EmphasisChild.self) == 0, "the same enum case and payload")
    #expect(harness.evaluations(of: ModelChild.self) == modelChild, "the same object")
    #expect(harness.evaluations(of: RatioChild.self) == 0, "plain data by its bytes: the same NaN")
    #expect(harness.evaluations(of: OptionalClosureChild.self) == 0, "an optional closure nil both times")
    session.hasUnread = false  // the emphasis changes case
    harness.flush()
    #expect(harness.evaluations(of: EmphasisChild.self) == 1)
  }
}

/// A struct with new inputs says whether one is a closure (`"closure":true`): the closure
/// child's and the get/set binding's do, the value children's do not.
@Suite struct ClosureInputEventTests {
  struct GetSetChild: HarnessView {
    let name: ViewBinding<String>
    func body(_ content: inout ViewContent) { content.text("name") }
  }

  struct Screen: HarnessView {
    @ViewObservedObject var session: Session
    func body(_ content: inout ViewContent) {
      content.text(session.title)
      content.child(ClosureChild(onTap: {}))
      content.child(OptionalClosureChild(onListen: session.hasUnread ? {} : nil))
      content.child(GetSetChild(name: ViewBinding(get: { "x" }, set: { _ in })))
      content.child(EmphasisChild(emphasis: session.title == "Inbox" ? .bold : .tinted(1)))
    }
  }

  @Test func aStructWithANewClosureSaysSo() {
    let session = Session()
    let recording = Trace.record(scenario: "a new title", reproducible: true) { _ in
      let harness = ViewHarness(tracking: .objectLevel) { Screen(session: session) }
      session.title = "Archive"
      harness.flush()
    }
    let structs = recording.text.split(separator: "\n").filter { $0.contains(#""e":"struct""#) }
    let flagged = Set(
      structs.filter { $0.contains(#""closure":true"#) }.compactMap { line in
        ["ClosureChild", "OptionalClosureChild", "GetSetChild", "EmphasisChild"].first { line.contains("\"\($0)\"") }
      })
    #expect(flagged == ["ClosureChild", "OptionalClosureChild", "GetSetChild"])
    #expect(structs.contains { $0.contains(#""EmphasisChild""#) && !$0.contains("same") }, "new, no closure")
  }
}

@Suite struct TrackingDescriptionTests {
  @Test func trackingModesReadWellInTestNames() {
    #expect(ViewHarness.Tracking.propertyLevel.description == ".propertyLevel")
    #expect(ViewHarness.Tracking.objectLevel.description == ".objectLevel")
    #expect(
      ViewHarness.Tracking.mixed(.propertyLevel, except: [Session.self]).description
        == ".mixed(.propertyLevel, except: Session)")
  }
}
