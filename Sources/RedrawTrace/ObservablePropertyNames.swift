import CRedrawPlatform
import RedrawPlatform

/// The names of the properties of `@Observable` classes that record through a
/// ``ModelTracking``, resolved once per property and cached.
///
/// `@Observable` turns each stored property into a computed one whose key path has no name
/// to show (`\Feed.<computed 0x… (Int)>` on Linux), backed by a stored `_name` property.
/// Names come from, most reliable first:
///
/// 1. The property's own getter and `_modify` accessor: the instrumented class's
///    `access(keyPath:_:)` and the registrar's `willSet` take `#function`, which is the
///    property's name there. A name is used once `Mirror` shows its `_name` backing field
///    among the declaring class's own stored properties, holding a value of the key path's
///    type; otherwise (a call from a method or another computed property) the key path is
///    named as below.
/// 2. A key path named before by 1, or by 3, compared with `==`.
/// 3. The key path itself, against the declaring class's backing fields (`_name` in
///    `Mirror`) that hold a value of its type and no other key path has claimed: the one
///    left, or the one whose value equals (`==`, or `===` for objects) the key path's value
///    (read through it), or, for a write, the one the mutation changed. A read-only key
///    path is no tracked property's (`@Observable` gives each a setter): it is a computed
///    property's, named after that property's `#function`.
///
/// When none of that decides (two `String` properties, both empty, read before either is
/// written, in a class without the named `access`), the event is named after every
/// candidate, `<email|password>`, or `<unnamed String>` when there is none, and the
/// property is tried again later (on its 2nd, 4th, 8th, … event), since values diverge.
/// A name is never guessed.
enum ObservablePropertyNames {
  /// The names of resolved properties, by type and key: read on every recorded event.
  static let cache = PropertyNameCache(publishesTable: true)
  private static let state = Locked(State())
  // The `tid` of the thread that resolves a name now (0 for none) is a C switch,
  // `redraw_resolving_thread`: its reads of the key path, which come back here, are neither
  // resolved nor recorded, and while it is set no access takes the simple path.

  /// An event's names, interned, and as strings for observers of reads and writes.
  struct Names {
    var type: TraceName
    var property: TraceName
    var typeName: String
    var propertyName: String

    /// The two names in one word, as ``PropertyNameCache`` stores them: a record's names
    /// word (``RecordHeader/word(_:_:)``), which the recording path writes as it is.
    var packed: Int64 { Int64(bitPattern: RecordHeader.word(type, property)) }

    /// The type's and the property's names in a ``packed`` word.
    static func unpack(_ value: Int64) -> (type: TraceName, property: TraceName) {
      RecordHeader.names(of: UInt64(bitPattern: value))
    }
  }

  /// A write whose property is not known yet: the candidates' values before it.
  struct PendingWrite {
    fileprivate var before: [BackingField]
  }

  /// What an access is named.
  enum Resolution {
    case names(Names)
    /// A write that the mutation will name: pass it to ``resolve(_:of:after:)`` once done.
    case pending(PendingWrite)
    /// A read the calling thread makes to resolve a name: not an event.
    case resolving
  }

  // MARK: - Resolving

  /// The names of an access to `keyPath` of `subject`.
  ///
  /// - Parameters:
  ///   - name: `#function` where the access was made, when the caller has it.
  ///   - write: Whether it is a write. A write's key path is not read (its value is about
  ///     to change); one that cannot be named yet is pending when `canWait`.
  static func resolve<Subject: AnyObject, Member>(
    _ keyPath: KeyPath<Subject, Member>, of subject: Subject, name: StaticString?, write: Bool, canWait: Bool = false
  ) -> Resolution {
    withResolver(keyPath, subject, name) { resolver, type in
      resolver.resolve(&type, write: write, canWait: canWait)
    }
  }

  /// The names of a write that ``resolve(_:of:name:write:canWait:)`` left pending, now that
  /// the mutation has happened.
  static func resolve<Subject: AnyObject, Member>(
    _ keyPath: KeyPath<Subject, Member>, of subject: Subject, after pending: PendingWrite
  ) -> Resolution {
    withResolver(keyPath, subject, nil) { resolver, type in .names(resolver.settle(&type, pending: pending)) }
  }

