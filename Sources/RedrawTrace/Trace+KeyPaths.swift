// MARK: - Reads and writes named by key path

/// The explicit API's key-path form: `Trace.read(cart, \.items)` records a read of `items`
/// with no name typed by hand.
///
/// The event's `type` is the object's class (as `String(describing:)` spells it, `Cart`) and
/// its `prop` is named from the key path, once per key path and class, then read from a table
/// without a lock:
///
/// - a stored property the key path reaches in one step (`\.items` of a `final` class, `let`
///   or `var`; of a superclass, its `let` and `final var` properties): its name, as
///   `@Tracked` names its storage;
/// - a property an `@Observable` class tracks (a computed property the macro made over its
///   `_items` storage): as the `@Observable` path names it without the named `access`, by
///   type, then by value (the key path is read once for that), `<email|password>` while two
///   candidates cannot be told apart;
/// - a path through stored properties only, by its steps: `\.owner.name` is `owner.name`;
/// - any other key path is named after no property: a path with a computed step
///   (`\.items.count`) or an optional one (`\.owner?.name`), a read-only computed property,
///   and a property of a class that is not `final` (reached through its accessors, which a
///   subclass may override) when no `@Observable` storage holds its type, are recorded as
///   `<unnamed Int>` (the value's type), one name for all of them, which the analyzer cannot
///   tell apart. A read-write computed property of your own is named as an `@Observable` one
///   would be: give it its name with `property:`.
///
/// While recording is off, each call is the load and branch of the string form: the key path
/// is an autoclosure, made (a runtime call for a key path literal) only while recording.
extension Trace {
  /// Records that the property `property` leads to in `object` was read: `Trace.read(cart, \.items)`.
  ///
  /// See the extension's documentation for how the property is named. The object id is
  /// ``objectID(of:)``.
  @inlinable
  public static func read<Object: AnyObject, Value>(
    _ object: Object, _ property: @autoclosure () -> KeyPath<Object, Value>
  ) {
    guard RecordingSwitch.isOn else { return }
    recordAccess(write: false, object: objectID(of: object), identity: nil, of: object, property(), site: nil)
  }

  /// Records that the property `property` leads to in `object` was read, using its
  /// ``TraceIdentity`` without a dynamic cast.
  @inlinable
  public static func read<Object: TraceIdentifiable, Value>(
    _ object: Object, _ property: @autoclosure () -> KeyPath<Object, Value>
  ) {
    guard RecordingSwitch.isOn else { return }
    let identity = object.traceIdentity
    recordAccess(write: false, object: identity.objectID, identity: identity, of: object, property(), site: nil)
  }

  /// Records that the property `property` leads to in `object` was written, with the call
  /// site: `Trace.write(cart, \.items)`; `sameValue: true` for an assignment of an equal value.
  @inlinable
  public static func write<Object: AnyObject, Value>(
    _ object: Object, _ property: @autoclosure () -> KeyPath<Object, Value>, sameValue: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    guard RecordingSwitch.isOn else { return }
    recordAccess(
      write: true, object: objectID(of: object), identity: nil, of: object, property(), site: (file, line),
      same: sameValue)
  }

  /// Records that the property `property` leads to in `object` was written, with the call
  /// site, using its ``TraceIdentity`` without a dynamic cast.
  @inlinable
  public static func write<Object: TraceIdentifiable, Value>(
    _ object: Object, _ property: @autoclosure () -> KeyPath<Object, Value>, sameValue: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    guard RecordingSwitch.isOn else { return }
    let identity = object.traceIdentity
    recordAccess(
      write: true, object: identity.objectID, identity: identity, of: object, property(), site: (file, line),
      same: sameValue)
  }

  // MARK: - Recording path

  /// The type and property names of the property `keyPath` leads to in `subject`, from the
  /// table or resolved now (``ObservablePropertyNames``); nil while this thread resolves a
  /// name (its reads are no events) or when nothing names it.
  @inline(__always)
  static func propertyNames<Object: AnyObject, Value>(of subject: Object, _ keyPath: KeyPath<Object, Value>)
    -> (type: TraceName, property: TraceName)?
  {
    if _slowPath(ObservablePropertyNames.isResolvingOnThisThread) { return nil }
    let cached = PropertyNameCache.sharedValue(type: ModelTracking.typeKey(subject), key: ModelTracking.key(keyPath))
    guard let packed = cached ?? ObservablePropertyNames.explicitNames(keyPath, of: subject)?.packed else { return nil }
    return ObservablePropertyNames.Names.unpack(packed)
  }

  /// Names the access from the key path (cached, see ``ObservablePropertyNames``) and records it.
  /// A read made on this thread to resolve a name is not an event.
  @usableFromInline
  static func recordAccess<Object: AnyObject, Value>(
    write: Bool, object: UInt64, identity: TraceIdentity?, of subject: Object, _ keyPath: KeyPath<Object, Value>,
    site: (StaticString, UInt)?, same: Bool = false
  ) {
    guard let names = propertyNames(of: subject, keyPath) else { return }
    identity?.noteType(names.type)
    Recorder.shared.recordAccess(
      write: write, object: object, type: names.type, property: names.property,
      site: site.map { CallSite(file: $0.0, line: $0.1) }, same: same)
  }
}
