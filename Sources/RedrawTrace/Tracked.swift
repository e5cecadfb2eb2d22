import CRedrawPlatform
import Observation

/// An observable, recorded property of a ``TrackedModel`` class.
///
/// Reading the property registers it with the model's `ObservationRegistrar` (so
/// `withObservationTracking` and SwiftUI track it per property, as with `@Observable`)
/// and records a `read` event; assigning it notifies observers and records a `write`
/// event. The event's `prop` is the property's own name, found by where its storage lies
/// among the class's fields (once per type); nothing is typed by hand.
///
/// An assignment of a value equal to the one before is recorded with `"same":true` where
/// `@Observable` would not report it (a change in place, `items.append(x)`, never is: the
/// macro's `_modify` compares nothing), which the compiler decides from the property's declared
/// type, as it picks the macro's `shouldNotifyObservers` overload: an `Equatable` type is
/// compared with `==`, a class with `===`, anything else never. So in a generic class
/// (`final class Box<Value>: TrackedModel { @Tracked var value: Value }`) every assignment
/// notifies and none is `same`, even in a `Box<Int>`, as with `@Observable`.
///
/// The wrapper only works on properties of a class conforming to ``TrackedModel``.
@propertyWrapper
public struct Tracked<Value>: TrackedStorage {
  @usableFromInline var value: Value
  /// The interned type and property names, resolved on the first recorded access.
  @usableFromInline var names: TrackedNames?
  /// How `@Observable` would compare an assignment, by the declared type.
  @usableFromInline let comparison: TrackedComparison

  /// A property of a type `@Observable` does not compare (not `Equatable`, not a class, or a
  /// generic parameter): every assignment is a change.
  public init(wrappedValue: Value) {
    value = wrappedValue
    comparison = .never
  }

  /// Unavailable: the compiler reaches the value through the enclosing-instance subscript, which only a
  /// `TrackedModel` class has.
  @available(*, unavailable, message: "@Tracked is only available on properties of TrackedModel classes")
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The enclosing-instance accessor the compiler calls for every access.
  ///
  /// Inlinable, so that it is specialized for the model and the key paths are
  /// constants at the access site.
  @inlinable
  public static subscript<Model: TrackedModel>(
    _enclosingInstance model: Model,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Model, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Model, Tracked<Value>>
  ) -> Value {
    // Inlined whole, so the key paths are the literals of the access site and the storage
    // is reached directly instead of through the key path at run time.
    @inline(__always) get {
      model.tracking.registerRead(model, wrappedKeyPath)
      // One load tells that nothing records or collects.
      if _slowPath(redraw_access_work() != 0) {
        noteRead((model[keyPath: storageKeyPath].names ?? resolveNames(model, storageKeyPath)).word, model.tracking)
      }
      return model[keyPath: storageKeyPath].value
    }
    @inline(__always) set {
      // The tracking object is used at +0: the model holds it for its whole life in a `let`,
      // but bound to a local it was retained and released around the store, one pair of
      // atomic operations on every write.
      Unmanaged.passUnretained(model.tracking)._withUnsafeGuaranteedRef { tracking in
        noteWrite(model, storageKeyPath, tracking) { $0.same(model[keyPath: storageKeyPath].value, newValue) }
        tracking.registerWillSet(model, wrappedKeyPath)
        model[keyPath: storageKeyPath].value = newValue
        tracking.registerDidSet(model, wrappedKeyPath)
      }
    }
    // A change in place (`count += 1`, `items.append(x)`, `group.filters = …`), as the macro's
    // `_modify`: a read, then a write that is never `same`, since `@Observable` compares only
    // assignments and notifies of every change in place, equal or not.
    @inline(__always) _modify {
      let tracking = model.tracking
      tracking.registerRead(model, wrappedKeyPath)
      if _slowPath(redraw_access_work() != 0) {
        noteRead((model[keyPath: storageKeyPath].names ?? resolveNames(model, storageKeyPath)).word, tracking)
      }
      noteWrite(model, storageKeyPath, tracking) { _ in false }
      tracking.registerWillSet(model, wrappedKeyPath)
      defer { tracking.registerDidSet(model, wrappedKeyPath) }
      yield &model[keyPath: storageKeyPath].value
    }
  }