  /// The names of an access that the explicit API's key-path form records
  /// (`Trace.read(cart, \.items)`), or nil for a read made to resolve a name.
  ///
  /// A key path of one step (``KeyPathSteps``) to a stored property is named after the
  /// property; one to a computed property, as an `@Observable` property's key path is (3.
  /// above, its value compared with every backing field's); a key path through stored
  /// properties only is named by its steps (`\.owner.name` is `owner.name`); any other key
  /// path (`\.items.count`, `\.owner?.name`) is `<unnamed Member>`, never guessed. The names
  /// are cached as the `@Observable` path's are.
  static func explicitNames<Subject: AnyObject, Member>(_ keyPath: KeyPath<Subject, Member>, of subject: Subject)
    -> Names?
  {
    let resolution = withResolver(keyPath, subject, nil) { resolver, type in
      if let known = type.keyPaths[keyPath]?.property { return .names(resolver.learn(known, in: &type)) }
      guard KeyPathSteps.isOneStep(keyPath) else {
        let name = KeyPathSteps.storedPath(keyPath) ?? "<unnamed \(Member.self)>"
        return .names(resolver.learn(name, in: &type))
      }
      if let stored = TrackedPropertyName.ofStoredProperty(keyPath) { return .names(resolver.learn(stored, in: &type)) }
      return resolver.resolve(&type, write: false, canWait: false)
    }
    guard case .names(let names) = resolution else { return nil }
    return names
  }

  /// The name an access already gave `keyPath`, a property `Subject` declares, if any: what
  /// names a binding to it exactly (a binding reads nothing to be named by).
  static func knownName<Subject: AnyObject, Member>(of keyPath: KeyPath<Subject, Member>) -> String? {
    state.withLock { $0.types[ObjectIdentifier(Subject.self)]?.keyPaths[keyPath]?.property }
  }

  private static func withResolver<Subject: AnyObject, Member>(
    _ keyPath: KeyPath<Subject, Member>, _ subject: Subject, _ name: StaticString?,
    _ body: (Resolver<Subject, Member>, inout TypeState) -> Resolution
  ) -> Resolution {
    let thread = Int64(ThreadContext.currentID)
    guard redraw_resolving_thread() != thread else { return .resolving }
    return state.withLock { state in
      redraw_set_resolving_thread(thread)
      defer { redraw_set_resolving_thread(0) }
      let resolver = Resolver(subject: subject, keyPath: keyPath, dynamicType: type(of: subject), name: name)
      state.types[ObjectIdentifier(Subject.self), default: TypeState()].lookups += 1
      return body(resolver, &state.types[ObjectIdentifier(Subject.self), default: TypeState()])
    }
  }

  // MARK: - State

  struct State {
    var types: [ObjectIdentifier: TypeState] = [:]
  }

  /// What is known of one declaring class.
  struct TypeState {
    var keyPaths: [AnyKeyPath: KeyPathState] = [:]
    /// `#function` names checked against the class's backing fields.
    var checkedNames: [String: Bool] = [:]
    /// Properties some key path was named after: no other key path is.
    var claimed: Set<String> = []
    /// Accesses that came here, not answered by the cache.
    var lookups = 0
  }

  /// Accesses to properties declared by `type` that the cache did not answer (for the tests).
  static func lookups(in type: AnyObject.Type) -> Int {
    state.withLock { $0.types[ObjectIdentifier(type)]?.lookups ?? 0 }
  }

  /// Whether the calling thread is resolving a name: its reads are not events.
  @inline(__always)
  static var isResolvingOnThisThread: Bool {
    let thread = redraw_resolving_thread()
    return thread != 0 && thread == Int64(ThreadContext.currentID)
  }

  struct KeyPathState {
    /// The property's name, once known.
    var property: String?
    /// The last key path object seen equal to this one. Seen again, it is one the runtime
    /// keeps (a key path literal of a non-generic class), and becomes a key of the cache.
    var lastSeen: AnyKeyPath
    /// Events named without a resolved name, to retry on the 2nd, 4th, 8th, …
    var unresolvedEvents = 0
    var fallback: String?
  }
}

/// A `_name` stored property `@Observable` made for the tracked property `name`.
struct BackingField {
  var name: String
  var value: Any

