import RedrawHarness
import RedrawTrace

/// A reading list screen: once reading the whole model to hand pieces to its children,
/// once passing the model so each child reads only what it shows.
enum ReadingListScenario {
  final class ReadingList: TrackedModel {
    let tracking = ModelTracking()
    @Tracked var title = "To read"
    @Tracked var books = ["Dune", "Emma", "Ulysses"]
    @Tracked var unreadCount = 3
    @Tracked var sortOrder = "title"
  }

  // MARK: - Whole model in the parent

  struct WideScreen: HarnessView {
    @ViewObservedObject var list: ReadingList
    func body(_ content: inout ViewContent) {
      content.child(Header(title: list.title))
      content.child(BookList(books: list.books))
      content.child(CountBadge(count: list.unreadCount))
      content.child(SortPicker(order: list.sortOrder))
    }
  }

  struct Header: HarnessView {
    let title: String
    func body(_ content: inout ViewContent) { content.text(title) }
  }

  struct BookList: HarnessView {
    let books: [String]
    func body(_ content: inout ViewContent) { content.text(books.joined(separator: ", ")) }
  }

  struct CountBadge: HarnessView {
    let count: Int
    func body(_ content: inout ViewContent) { content.text("\(count)") }
  }

  struct SortPicker: HarnessView {
    let order: String
    func body(_ content: inout ViewContent) { content.text(order) }
  }

  // MARK: - Narrow reads in the children

  struct NarrowScreen: HarnessView {
    @ViewObservedObject var list: ReadingList
    func body(_ content: inout ViewContent) {
      content.child(NarrowHeader(list: list))
      content.child(NarrowBookList(list: list))
      content.child(NarrowCountBadge(list: list))
      content.child(NarrowSortPicker(list: list))
    }
  }

  struct NarrowHeader: HarnessView {
    @ViewObservedObject var list: ReadingList
    func body(_ content: inout ViewContent) { content.text(list.title) }
  }

  struct NarrowBookList: HarnessView {
    @ViewObservedObject var list: ReadingList
    func body(_ content: inout ViewContent) { content.text(list.books.joined(separator: ", ")) }
  }

  struct NarrowCountBadge: HarnessView {
    @ViewObservedObject var list: ReadingList
    func body(_ content: inout ViewContent) { content.text("\(list.unreadCount)") }
  }

  struct NarrowSortPicker: HarnessView {
    @ViewObservedObject var list: ReadingList
    func body(_ content: inout ViewContent) { content.text(list.sortOrder) }
  }

  static func markBooksRead(_ list: ReadingList, _ harness: ViewHarness) {
    for book in ["Dune", "Emma", "Ulysses"] {
      Trace.mark("mark \(book) read")
      list.unreadCount -= 1
      harness.flush()
    }
  }

  static let wholeModel = Scenario(
    name: "reading-list-whole-model", title: "mark books read, parent reads the whole model", modes: [.propertyLevel]
  ) { tracking in
    let list = ReadingList()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { WideScreen(list: list) }
    markBooksRead(list, harness)
  }

  static let narrow = Scenario(
    name: "reading-list-narrow", title: "mark books read, children read what they show", modes: [.propertyLevel]
  ) { tracking in
    let list = ReadingList()
    let harness = ViewHarness(tracking: tracking, swiftUI: Scenario.swiftUI) { NarrowScreen(list: list) }
    markBooksRead(list, harness)
  }
}