  /// A write, recorded and told to the observers of writes, whichever is on: an assignment's,
  /// `same` as its `equality` judges it, or a change in place's, never `same`.
  @inlinable @inline(__always)
  static func noteWrite<Model: TrackedModel>(
    _ model: Model, _ storageKeyPath: ReferenceWritableKeyPath<Model, Tracked<Value>>, _ tracking: ModelTracking,
    same: (TrackedEquality) -> Bool
  ) {
    if RecordingSwitch.isOn {
      let names = model[keyPath: storageKeyPath].names ?? resolveNames(model, storageKeyPath)
      Recorder.recordAccess(
        write: true, object: tracking.identity.objectID, type: names.type, property: names.property,
        same: same(names.equality))
    }
    if ModelObservation.isCollecting || tracking.hasWriteHandlers {
      tracking.tellObservers(model[keyPath: storageKeyPath].names ?? resolveNames(model, storageKeyPath), write: true)
    }
  }

  /// A read while something may record or collect it: told to the collection running on this
  /// thread, and recorded. Out of line and not generic: the accessor keeps a call. The usual
  /// case, a recording and nothing else, is written in C without saving a register
  /// (`redraw_record_simple_access`); any other goes on to ``noteReadSlowly(_:_:)``.
  ///
  /// - Parameter names: The property's ``TrackedNames/word``: all a read needs, in one register.
  @usableFromInline @inline(never)
  static func noteRead(_ names: UInt64, _ tracking: ModelTracking) {
    if _fastPath(redraw_record_simple_access(tracking.identity.state, names, 1) != 0) { return }
    noteReadSlowly(names, tracking)
  }

  /// ``noteRead(_:_:)`` off the simple path: while a collection runs, recording is not on, a
  /// scoped session records, a property's name is resolved on some thread, the clock is not
  /// the counter where a build can read it, or the thread's chunk is full.
  @usableFromInline @inline(never)
  static func noteReadSlowly(_ word: UInt64, _ tracking: ModelTracking) {
    let names = TrackedNames(word: word)
    if ModelObservation.isCollecting { tracking.tellObservers(names, write: false) }
    if RecordingSwitch.isOn {
      Recorder.recordAccess(
        write: false, object: tracking.identity.objectID, type: names.type, property: names.property, same: false)
    }
  }

  // MARK: - Names

  /// Interns the model's type name and the property's name and caches them in the storage.
  ///
  /// Inlined into the accessor, so the storage key path stays a literal that the compiler
  /// turns into a direct access: no key path object is made on any path.
  @inlinable @inline(__always)
  static func resolveNames<Model: TrackedModel>(
    _ model: Model, _ storageKeyPath: ReferenceWritableKeyPath<Model, Tracked<Value>>
  ) -> TrackedNames {
    // The instance's own class, not `Model`, the class that declares the property: one object
    // is one type on every event, as `@Observable` records it and subscriptions name it. Its
    // fields include its superclasses', at the same offsets.
    let names = TrackedNames.resolve(
      type(of: model), offset: offset(of: storageKeyPath, in: model), identity: model.tracking.identity,
      equality: model[keyPath: storageKeyPath].comparison.equality(of: Value.self))
    model[keyPath: storageKeyPath].names = names
    return names
  }

  /// How far into `model` the storage lies: a constant once inlined with a literal key path.
  @inlinable @inline(__always)
  static func offset<Model: TrackedModel>(
    of storageKeyPath: ReferenceWritableKeyPath<Model, Tracked<Value>>, in model: Model
  ) -> Int {
    let base = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
    return withUnsafeMutablePointer(to: &model[keyPath: storageKeyPath]) { UnsafeRawPointer($0) - base }
  }
}

extension Tracked: Sendable where Value: Sendable {}

// The overloads the compiler picks from the declared type, most constrained first, as it
// picks `@Observable`'s `shouldNotifyObservers`: `Equatable & AnyObject` by `==`.

extension Tracked where Value: Equatable {
  /// A property of an `Equatable` type: an assignment `==` to the value before is `same`.
  public init(wrappedValue: Value) {
    value = wrappedValue
    comparison = .equal
  }
}

extension Tracked where Value: AnyObject {
  /// A property of a class type: an assignment of the same object is `same`.
  public init(wrappedValue: Value) {
    value = wrappedValue
    comparison = .identity
  }
}

extension Tracked where Value: Equatable & AnyObject {
  /// A property of an `Equatable` class type: compared with `==`, as `@Observable` does.
  public init(wrappedValue: Value) {
    value = wrappedValue
    comparison = .equal
  }
}

/// How `@Observable` compares an assignment to a property, by its declared type: the overload
/// of `shouldNotifyObservers` the macro's setter calls.
@usableFromInline
enum TrackedComparison: UInt8, Sendable {
  case never, identity, equal

  /// The comparison of values of `type`, the property's type at run time.
  @usableFromInline
  func equality<Value>(of type: Value.Type) -> TrackedEquality {
    switch self {
    case .never: .never
    case .identity: .identity
    case .equal: TrackedEquality.of(type)
    }
  }
}

