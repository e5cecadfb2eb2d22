import RedrawHarness
import RedrawTrace

/// A library screen that opens one document at a time and makes the document's model on
/// purpose, in `.task(id:)`: one model per document, replaced when the selection changes.
/// A clean sample: deliberate creation is not a re-creation.
enum DocumentScenario {
  final class DocumentModel: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var title: String
    @Tracked var scrollOffset = 0

    init(id: Int) { title = "Document \(id)" }
  }

  final class Library: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var selectedID = 1
  }

  struct LibraryScreen: HarnessView {
    @ViewObservedObject var library: Library
    func body(_ content: inout ViewContent) {
      content.child(DocumentViewer(documentID: library.selectedID))
    }
  }

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

  static let taskID = Scenario(
    name: "document-task-id", title: "open three documents, one model each", modes: [.propertyLevel]
  ) { tracking in
    let library = Library()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { LibraryScreen(library: library) }
    for id in 2...4 {
      Trace.mark("open document \(id)")
      library.selectedID = id
      harness.flush()
      Trace.mark("scroll")
      harness.view(DocumentViewer.self)?.model?.scrollOffset += 10
      harness.flush()
    }
  }
}