  /// Whether the field holds a `T`. A `nil` of one optional type casts to every other
  /// (`Modal?.none is SheetRoute?`), so a `nil` holds only its own type.
  func holds<T>(_: T.Type) -> Bool { Self.value(value, holds: T.self) }

  static func value<T>(_ value: Any, holds _: T.Type) -> Bool {
    guard value is T else { return false }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional, mirror.children.isEmpty else { return true }
    return type(of: value) == T.self
  }
}

// MARK: - Resolver

/// One resolution, under the lock of ``ObservablePropertyNames``.
private struct Resolver<Subject: AnyObject, Member> {
  let subject: Subject
  let keyPath: KeyPath<Subject, Member>
  let dynamicType: AnyObject.Type
  let name: StaticString?

  var typeKey: UInt { UInt(bitPattern: ObjectIdentifier(dynamicType)) }

  func resolve(_ type: inout ObservablePropertyNames.TypeState, write: Bool, canWait: Bool)
    -> ObservablePropertyNames.Resolution
  {
    let given = givenName
    // 1. The accessor's own name.
    if let given, isBackingField(given, in: &type) {
      let names = learn(given, in: &type)
      if let key = nameKey { ObservablePropertyNames.cache.insert(type: typeKey, key: key, value: names.packed) }
      return .names(names)
    }
    // 2. A key path named before; one that could not be, tried again on its 2nd, 4th, … event.
    if let entry = type.keyPaths[keyPath] {
      if let known = entry.property { return .names(learn(known, in: &type)) }
      if let fallback = entry.fallback, (entry.unresolvedEvents + 1) & entry.unresolvedEvents != 0 {
        type.keyPaths[keyPath]?.unresolvedEvents += 1
        return .names(interned(fallback))
      }
    }
    // A read-only key path is no property `@Observable` tracks (they all have setters): a
    // computed property reporting its own key path, named after itself.
    guard keyPath is ReferenceWritableKeyPath<Subject, Member> else {
      if let given { return .names(learn(given, in: &type)) }
      return .names(unresolved([], in: &type))
    }
    // 3. The key path against the backing fields.
    let candidates = backingFields(in: type)
    if write, canWait, candidates.count > 1 {
      return .pending(ObservablePropertyNames.PendingWrite(before: candidates))
    }
    let matching = write ? candidates : matchingValue(candidates)
    if matching.count == 1 { return .names(learn(matching[0].name, in: &type)) }
    return .names(unresolved(matching.isEmpty ? candidates : matching, in: &type))
  }

  func settle(_ type: inout ObservablePropertyNames.TypeState, pending: ObservablePropertyNames.PendingWrite)
    -> ObservablePropertyNames.Names
  {
    if let known = type.keyPaths[keyPath]?.property { return learn(known, in: &type) }
    let after = backingFields(in: type)
    let changed = pending.before.filter { field in
      guard let now = after.first(where: { $0.name == field.name }) else { return false }
      return sameValue(field.value, now.value) == false
    }
    if changed.count == 1 { return learn(changed[0].name, in: &type) }
    return unresolved(pending.before, in: &type)
  }

  // MARK: - Names

  /// `#function`, when it can be a property's name (not a method's: `load()`).
  var givenName: String? {
    guard let name, name.hasPointerRepresentation else { return nil }
    let text = name.description
    guard !text.isEmpty, !text.contains("(") else { return nil }
    return text
  }

  var nameKey: UInt? {
    guard let name, name.hasPointerRepresentation else { return nil }
    return UInt(bitPattern: name.utf8Start)
  }

  /// Whether the declaring class has a backing field `_name` holding a value of the key
  /// path's type.
  func isBackingField(_ name: String, in type: inout ObservablePropertyNames.TypeState) -> Bool {
    if let checked = type.checkedNames[name] { return checked }
    let found = ownStoredProperties().contains { $0.name == name && $0.holds(Member.self) }
    type.checkedNames[name] = found
    return found
  }

