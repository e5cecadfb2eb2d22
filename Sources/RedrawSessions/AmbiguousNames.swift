import RedrawReading

/// Property names the recorder could not tell apart, and what a write to a property means
/// for the views that read them.
///
/// An `@Observable` class without the named `access(keyPath:_:)` member records a property
/// the recorder cannot name yet after every candidate: `<email|password>` is a read (or a
/// write) of one of the two, `<unnamed String>` of some property of its type (see
/// docs/getting-started.md). Such a name is never evidence of waste:
///
/// - A read of `<email|password>` counts as a read of `email` and of `password`: a write to
///   either is one the view needed, and so is a write recorded as `<email|password>` to a
///   view that read either, or a name sharing an alternative. A read of `<unnamed String>`
///   counts as a read of every property of its type.
/// - Counting the properties a view read, an ambiguous name counts once, and not at all
///   when one of its alternatives is among the names read; lists of names in messages drop
///   it the same way (``collapsed(_:)``), so no message lists a name beside its own
///   alternative.
///
/// The builder notes each property's name when it first sees it (``note(type:property:name:)``);
/// a write asks for the properties whose reads count as reads of it only when the session
/// noted an ambiguous name, so the cost is nil for every other trace.
package struct AmbiguousNames {
  /// Whether the session recorded no ambiguous name: the one check a write makes.
  private(set) var isEmpty = true
  /// The ambiguous properties seen, by type.
  private var byType: [StringID: [Entry]] = [:]
  /// Answers of ``aliases(of:type:name:strings:)`` by property (the builder's property
  /// index), valid while `generation` and the string table's count are the same.
  private var memo: [Int: Memo] = [:]
  private var generation = 0

  /// One ambiguous property of a type.
  private struct Entry {
    package var property: StringID
    package var alternatives: Alternatives
  }

  private struct Memo {
    package var generation: Int
    package var strings: Int
    package var aliases: Aliases
  }

  /// What an ambiguous name stands for.
  package enum Alternatives: Equatable {
    /// One of these properties.
    case oneOf([String])
    /// Some property of its type (`<unnamed String>`).
    case any
  }

  /// The properties whose reads count as reads of a written property, besides itself.
  package struct Aliases {
    /// Property ids (`StringID` raw values) of the same type.
    package var properties: [Int32] = []
    /// Whether any property's read counts: the write's own name is `<unnamed …>`.
    package var all = false

    /// Whether the sorted read keys of the object in `slot` hold one that counts.
    package func match(_ reads: [ReadKey], slot: Int) -> Bool {
      if all {
        // The object's first key, unless it is the subscription's, which sorts last.
        let position = reads.lowerBound(.lowest(ofSlot: slot))
        return position < reads.count && reads[position].slot == slot
          && reads[position].property != ReadKey.subscriptionProperty
      }
      return properties.contains { reads.holds(ReadKey(slot: slot, property: $0)) }
    }

    /// Whether a read of `property` counts (a subscription is no read of a property).
    package func match(property: Int32) -> Bool {
      property != ReadKey.subscriptionProperty && (all || properties.contains(property))
    }
  }

  // MARK: - Names

  /// What `name` stands for, when the recorder could not tell the property: `<a|b>` or
  /// `<unnamed T>`; nil for a property's own name (no Swift identifier starts with `<`).
  package static func alternatives(_ name: String) -> Alternatives? {
    guard name.utf8.first == UInt8(ascii: "<"), name.utf8.last == UInt8(ascii: ">") else { return nil }
    let inside = name.dropFirst().dropLast()
    if inside.hasPrefix("unnamed ") { return .any }
    return .oneOf(inside.split(separator: "|").map(String.init))
  }

  /// `names` (`property` or `Type.property`) without the ambiguous ones one of whose
  /// alternatives is among them, in their order: what a message lists.
  package static func collapsed(_ names: [String]) -> [String] {
    guard names.contains(where: isAmbiguous) else { return names }
    let plain = Set(names.filter { !isAmbiguous($0) })
    return names.filter { name in
      guard isAmbiguous(name), let open = name.firstIndex(of: "<") else { return true }
      let prefix = name[..<open]
      switch alternatives(String(name[open...])) {
      case .oneOf(let options)?: return !options.contains { plain.contains(prefix + $0) }
      case .any?: return !plain.contains { $0.hasPrefix(prefix) }
      case nil: return true
      }
    }
  }

  /// Whether `name` (`property` or `Type.property`) ends as an ambiguous name does: the
  /// one test ``collapsed(_:)`` makes of every name.
  private static func isAmbiguous(_ name: String) -> Bool { name.utf8.last == UInt8(ascii: ">") }

  // MARK: - Building

  /// Notes the name of a property seen for the first time; keeps it when it is ambiguous.
  package mutating func note(type: StringID, property: StringID, name: String) {
    guard let alternatives = Self.alternatives(name) else { return }
    byType[type, default: []].append(Entry(property: property, alternatives: alternatives))
    isEmpty = false
    generation += 1
  }

  /// The properties of `type` whose reads count as reads of `property` (named `name`),
  /// written now, besides `property` itself.
  ///
  /// - Complexity: O(1) when asked again for the same property; otherwise O(ambiguous
  ///   names of the type × their alternatives).
  package mutating func aliases(of property: StringID, type: StringID, index: Int, strings: borrowing StringTable)
    -> Aliases
  {
    if let known = memo[index], known.generation == generation, known.strings == strings.count {
      return known.aliases
    }
    var aliases = Aliases()
    let name = strings[property]
    let own = Self.alternatives(name)
    if own == .any { aliases.all = true }
    if case .oneOf(let options)? = own {
      // Reads recorded under one of the write's alternatives; a name never interned was never read.
      for option in options { if let id = strings.lookup(option) { aliases.properties.append(id.rawValue) } }
    }
    for entry in byType[type] ?? [] where entry.property != property {
      let counts: Bool
      switch (entry.alternatives, own) {
      case (.any, _), (_, .any?): counts = true
      case (.oneOf(let options), nil): counts = options.contains(name)
      case (.oneOf(let options), .oneOf(let written)?): counts = options.contains { written.contains($0) }
      }
      if counts { aliases.properties.append(entry.property.rawValue) }
    }
    memo[index] = Memo(generation: generation, strings: strings.count, aliases: aliases)
    return aliases
  }
}
