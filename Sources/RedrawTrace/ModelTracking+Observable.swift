import CRedrawPlatform
import Observation

// MARK: - The registrar of an @Observable class

/// A ``ModelTracking`` is also an observation registrar for `@Observable` classes: declared
/// as the class's `_$observationRegistrar`, it receives every access the macro's code
/// makes, forwards it to its `ObservationRegistrar` (so `withObservationTracking` and
/// SwiftUI see each property as before) and records it, with the property's name.
///
/// ```swift
/// @Observable final class Feed: TrackedModel {
///   var posts: [String] = []
///
///   let tracking = ModelTracking()
///   private nonisolated var _$observationRegistrar: ModelTracking { tracking }
///   @available(*, unavailable) nonisolated func access<M>(keyPath: KeyPath<Feed, M>) {}
///   nonisolated func access<M>(keyPath: KeyPath<Feed, M>, _ name: StaticString = #function) {
///     tracking.access(self, keyPath: keyPath, name: name)
///   }
/// }
/// ```
///
/// `@Observable` declares its registrar only if the class has none, and its `access(keyPath:)`
/// only if the class has one of that signature: the unavailable one stops it, and calls go
/// to the one whose `#function` is the name of the property being read. Writes come through
/// the macro's `withMutation(keyPath:_:)` and, for in-place changes (`count += 1`,
/// `posts.append(x)`), through `willSet` and `didSet` of the registrar itself.
///
/// While nothing records, each access costs `@Observable`'s own work and two loads; while
/// recording, a lookup of the property's names in a table read without a lock. The first
/// access to a property resolves its name (see ``ObservablePropertyNames``).
extension ModelTracking {
  /// Registers a read of `keyPath` and records it as a read of the property `name`: what the
  /// class's own `access(keyPath:_:)` calls, with its `#function`.
  @inlinable
  public func access<Subject: Observable & AnyObject, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, name: StaticString
  ) {
    registrar.access(subject, keyPath: keyPath)
    if _slowPath(redraw_access_work() != 0),
      !recordCachedRead(type: Self.typeKey(subject), key: Self.key(name))
    {
      noteSlowly(subject, keyPath, name: name, write: false)
    }
  }

  /// Registers a read of `keyPath` and records it, the property named at run time: what the
  /// `access(keyPath:)` that `@Observable` generates calls when the class declares none.
  @inlinable
  public func access<Subject: Observable & AnyObject, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.access(subject, keyPath: keyPath)
    if _slowPath(redraw_access_work() != 0),
      !recordCachedRead(type: Self.typeKey(subject), key: Self.key(keyPath))
    {
      noteSlowly(subject, keyPath, name: nil, write: false)
    }
  }

  /// Records a write of `keyPath`, then makes `mutation` with observers notified: what the
  /// setter of an `@Observable` property calls, through `withMutation(keyPath:_:)`.
  @inlinable
  public func withMutation<Subject: Observable & AnyObject, Member, Result>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
  ) rethrows -> Result {
    if _slowPath(redraw_access_work() != 0 || hasWriteHandlers),
      !recordCachedWrite(type: Self.typeKey(subject), key: Self.key(keyPath))
    {
      return try withMutationSlowly(of: subject, keyPath: keyPath, mutation)
    }
    return try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
  }

  /// Records a write of `keyPath` and tells observers it is about to change: what the
  /// `_modify` accessor of an `@Observable` property calls (`count += 1`), `name` its
  /// `#function`.
  @inlinable
  public func willSet<Subject: Observable & AnyObject, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ name: StaticString = #function
  ) {
    if _slowPath(redraw_access_work() != 0 || hasWriteHandlers),
      !recordCachedWrite(type: Self.typeKey(subject), key: Self.key(name))
    {
      noteSlowly(subject, keyPath, name: name, write: true)
    }
    registrar.willSet(subject, keyPath: keyPath)
  }

  /// Tells observers `keyPath` changed: what the `_modify` accessor calls after the change.
  @inlinable
  public func didSet<Subject: Observable & AnyObject, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.didSet(subject, keyPath: keyPath)
  }

  // MARK: - Keys

  /// The cache's key of the subject's class.
  @inlinable @inline(__always)
  static func typeKey<Subject: AnyObject>(_ subject: Subject) -> UInt {
    UInt(bitPattern: ObjectIdentifier(type(of: subject)))
  }

  /// The cache's key of a name: the address of its bytes (a literal's never moves).
  @inlinable @inline(__always)
  static func key(_ name: StaticString) -> UInt {
    name.hasPointerRepresentation ? UInt(bitPattern: name.utf8Start) : 0
  }

  /// The cache's key of a key path: its address, a key only once the cache retains it.
  @inlinable @inline(__always)
  static func key(_ keyPath: AnyKeyPath) -> UInt { UInt(bitPattern: ObjectIdentifier(keyPath)) }

  // MARK: - Recording

  /// Records a read whose names are cached, and tells the collection running on this thread,
  /// if any.
  ///
  /// The usual case, a recording and nothing else, makes no call and saves no register: the
  /// names are found and the record written in C (`redraw_record_named_access`); any other
  /// goes on to ``recordCachedSlowly(type:key:write:)``, a tail call (its arguments in the
  /// registers they came in).
  ///
  /// - Returns: false when the names are not cached yet: the slow path then does everything.
  @usableFromInline
  func recordCachedRead(type: UInt, key: UInt) -> Bool {
    if _fastPath(
      redraw_record_named_access(UInt64(type), UInt64(key), identity.state, 1) != 0)
    {
      return true
    }
    return recordCachedSlowly(type: type, key: key, write: false)
  }

  /// ``recordCachedRead(type:key:)`` for a write, which also tells the write handlers.
  @usableFromInline
  func recordCachedWrite(type: UInt, key: UInt) -> Bool {
    if _fastPath(!hasWriteHandlers),
      _fastPath(redraw_record_named_access(UInt64(type), UInt64(key), identity.state, 2) != 0)
    {
      return true
    }
    return recordCachedSlowly(type: type, key: key, write: true)
  }

  /// An access whose names may be cached, off the simple path: while a name is resolved, a
  /// collection runs, a scoped session records, a write has handlers or the thread's chunk is
  /// full; or its names are not cached (then it returns false).
  @usableFromInline @inline(never)
  func recordCachedSlowly(type: UInt, key: UInt, write: Bool) -> Bool {
    guard let value = PropertyNameCache.sharedValue(type: type, key: key) else { return false }
    // A read made to compare values while a name is resolved.
    if _slowPath(ObservablePropertyNames.isResolvingOnThisThread) { return true }
    let unpacked = ObservablePropertyNames.Names.unpack(value)
    // The names as strings, if a collection or a handler asks, from the recorder's table:
    // the resolver's lock is not taken.
    note(
      type: unpacked.type, property: unpacked.property, write: write,
      strings: Recorder.shared.strings(unpacked.type, unpacked.property))
    return true
  }

  /// Resolves the names of an access, then records it and tells collectors and handlers.
  @usableFromInline
  func noteSlowly<Subject: AnyObject, Member>(
    _ subject: Subject, _ keyPath: KeyPath<Subject, Member>, name: StaticString?, write: Bool
  ) {
    guard case .names(let names) = ObservablePropertyNames.resolve(keyPath, of: subject, name: name, write: write)
    else { return }
    note(names, write: write)
  }

  /// A write on the slow path. One that cannot be named before the mutation (two
  /// candidates of one type) is named by what the mutation changed, and recorded after it.
  @usableFromInline
  func withMutationSlowly<Subject: Observable & AnyObject, Member, Result>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
  ) rethrows -> Result {
    switch ObservablePropertyNames.resolve(keyPath, of: subject, name: nil, write: true, canWait: true) {
    case .names(let names):
      note(names, write: true)
      return try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
    case .pending(let pending):
      let result = try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
      if case .names(let names) = ObservablePropertyNames.resolve(keyPath, of: subject, after: pending) {
        note(names, write: true)
      }
      return result
    case .resolving:
      return try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
    }
  }

  private func note(_ names: ObservablePropertyNames.Names, write: Bool) {
    note(
      type: names.type, property: names.property, write: write, strings: (names.typeName, names.propertyName))
  }

  /// Records an access to the property with these interned names, and tells the observers
  /// of accesses: what every path does once it has the names, but the simple one.
  @inline(__always)
  func note(
    type: TraceName, property: TraceName, write: Bool, strings: @autoclosure () -> (String, String)
  ) {
    if RecordingSwitch.isOn {
      identity.noteType(type)
      Recorder.recordAccess(write: write, object: identity.objectID, type: type, property: property, same: false)
    }
    if _slowPath(ModelObservation.isCollecting || (write && hasWriteHandlers)) {
      tellObservers(write: write, strings: strings())
    }
  }

  /// Tells the collection running on this thread and, for a write, the handlers of
  /// ``observeWrites(_:)``, whichever there are; `strings` (the type's and the property's
  /// names) is spelled only for them.
  func tellObservers(write: Bool, strings: @autoclosure () -> (String, String)) {
    let collecting = ModelObservation.isCollecting
    let handled = write && hasWriteHandlers
    guard _slowPath(collecting || handled) else { return }
    let (type, property) = strings()
    if collecting { ModelObservation.note(self, type: type, property: property, write: write) }
    if handled { notifyWrite(type: type, property: property) }
  }

  /// Calls the write handlers with a write to `property`.
  func notifyWrite(type: String, property: String) {
    let handlers = writeHandlers.withLock { Array($0.values) }
    guard !handlers.isEmpty else { return }
    let write = TrackedWrite(objectID: identity.objectID, type: type, property: property)
    for handler in handlers { handler(write) }
  }
}
