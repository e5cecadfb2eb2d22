/// The trace format's schema, version 1: the one description the code that spells it is
/// generated from (`EventKind`, `EventKey` and `EventSchema` in RedrawSchema, the fast
/// parser's `FastKey` tables, the session builder's counters). docs/trace-format.md says the
/// same for people; `EventSchemaTests` holds the two together.
enum TraceFormat {
  /// A key: its name as the format spells it, the type of its value, and whether the fast
  /// parser knows it (every key of the kinds it parses but the rare `binding` and `closure`;
  /// not the keys of `meta` lines). Raw values follow this order, fast keys first; they stay under 32.
  struct Key {
    var name: String
    var type: ValueType
    var fast: Bool

    init(_ name: String, _ type: ValueType, fast: Bool = false) {
      self.name = name
      self.type = type
      self.fast = fast
    }
  }

  /// The types a key's value can have (`EventKey.ValueType`).
  enum ValueType: String, CaseIterable {
    case eventKind, integer, string, bodyCause, effectKind, boolean, swiftUIBuild
  }

  /// An event kind: its name, what it is, and its keys in the order writers put them.
  struct Kind {
    var name: String
    var summary: [String]
    var keys: [(name: String, required: Bool)]
    /// Whether the kind begins with the common `e`, `t`, `tid` (all but `meta`, `lost` and
    /// the reader's `unknown`).
    var common: Bool

    init(_ name: String, _ summary: [String], common: Bool = true, _ keys: [String]) {
      self.name = name
      self.summary = summary
      self.common = common
      // `name!` is required.
      self.keys = keys.map { $0.hasSuffix("!") ? (String($0.dropLast()), true) : ($0, false) }
    }

    /// Every key, `e` (and `t`, `tid`) first.
    var allKeys: [(name: String, required: Bool)] {
      (common ? [("e", true), ("t", true), ("tid", true)] : [("e", true)]) + keys
    }
  }

  static let keys: [Key] = [
    Key("e", .eventKind, fast: true), Key("t", .integer, fast: true), Key("tid", .integer, fast: true),
    Key("id", .integer, fast: true), Key("obj", .integer, fast: true), Key("type", .string, fast: true),
    Key("prop", .string, fast: true), Key("view", .string, fast: true), Key("node", .integer, fast: true),
    Key("parent", .integer, fast: true), Key("cause", .bodyCause, fast: true), Key("site", .string, fast: true),
    Key("owner", .integer, fast: true), Key("kind", .effectKind, fast: true), Key("detail", .string, fast: true),
    Key("name", .string, fast: true), Key("count", .integer, fast: true), Key("same", .boolean, fast: true),
    Key("closure", .boolean), Key("binding", .boolean),
    Key("version", .integer), Key("format", .string), Key("scenario", .string), Key("app", .string),
    Key("startedAt", .string), Key("session", .integer), Key("swiftUI", .swiftUIBuild),
  ]

  /// The kinds, in the order of `EventKind`'s raw values; `unknown` last.
  static let kinds: [Kind] = [
    Kind(
      "meta", ["A session starts."], common: false,
      ["format!", "version!", "app", "startedAt", "scenario", "session", "swiftUI"]),
    Kind(
      "body", ["A view's body evaluation begins (a span)."],
      ["id!", "view!", "node!", "parent", "cause", "obj", "type", "prop", "site"]),
    Kind("init", ["An initializer run begins (a span)."], ["id!", "type!", "site", "owner"]),
    Kind("end", ["A span ends."], ["id!", "obj"]),
    Kind("read", ["A property of an object is read."], ["obj!", "type!", "prop!"]),
    Kind("write", ["A property of an object is written."], ["obj!", "type!", "prop!", "site", "same"]),
    Kind("effect", ["A side effect starts."], ["kind!", "detail", "site"]),
    Kind("deinit", ["An object is released."], ["obj!", "type!"]),
    Kind("mark", ["A named point in time."], ["name!"]),
    Kind(
      "lost", ["RedrawTrace dropped events: its destination could not keep up."], common: false,
      ["t", "tid", "count"]),
    Kind(
      "action", ["A user action's span (an addition to version 1: readers that do not know it skip it)."],
      ["id!", "name!", "node", "binding"]),
    Kind(
      "observe", ["A body's subscription to an object (an addition to version 1, like `action`)."],
      ["obj!", "type!", "detail", "count"]),
    Kind(
      "struct",
      [
        "A view struct made for a node: its parent's body declared it (an addition to version 1,",
        "like `action`; the harness writes it).",
      ], ["view!", "node!", "parent", "same", "closure"]),
    Kind(
      "unmount", ["A view node left the tree: its identity ended (an addition to version 1, like `action`)."],
      ["view!", "node!"]),
    Kind(
      "bind",
      [
        "A body made a binding to a property of an object (`$model.query`; an addition to",
        "version 1, like `action`).",
      ], ["obj!", "type!", "prop"]),
    Kind(
      "discard",
      [
        "A view's initializer assigned a state property that has an inline default: SwiftUI",
        "keeps the default and the value is lost (an addition to version 1, like `action`;",
        "the harness writes it).",
      ], ["view!", "node!", "prop!"]),
  ]
}
