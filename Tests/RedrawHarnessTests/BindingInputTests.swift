import RedrawHarness
import RedrawTrace
import Testing

/// A binding as a child's input, worked by hand from SwiftUI's rules (docs/harness.md,
/// "Bindings"): the same place and value is the same input; `init(get:set:)` never is; a
/// body that reads a binding to state depends on that state.
@Suite struct BindingInputTests {
  final class BIProfile: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var name = "Ada"
    @Tracked var title = "Profile"
  }

  /// Shows the text its binding gives.
  struct BINameLabel: HarnessView {
    @ViewBinding var name: String
    func body(_ content: inout ViewContent) { content.text(name) }
  }

  /// Hands its binding on without reading it.
  struct BIForwarder: HarnessView {
    @ViewBinding var name: String
    func body(_ content: inout ViewContent) { content.child(BINameLabel(name: $name)) }
  }

  /// Reads the title, and hands `$profile.name` (or a `get:set:` binding to it) to a label.
  struct BIProfileScreen: HarnessView {
    @ViewBindable var profile: BIProfile
    let closures: Bool
    func body(_ content: inout ViewContent) {
      content.text(profile.title)
      if closures {
        let profile = self.profile
        content.child(BINameLabel(name: ViewBinding(get: { profile.name }, set: { profile.name = $0 })))
      } else {
        content.child(BINameLabel(name: $profile.name))
      }
    }
  }

  /// A new title re-evaluates the screen (it reads the title). Its new `$profile.name` leads
  /// to the same property with the same value, so the label is not evaluated again; a
  /// `get:set:` binding is never the same, so the label is.
  @Test(arguments: [(false, 0), (true, 1)])
  func aParentsNewEvaluationKeepsTheSameBinding(closures: Bool, labelEvaluations: Int) {
    let profile = BIProfile()
    let harness = ViewHarness(tracking: .propertyLevel) { BIProfileScreen(profile: profile, closures: closures) }
    harness.resetCounts()
    profile.title = "Settings"
    harness.flush()
    #expect(harness.evaluations(of: BIProfileScreen.self) == 1)
    #expect(harness.evaluations(of: BINameLabel.self) == labelEvaluations)
  }

  /// A new name: the screen made the binding, which read the name, so it runs again; the
  /// label gets a binding with the new value, a new input, and runs again with its text.
  @Test func aNewValueIsANewBinding() {
    let profile = BIProfile()
    let harness = ViewHarness(tracking: .propertyLevel) { BIProfileScreen(profile: profile, closures: false) }
    harness.resetCounts()
    profile.name = "Grace"
    harness.flush()
    #expect(harness.evaluations(of: BIProfileScreen.self) == 1)
    #expect(harness.evaluations(of: BINameLabel.self) == 1)
    #expect(harness.texts["BINameLabel"] == ["Grace"])
  }

  /// Owns the name as state and hands `$name` down through a view that does not read it; its
  /// own body reads the state only when `reads`.
  struct BIStateOwner: HarnessView {
    @ViewState var name = "Ada"
    let reads: Bool
    func body(_ content: inout ViewContent) {
      if reads { content.text(name) }
      content.child(BIForwarder(name: $name))
      content.button("Rename") { name = "Grace" }
    }
  }

  /// `$name` reads nothing where it is made. When only the label reads the state, renaming
  /// re-evaluates the label alone; when the owner reads it too, the owner runs, and its
  /// forwarder gets a binding with the new value and runs too. Either way the label runs
  /// once, for the state it read through its binding (cause `state`, which comes before a
  /// new input in the order of causes).
  @Test(arguments: [(false, 0, 0), (true, 1, 1)])
  func aBindingToStateMakesItsReaderDependOnIt(reads: Bool, owner: Int, forwarder: Int) {
    var harness: ViewHarness?
    let recording = Trace.record(scenario: "rename", reproducible: true) { _ in
      harness = ViewHarness(tracking: .propertyLevel) { BIStateOwner(reads: reads) }
      harness?.resetCounts()
      harness?.tap("Rename")
    }
    #expect(harness?.evaluations(of: BIStateOwner.self) == owner)
    #expect(harness?.evaluations(of: BIForwarder.self) == forwarder)
    #expect(harness?.evaluations(of: BINameLabel.self) == 1)
    #expect(harness?.texts["BINameLabel"] == ["Grace"])
    let label = recording.lines.filter { $0.contains(#""e":"body""#) && $0.contains(#""view":"BINameLabel""#) }
    #expect(label.last?.contains(#""cause":"state""#) == true, "\(label)")
  }

  /// Hands down a constant: the same value again is the same input.
  struct BIConstantScreen: HarnessView {
    @ViewState var taps = 0
    func body(_ content: inout ViewContent) {
      content.text("\(taps)")
      content.child(BINameLabel(name: .constant("Ada")))
      content.button("Tap") { taps += 1 }
    }
  }

  @Test func aConstantOfTheSameValueIsTheSameInput() {
    let harness = ViewHarness(tracking: .propertyLevel) { BIConstantScreen() }
    harness.resetCounts()
    harness.tap("Tap")
    #expect(harness.evaluations(of: BIConstantScreen.self) == 1)
    #expect(harness.evaluations(of: BINameLabel.self) == 0)
  }

  /// Shows the name through a binding held in a plain `let`, not `@ViewBinding`.
  struct BIPlainLabel: HarnessView {
    let name: ViewBinding<String>
    func body(_ content: inout ViewContent) { content.text(name.wrappedValue) }
  }

  struct BIPlainOwner: HarnessView {
    @ViewState var name = "Ada"
    func body(_ content: inout ViewContent) {
      content.child(BIPlainLabel(name: $name))
      content.button("Rename") { name = "Grace" }
    }
  }

  /// A binding in a plain property is no dynamic property: the owner does not read the state,
  /// so nothing re-evaluates the label, which goes on showing the old name (SwiftUI's
  /// `Binding` only updates a view that holds it as `@Binding`).
  @Test func aBindingInAPlainPropertyIsNoDependency() {
    let harness = ViewHarness(tracking: .propertyLevel) { BIPlainOwner() }
    harness.resetCounts()
    harness.tap("Rename")
    #expect(harness.evaluations(of: BIPlainLabel.self) == 0)
    #expect(harness.texts["BIPlainLabel"] == ["Ada"])
  }

  /// Runs a closure its parent gives it in its own body, as `GeometryReader` does.
  struct BIReader: HarnessView {
    let content: (inout ViewContent) -> Void
    func body(_ content: inout ViewContent) { self.content(&content) }
  }

  /// Holds `@ViewBinding var name` and reads it only inside a reader's closure.
  struct BIHolder: HarnessView {
    @ViewBinding var name: String
    func body(_ content: inout ViewContent) {
      let name = $name
      content.child(BIReader { reader in reader.text(name.wrappedValue) })
    }
  }

  struct BIHolderOwner: HarnessView {
    @ViewState var name = "Ada"
    func body(_ content: inout ViewContent) {
      content.child(BIHolder(name: $name))
      content.button("Rename") { name = "Grace" }
    }
  }

  /// The binding is read in the reader's body, but it is the holder's dynamic property: the
  /// change re-runs the holder (cause `state`), which hands the reader a new closure, and the
  /// reader shows the new name.
  @Test func aReadInAnotherBodyMarksTheHolder() {
    let harness = ViewHarness(tracking: .propertyLevel) { BIHolderOwner() }
    harness.resetCounts()
    harness.tap("Rename")
    #expect(harness.evaluations(of: BIHolderOwner.self) == 0)
    #expect(harness.evaluations(of: BIHolder.self) == 1)
    #expect(harness.evaluations(of: BIReader.self) == 1)
    #expect(harness.texts["BIReader"] == ["Grace"])
  }
}

extension BindingInputTests {
  struct BIDraft: Equatable {
    var title = 0
    var match = 0
  }

  struct BIEditSheet: HarnessView {
    @ViewState var draft = BIDraft()
    func body(_ content: inout ViewContent) {
      content.text("\(draft.title)")
      content.button("Type") { draft.title += 1 }
      content.button("Match") { draft.match += 1 }
      content.child(BIMatchPicker(match: $draft.match))
    }
  }

  struct BIMatchPicker: HarnessView {
    @ViewBinding var match: Int
    func body(_ content: inout ViewContent) { content.text("\(match)") }
  }

  /// `$draft.match` reaches one part of the state: a change of another part leaves its
  /// holder alone; a change of that part runs it (the Pulse port's edit sheet, 5 evaluations
  /// too many before).
  @Test func aBindingToAPartRunsItsHolderOnlyForThatPart() {
    let harness = ViewHarness(tracking: .propertyLevel) { BIEditSheet() }
    harness.resetCounts()
    #expect(harness.tap("Type"))
    #expect(harness.evaluations(of: BIEditSheet.self) == 1)
    #expect(harness.evaluations(of: BIMatchPicker.self) == 0)
    #expect(harness.tap("Match"))
    #expect(harness.evaluations(of: BIMatchPicker.self) == 1)
    #expect(harness.texts["BIMatchPicker"] == ["1"])
  }
}

extension BindingInputTests {
  struct BIDraftHolder: HarnessView {
    @ViewState var draft = BIDraft()
    let twoBindings: Bool
    func body(_ content: inout ViewContent) {
      content.button("Type") { draft.title += 1 }
      content.button("Match") { draft.match += 1 }
      if twoBindings {
        content.child(BIDraftEditor(draft: $draft, match: $draft.match))
      } else {
        content.child(BIPartReader(draft: $draft))
      }
    }
  }

  /// Holds the whole draft and one part of it: reads the whole, then the part.
  struct BIDraftEditor: HarnessView {
    @ViewBinding var draft: BIDraft
    @ViewBinding var match: Int
    func body(_ content: inout ViewContent) {
      content.text("\(draft.title)")
      content.text("\(match)")
    }
  }

  /// Holds the whole draft, reads one part through `$draft.match`.
  struct BIPartReader: HarnessView {
    @ViewBinding var draft: BIDraft
    func body(_ content: inout ViewContent) { content.text("\($draft.match.wrappedValue)") }
  }

  /// A body that reads a state through two bindings it holds, a part's and the whole's,
  /// depends on the whole, whichever read comes last: a change of another part runs it.
  @Test func aReadOfTheWholeOutlastsAReadOfAPart() {
    let harness = ViewHarness(tracking: .propertyLevel) { BIDraftHolder(twoBindings: true) }
    harness.resetCounts()
    #expect(harness.tap("Type"))
    #expect(harness.evaluations(of: BIDraftHolder.self) == 0)
    #expect(harness.evaluations(of: BIDraftEditor.self) == 1)
    #expect(harness.texts["BIDraftEditor"] == ["1", "0"])
  }

  /// `$draft.match` made from the binding the view holds and read in its body is a read of
  /// that binding, as SwiftUI's projected location marks its base read: any change of the
  /// draft runs the view, whose binding's value changed.
  @Test func aPartOfAHeldBindingIsAReadOfIt() {
    let harness = ViewHarness(tracking: .propertyLevel) { BIDraftHolder(twoBindings: false) }
    harness.resetCounts()
    #expect(harness.tap("Type"))
    #expect(harness.evaluations(of: BIPartReader.self) == 1)
    #expect(harness.tap("Match"))
    #expect(harness.evaluations(of: BIPartReader.self) == 2)
    #expect(harness.texts["BIPartReader"] == ["1"])
  }
}
