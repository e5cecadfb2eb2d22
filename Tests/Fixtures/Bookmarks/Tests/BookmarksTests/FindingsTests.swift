import RedrawAnalysis
import RedrawHarness
import Testing

/// Every finding of the run of the screen as it is, each judged against the app's code and
/// the after run: all are true.
@Suite struct FindingsTests {
  @Test func eachFindingOfTheBeforeRunIsTrue() throws {
    let findings = try BookmarksScript.before(swiftUI: .xcode26).analyze().findings
    let listed = findings.map { finding in
      [
        finding.severity.rawValue, finding.rule, finding.view ?? "-",
        "\(finding.type ?? "-").\(finding.property ?? "-")",
        "×\(finding.count)",
      ].joined(separator: " ")
    }
    #expect(
      listed == [
        // True. BookmarkRow holds `@ObservedObject var rowModel: BookmarkRowViewModel`, an
        // ObservableObject of `let`s with no `@Published` property: the row subscribes to an
        // object that never changes, and the message says the run read and wrote nothing of
        // it. (The fix's other reading, a model that does not record, is not this one.)
        "error uninstrumented-model BookmarkRow BookmarkRowViewModel.- ×38",
        // True. The title reads only isMultiSelecting; typing "in", the debounced search and
        // Clear write searchText (and filteredItems in one update), and its @ObservedObject
        // re-evaluates it. The after run does not evaluate it then (PredictionTests).
        "warning over-broad-invalidation BookmarkCardTitleView BookmarkPodcastListViewModel.searchText ×4",
        // True, as for the title: the multi-select header reads hasSelectedAll and
        // isMultiSelecting only.
        "warning over-broad-invalidation BookmarkListMultiSelectHeaderView BookmarkPodcastListViewModel.searchText ×4",
        // True. updateCounts() assigns hasSelectedAll on every change of the selection, and
        // its value changed once in seven writes; three evaluations of the header came of the
        // equal ones alone (the long press, the second tap, the reload after deleting).
        "warning equal-value-write - BookmarkPodcastListViewModel.hasSelectedAll ×3",
        // True. The list reads the items and counts, not the search text; three keystroke and
        // clear updates re-evaluated it, and the rows under it (the message's 36 more).
        "warning over-broad-invalidation BookmarksListView BookmarkPodcastListViewModel.searchText ×3",
        // True. The title does not read items; the database's removal and the lapse reload
        // them with numberOfItems in the same update (which the message says).
        "warning over-broad-invalidation BookmarkCardTitleView BookmarkPodcastListViewModel.items ×2",
        // True. selectedItems changes (with the counts) on the long press and the tap; the
        // title does not read it.
        "warning over-broad-invalidation BookmarkCardTitleView BookmarkPodcastListViewModel.selectedItems ×2",
        // True. BookmarksUpgradeViewModel's init (PlusAccountPromptViewModel.init's
        // loadPrices()) asks StoreKit for products and observes their arrival; it ran once
        // here, and as `State(initialValue:)` after the move it would run on every re-creation.
        "warning side-effect-in-init BookmarksLockedStateView BookmarksUpgradeViewModel.- ×2",
        // True. The first debounced value, "", calls cancelSearch(), which assigns
        // searchText, filteredItems and isSearching the values they had; the list, which
        // reads isSearching and not the text, re-evaluated for it alone.
        "warning equal-value-write - BookmarkPodcastListViewModel.isSearching ×1",
        // True. The sync's reload assigns items [] while the list is locked and already empty;
        // the list re-evaluated for it alone.
        "warning equal-value-write - BookmarkPodcastListViewModel.items ×1",
        // True. In the first debounced value's update the screen re-evaluated too, for the text it reads making the
        // field's binding (`$viewModel.searchText`: a binding keeps the value it is made
        // with), which cancelSearch() assigned "" again.
        "warning equal-value-write - BookmarkPodcastListViewModel.searchText ×1",
        // True: the cleared search's update wrote filteredItems, isSearching and searchText;
        // the title and the header read none of them.
        "warning over-broad-invalidation BookmarkCardTitleView BookmarkPodcastListViewModel.filteredItems ×1",
        "warning over-broad-invalidation BookmarkCardTitleView BookmarkPodcastListViewModel.isSearching ×1",
        "warning over-broad-invalidation BookmarkListMultiSelectHeaderView BookmarkPodcastListViewModel.filteredItems ×1",
        "warning over-broad-invalidation BookmarkListMultiSelectHeaderView BookmarkPodcastListViewModel.isSearching ×1",
        // True. The list shows the locked state by then and reads only the feature; the
        // sync's reload assigns items and numberOfItems their values and intersects the
        // selection, and the list's @ObservedObject re-evaluates it. With @Observable it is
        // not (the after run agrees). The write charged is selectedItems, the one that changed
        // a value; in the app it does not publish (the port records its writes by hand), and
        // the message names items among the update's other writes.
        "warning over-broad-invalidation BookmarksListView BookmarkPodcastListViewModel.selectedItems ×1",
        // True. Tapping the second bookmark changes the selection and its counts; the screen
        // reads none of them. Charged to selectedItems, as above; numberOfSelectedItems is
        // the write that publishes.
        "warning over-broad-invalidation BookmarksPodcastListView BookmarkPodcastListViewModel.selectedItems ×1",
      ])
  }
}
