/// `TabView(selection:)`: the tabs a body declares, of which the runtime shows one
/// (docs/harness.md, "Tab views").
extension ViewContent {
  /// Which tabs of a `TabView` the runtime makes: it depends on the system the app runs on,
  /// not on the Xcode that builds it.
  public enum TabLoading: Sendable, Hashable {
    /// iOS 18 and later: a tab is made and evaluated when first shown, and keeps its state
    /// once another is shown (it disappears, its tasks are cancelled, it is not evaluated
    /// until shown again).
    case whenShown
    /// iOS 17: every tab is made, evaluated and appears with the `TabView`.
    case all
  }

  /// A tab view a body declared: how to find the tab it shows now.
  struct TabSelection {
    /// The index of the selected tab where the selection lives, for a binding to state (a
    /// change the declaring body does not see); nil when that body reads the selection.
    var shown: (() -> Int?)?
    /// Whether it is a navigation link's destination, which covers its screen when pushed.
    var navigation = false
  }

  /// Declares a tab view named `name` over `tags`, as `TabView(selection: $tab) { … }` with a
  /// `.tag(t)` on each tab: `tab(t)` is the tab of `t`, identified by its tag.
  ///
  /// The selection is a control: `harness.pick(t, from: name)` shows tab `t` (one user
  /// action), as tapping its tab item does; a write to the selection anywhere shows it
  /// too. The body that declares the tab view does not run for a new selection unless it
  /// reads it (`$tab` of a ``ViewState`` reads nothing; `$model.tab` reads the property);
  /// a `TabView` without `selection:` is this with a `@ViewState var tab` of the view's own,
  /// which only the tab view reads.
  ///
  /// - Parameters:
  ///   - name: The name a test picks tabs by.
  ///   - selection: The selected tag.
  ///   - tags: The tabs' tags, in order.
  ///   - loading: Which tabs the runtime makes: ``TabLoading/whenShown`` (iOS 18 and later,
  ///     the default) or ``TabLoading/all`` (iOS 17).
  ///   - file: The call's file: with its line and column, where the tabs are declared.
  ///   - line: The call's line.
  ///   - column: The call's column.
  ///   - tab: Makes a tag's tab, for every tag, when the body runs (as the body makes a
  ///     `TabView`'s content); tabs may be views of different types, as a `TabView`'s are
  ///     (`switch tag { case .home: HomeView() case .downloads: DownloadsView() }`).
  ///   - modifiers: Actions attached to a tag's tab (``ViewModifiers``).
  ///   - values: The environment values a tag's tab is given (`.environment(\.key, value)` on
  ///     the tab).
  public mutating func tabView<Tag: Hashable>(
    _ name: String = "Tab", selection: ViewBinding<Tag>, tags: [Tag], loading: TabLoading = .whenShown,
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    tab: (Tag) -> any HarnessView, modifiers: @escaping (Tag, inout ViewModifiers) -> Void = { _, _ in },
    values: @escaping (Tag, inout HarnessEnvironmentValues) -> Void = { _, _ in }
  ) {
    picker(name, selection: selection, options: tags)
    // Every tab's struct is made now, as the body makes a `TabView`'s content; the runtime
    // decides which it shows, from these.
    let tabs = tags.map { Tab(tag: $0, view: tab($0)) }
    let site = Site(file: file, line: line, column: column, modifiers: modifiers, values: values)
    guard loading == .whenShown else {
      for tab in tabs { declareTab(tab.view, tab.tag, at: site) }
      return
    }
    // A tab keeps its state for as long as the tab view lives.
    declareShown(name, selection: selection, tabs, keptUpdates: .max, at: site)
  }

  /// Declares the one of `tabs` that `selection` names, if any, as a container named `name`
  /// whose shown view follows the selection where it lives; one that stops being shown keeps
  /// its state for `keptUpdates` updates.
  mutating func declareShown<Tag: Hashable>(
    _ name: String, selection: ViewBinding<Tag>, _ tabs: [Tab<Tag>], keptUpdates: Int, navigation: Bool = false,
    at site: Site<Tag>
  ) {
    let tags = tabs.map(\.tag)
    // The value the binding was made with: the container's read, not the body's.
    let index = tags.firstIndex(of: selection.snapshot.value)
    var shown: (() -> Int?)?
    if case .state = selection.location.map(\.root) {
      shown = { tags.firstIndex(of: selection.valueWhereItLives) }
    }
    tabSelections[name] = TabSelection(shown: shown, navigation: navigation)
    windows[name] = index ?? LazyContainer.hidden
    declareLazy(name, ids: tags.map { AnyHashable($0) }, visible: 1, keptUpdates: keptUpdates) { content, index, _ in
      content.declareTab(tabs[index].view, tabs[index].tag, at: site)
    }
  }

  /// A tab's tag and the struct the body made for it.
  struct Tab<Tag: Hashable> {
    var tag: Tag
    var view: any HarnessView
  }

  /// Where a tab view is declared, and what it attaches to each tab.
  struct Site<Tag> {
    var file: StaticString
    var line: UInt
    var column: UInt
    var modifiers: (Tag, inout ViewModifiers) -> Void
    var values: (Tag, inout HarnessEnvironmentValues) -> Void
  }

  /// Declares a tab of whatever view type its closure made (tabs of one tab view differ in type).
  private mutating func declareTab<Tag: Hashable>(_ view: some HarnessView, _ tag: Tag, at site: Site<Tag>) {
    child(
      view, id: AnyHashable(tag), modifiers: { site.modifiers(tag, &$0) }, values: { site.values(tag, &$0) },
      file: site.file, line: site.line, column: site.column)
  }
}