/// The interned names a ``Tracked`` property writes on its events, and how it compares an
/// assignment with the value before.
@usableFromInline
struct TrackedNames: Sendable {
  @usableFromInline let type: TraceName
  @usableFromInline let property: TraceName
  @usableFromInline let equality: TrackedEquality

  @usableFromInline
  init(type: TraceName, property: TraceName, equality: TrackedEquality = .never) {
    self.type = type
    self.property = property
    self.equality = equality
  }

  /// The names of a ``word``.
  init(word: UInt64) {
    (type, property) = RecordHeader.names(of: word)
    equality = .never
  }

  /// Both names in one word, as a record holds them: ``RecordHeader/word(_:_:)``, spelled
  /// again here because the accessor that reads it is inlined into the model's module, where
  /// the recorder's internal `RecordHeader` cannot be called.
  @inlinable
  var word: UInt64 {
    UInt64(UInt32(bitPattern: type.rawValue)) | UInt64(UInt32(bitPattern: property.rawValue)) << 32
  }

  /// Interns the names of the property whose storage lies `offset` bytes into instances of
  /// `type`, and lets `identity` name the type on its `deinit` event.
  @usableFromInline
  static func resolve(_ type: AnyClass, offset: Int, identity: TraceIdentity, equality: TrackedEquality)
    -> TrackedNames
  {
    let recorder = Recorder.shared
    let names = TrackedNames(
      type: recorder.intern(type), property: recorder.intern(TrackedPropertyName.of(type, offset: offset)),
      equality: equality)
    identity.noteType(names.type)
    return names
  }
}

/// Whether an assignment to a ``Tracked`` property is one `@Observable` (Swift 6.2 and
/// later) would not report: an `Equatable` value `==` to the old one, or, for a class that is
/// not `Equatable`, the same object. Other values are never equal, and neither is a value of
/// a type the declaration does not constrain (``TrackedComparison``).
///
/// `@Tracked` notifies observers of every assignment, as `@Published` does; such a write is
/// recorded with `"same":true`, so the analyzer can tell what the migration saves. Found once
/// per property (with its names), as a trivial value (a metatype and its witness table, no
/// reference to count), so a recorded write makes no conformance lookup, and a read costs
/// nothing more.
@usableFromInline
enum TrackedEquality: @unchecked Sendable {
  case never
  case identity
  /// A standard integer or `Bool`, whose `==` compares the bytes.
  case bitwise
  /// The value's type, as `Equatable`.
  case equatable(any Equatable.Type)

  /// The types whose `==` is their bytes' equality: compared in place, without a call.
  static let bitwiseTypes: [Any.Type] = [
    Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
    UInt64.self, Bool.self,
  ]

  @usableFromInline
  static func of<Value>(_ type: Value.Type) -> TrackedEquality {
    if bitwiseTypes.contains(where: { $0 == type }) { return .bitwise }
    if let equatable = type as? any Equatable.Type { return .equatable(equatable) }
    return type is AnyObject.Type ? .identity : .never
  }

  /// Whether `new` equals `old`, as this kind of value compares. Inlined into the accessor,
  /// where `Value` is the property's own type: the values are handed to `==` where they lie.
  @inlinable @inline(__always)
  func same<Value>(_ old: Value, _ new: Value) -> Bool {
    switch self {
    case .never: return false
    case .identity: return (old as AnyObject) === (new as AnyObject)
    case .bitwise:
      // The value's size is a constant here: one compare of its bits.
      switch MemoryLayout<Value>.size {
      case 8: return unsafeBitCast(old, to: UInt64.self) == unsafeBitCast(new, to: UInt64.self)
      case 4: return unsafeBitCast(old, to: UInt32.self) == unsafeBitCast(new, to: UInt32.self)
      case 2: return unsafeBitCast(old, to: UInt16.self) == unsafeBitCast(new, to: UInt16.self)
      case 1: return unsafeBitCast(old, to: UInt8.self) == unsafeBitCast(new, to: UInt8.self)
      default: return false
      }
    case .equatable(let type):
      return withUnsafePointer(to: old) { old in
        withUnsafePointer(to: new) { new in type.redrawEqual(UnsafeRawPointer(old), UnsafeRawPointer(new)) }
      }
    }
  }
}

extension Equatable {
  /// `==` of the two values of this type at `a` and `b`.
  @usableFromInline
  static func redrawEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
    a.assumingMemoryBound(to: Self.self).pointee == b.assumingMemoryBound(to: Self.self).pointee
  }
}

/// The storage of a `@Tracked` property, as a class's fields show it to `Mirror`.
protocol TrackedStorage {}