  /// Records that the key path names `property`, caches it, and returns the names.
  func learn(_ property: String, in type: inout ObservablePropertyNames.TypeState) -> ObservablePropertyNames.Names {
    let previous = type.keyPaths[keyPath]
    var entry = previous ?? ObservablePropertyNames.KeyPathState(property: nil, lastSeen: keyPath)
    let names = interned(property)
    if entry.property == nil {
      entry.property = property
      entry.fallback = nil
      type.claimed.insert(property)
    }
    // A key path object seen twice is one the runtime keeps (a literal of a non-generic
    // class; a generic class's are made anew for each access): retained for good, its
    // address stays unique, and keys the cache.
    let key = UInt(bitPattern: ObjectIdentifier(keyPath))
    if previous?.lastSeen === keyPath, entry.property == property,
      ObservablePropertyNames.cache.value(type: typeKey, key: key) == nil
    {
      _ = Unmanaged.passRetained(keyPath as AnyKeyPath)
      ObservablePropertyNames.cache.insert(type: typeKey, key: key, value: names.packed)
    }
    entry.lastSeen = keyPath
    type.keyPaths[keyPath] = entry
    return names
  }

  /// The names of an event whose property cannot be told yet: after every candidate.
  func unresolved(_ candidates: [BackingField], in type: inout ObservablePropertyNames.TypeState)
    -> ObservablePropertyNames.Names
  {
    var entry = type.keyPaths[keyPath] ?? ObservablePropertyNames.KeyPathState(property: nil, lastSeen: keyPath)
    entry.lastSeen = keyPath
    entry.unresolvedEvents += 1
    let name =
      candidates.isEmpty
      ? "<unnamed \(Member.self)>" : "<" + candidates.map(\.name).joined(separator: "|") + ">"
    entry.fallback = name
    type.keyPaths[keyPath] = entry
    return interned(name)
  }

  func interned(_ property: String) -> ObservablePropertyNames.Names {
    let recorder = Recorder.shared
    return ObservablePropertyNames.Names(
      type: recorder.intern(dynamicType), property: recorder.intern(property),
      typeName: String(describing: dynamicType), propertyName: property)
  }

  // MARK: - Backing fields

  /// The stored properties the declaring class itself declares, as `Mirror` shows them.
  func ownStoredProperties() -> [BackingField] {
    var mirror: Mirror? = Mirror(reflecting: subject)
    while let current = mirror, current.subjectType != Subject.self { mirror = current.superclassMirror }
    guard let own = mirror else { return [] }
    return own.children.compactMap { child in
      guard let label = child.label, label.count > 1, label.hasPrefix("_"), !label.hasPrefix("_$") else { return nil }
      return BackingField(name: String(label.dropFirst()), value: child.value)
    }
  }

  /// The backing fields the key path can be: of its type, and claimed by no other key path.
  func backingFields(in type: ObservablePropertyNames.TypeState) -> [BackingField] {
    ownStoredProperties().filter { $0.holds(Member.self) && !type.claimed.contains($0.name) }
  }

  /// The candidates whose value is the key path's (those that cannot be compared stay). The
  /// value is read through the key path: the getter `@Observable` made, whose report of the
  /// read comes back to ``ObservablePropertyNames`` on this thread, and is ignored.
  func matchingValue(_ candidates: [BackingField]) -> [BackingField] {
    guard candidates.count > 1 else { return candidates }
    let value: Any = subject[keyPath: keyPath]
    return candidates.filter { sameValue(value, $0.value) != false }
  }
}

// MARK: - Comparing values

/// Whether two values are equal (`==`), or the same object (`===`); optionals by their
/// payloads and collections element by element, so a write that gives a `nil` object
/// property a value, or an empty array of existentials an element, shows which property
/// changed. Nil when they cannot be compared.
func sameValue(_ left: Any, _ right: Any) -> Bool? {
  if let left = left as? any Equatable { return left.isEqual(toAny: right) }
  if type(of: left) is AnyObject.Type, type(of: right) is AnyObject.Type {
    return (left as AnyObject) === (right as AnyObject)
  }
  let (leftMirror, rightMirror) = (Mirror(reflecting: left), Mirror(reflecting: right))
  switch (leftMirror.displayStyle, rightMirror.displayStyle) {
  case (.optional, .optional), (.collection, .collection):
    guard leftMirror.children.count == rightMirror.children.count else { return false }
    var same = true
    for (leftChild, rightChild) in zip(leftMirror.children, rightMirror.children) {
      guard let equal = sameValue(leftChild.value, rightChild.value) else { return nil }
      same = same && equal
    }
    return same
  default:
    return nil
  }
}

extension Equatable {
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
