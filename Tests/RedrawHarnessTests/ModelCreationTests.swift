import RedrawAnalysis
import RedrawHarness
import RedrawTrace
import Testing

// MARK: - A library screen that opens one document at a time

final class DocumentModel: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var title: String
  @Tracked var scrollOffset = 0

  init(id: Int) { title = "Document \(id)" }
}

final class Library: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var selectedID = 1
  @Tracked var accent = 0
}

struct LibraryScreen: HarnessView {
  @ViewObservedObject var library: Library
  func body(_ content: inout ViewContent) {
    content.text("accent \(library.accent)")
    content.child(DocumentViewer(documentID: library.selectedID))
  }
}

/// Makes its model on purpose, one per document, in `.task(id:)`: what the rule's fix asks for.
struct DocumentViewer: HarnessView {
  let documentID: Int
  @ViewState var model: DocumentModel? = nil
  func body(_ content: inout ViewContent) {
    content.text(model?.title ?? "opening…")
    let model = _model
    let id = documentID
    content.task("open document", id: id) { model.wrappedValue = Trace.make(DocumentModel(id: id)) }
  }
}

struct CarelessLibraryScreen: HarnessView {
  @ViewObservedObject var library: Library
  func body(_ content: inout ViewContent) {
    content.text("accent \(library.accent)")
    content.child(CarelessDocumentViewer())
  }
}

/// Keeps its model in a plain stored property: rebuilt whenever the screen re-creates it.
struct CarelessDocumentViewer: HarnessView {
  let model = Trace.make(DocumentModel(id: 1))
  func body(_ content: inout ViewContent) { content.text(model.title) }
}

@Suite("model-recreated tells re-creation from deliberate creation")
struct ModelCreationTests {
  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func aModelMadeInTaskIDForEachDocumentIsNotARecreation(tracking: ViewHarness.Tracking) throws {
    let library = Library()
    let recording = Trace.record(scenario: "open three documents", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { LibraryScreen(library: library) }
      for id in 2...4 {
        library.selectedID = id
        harness.flush()
        harness.view(DocumentViewer.self)?.model?.scrollOffset += 10
        harness.flush()
      }
      #expect(harness.texts["DocumentViewer"] == ["Document 4"])
    }
    let analysis = try analyzeWithAndWithoutCauses(recording)
    #expect(analysis.findings.filter { $0.rule == "model-recreated" }.isEmpty, "\(analysis.findings.map(\.message))")
    let group = try #require(analysis.sessions.first?.initGroups.first { $0.type == "DocumentModel" })
    #expect(group.runs == 4)
    #expect(group.constructionRuns == 0, "every run was in the task")
  }

  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func aModelInAPlainPropertyIsRecreatedWithTheViewStruct(tracking: ViewHarness.Tracking) throws {
    let library = Library()
    let recording = Trace.record(scenario: "change the accent", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { CarelessLibraryScreen(library: library) }
      for _ in 0..<3 {
        harness.view(CarelessDocumentViewer.self)?.model.scrollOffset += 10
        harness.flush()
        library.accent += 1
        harness.flush()
      }
    }
    let analysis = try analyzeWithAndWithoutCauses(recording)
    let finding = try #require(analysis.findings.first { $0.rule == "model-recreated" })
    #expect(finding.view == "CarelessDocumentViewer")
    #expect(finding.message.contains("while CarelessLibraryScreen's body re-created the view struct"))
    #expect(finding.message.contains("had been written before being replaced"))
  }
}

// MARK: - Writes that build a fresh instance are not writes during a body

/// Assigns a tracked property in `init`, after every stored property has its default: the
/// assignment goes through `@Tracked`'s setter and is recorded as a write.
final class Draft: TrackedModel {
  let tracking = ModelTracking()
  @Tracked var text = ""

  init(text: String) { self.text = text }
}

struct DraftScreen: HarnessView {
  @ViewObservedObject var library: Library
  func body(_ content: inout ViewContent) {
    content.text("accent \(library.accent)")
    content.child(DraftEditor())
  }
}

/// Builds a fresh draft with the struct, without `Trace.make` around it.
struct DraftEditor: HarnessView {
  let draft = Draft(text: "Dear team,")
  func body(_ content: inout ViewContent) { content.text(draft.text) }
}

extension ModelCreationTests {
  @Test(arguments: [ViewHarness.Tracking.propertyLevel, .objectLevel])
  func anInitializerAssigningItsOwnPropertiesIsNotAWriteDuringABody(tracking: ViewHarness.Tracking) throws {
    let library = Library()
    let recording = Trace.record(scenario: "re-render the editor", reproducible: true) { _ in
      let harness = ViewHarness(tracking: tracking) { DraftScreen(library: library) }
      for _ in 0..<3 {
        library.accent += 1
        harness.flush()
      }
    }
    #expect(recording.lines.filter { $0.contains(#""e":"write""#) && $0.contains(#""type":"Draft""#) }.count == 4)
    let analysis = try analyzeWithAndWithoutCauses(recording)
    #expect(!analysis.findings.contains { $0.rule == "write-during-body" }, "\(analysis.findings.map(\.message))")
  }
}
