/// `List`, `LazyVStack`, `LazyHStack` and the lazy grids: rows made and evaluated only while
/// they are in view (docs/harness.md, "Lazy containers").
extension ViewContent {
  /// A lazy container a body declared: its rows' ids, gathered eagerly as `List` gathers
  /// them, how many are in view at once, and how to declare the rows of a range.
  struct LazyContainer {
    var ids: [AnyHashable]
    var visible: Int
    /// How many updates a row scrolled away keeps its state.
    var keptUpdates: Int
    /// Declares the rows at the indices of `range`, except those whose id is in `skipping`.
    var declare: (_ content: inout ViewContent, _ range: Range<Int>, _ skipping: Set<AnyHashable>) -> Void

    /// The first row of a window that shows none: a tab view whose selection names no tab,
    /// a link not pushed.
    static let hidden = Int.min

    /// The rows in view when the first one is `first`: `visible` of them, fewer at the end.
    func window(from first: Int) -> Range<Int> {
      guard first != Self.hidden else { return 0..<0 }
      let start = min(max(first, 0), max(ids.count - visible, 0))
      return start..<min(start + visible, ids.count)
    }
  }

  /// Declares a lazy container named `name` whose rows are `row(element)` for the elements of
  /// `data`, as `List(data, id:) { row($0) }` or `LazyVStack { ForEach(data, id:) { row($0) } }`:
  /// only the `visible` rows in view are made and evaluated, from the first (or where a test
  /// scrolled it with ``ViewHarness/scroll(_:to:in:node:)``). A row that scrolls out of view
  /// disappears (its `onDisappear` runs, its tasks are cancelled, its state goes), and one
  /// that scrolls in is made afresh, as the scrolling does not evaluate this body again.
  ///
  /// Each row's identity is its `id`, as `ForEach` gives it. An eager `VStack` of a `ForEach`
  /// is a loop of `content.child(row, id:)`: every row made and evaluated.
  ///
  /// - Parameters:
  ///   - name: The container's name, which a test scrolls it by.
  ///   - data: The elements, one row each.
  ///   - id: The key path to each element's identity.
  ///   - visible: How many rows are in view at once: the screenful (and the prefetched rows)
  ///     the app shows, which depends on the screen and the rows' height.
  ///   - keptUpdates: How many updates a row scrolled away keeps its state, unevaluated, in
  ///     case it comes back (WWDC26: lazy stacks keep rows "for a number of updates", a
  ///     number Apple does not give); 0, the default, lets it go at once.
  ///   - file: The call's file: with its line and column, where the rows are declared.
  ///   - line: The call's line.
  ///   - column: The call's column.
  ///   - row: Makes an element's row.
  ///   - modifiers: Actions attached to an element's row (``ViewModifiers``), as
  ///     `row(item).onAppear { … }` in the `ForEach`: `content.lazy("feed", items) { Row($0) }
  ///     modifiers: { item, row in row.onAppear { … } }`.
  public mutating func lazy<Data: RandomAccessCollection, ID: Hashable, Row: HarnessView>(
    _ name: String, _ data: Data, id: KeyPath<Data.Element, ID>, visible: Int = 10, keptUpdates: Int = 0,
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    row: @escaping (Data.Element) -> Row,
    modifiers: @escaping (Data.Element, inout ViewModifiers) -> Void = { _, _ in }
  ) {
    let elements = Array(data)
    declareLazy(name, ids: elements.map { AnyHashable($0[keyPath: id]) }, visible: visible, keptUpdates: keptUpdates) {
      content, index, id in
      content.child(
        row(elements[index]), id: id, modifiers: { modifiers(elements[index], &$0) }, file: file, line: line,
        column: column)
    }
  }

  /// Declares a lazy container whose row at an index `declareRow` declares, under `ids`, and
  /// its rows in view now.
  mutating func declareLazy(
    _ name: String, ids: [AnyHashable], visible: Int, keptUpdates: Int,
    declareRow: @escaping (_ content: inout ViewContent, _ index: Int, _ id: AnyHashable) -> Void
  ) {
    let kept = max(keptUpdates, 0)
    let container = LazyContainer(ids: ids, visible: max(visible, 0), keptUpdates: kept) { content, range, skipping in
      for index in range where !skipping.contains(ids[index]) {
        declareRow(&content, index, ids[index])
        content.children[content.children.count - 1].container = name
        content.children[content.children.count - 1].keptUpdates = kept
      }
    }
    lazyContainers[name] = container
    container.declare(&self, container.window(from: windows[name] ?? 0), [])
  }

  /// ``lazy(_:_:id:visible:keptUpdates:file:line:column:row:modifiers:)`` for `Identifiable` elements, by
  /// their `id`.
  public mutating func lazy<Data: RandomAccessCollection, Row: HarnessView>(
    _ name: String, _ data: Data, visible: Int = 10, keptUpdates: Int = 0, file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column, row: @escaping (Data.Element) -> Row,
    modifiers: @escaping (Data.Element, inout ViewModifiers) -> Void = { _, _ in }
  ) where Data.Element: Identifiable {
    lazy(
      name, data, id: \.id, visible: visible, keptUpdates: keptUpdates, file: file, line: line, column: column,
      row: row, modifiers: modifiers)
  }
}
