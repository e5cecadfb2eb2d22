/// How a SwiftUI view holds an `ObservableObject`: the property wrapper that subscribes it to
/// the object's `objectWillChange`.
public enum ObjectSubscription: String, Sendable, CaseIterable {
  /// `@StateObject`: made once per view identity, owned by the view.
  case stateObject
  /// `@StateObject` whose initial value the view's `init` assigns, from its arguments
  /// (`_model = StateObject(wrappedValue: Model(id: id))`): once it is `@State`, the value is
  /// evaluated on every re-creation of the struct with either Xcode.
  case stateObjectInInit
  /// `@ObservedObject`: handed in by a parent.
  case observedObject
  /// `@EnvironmentObject`: found in the environment.
  case environmentObject
}

extension Trace {
  /// Records that the view whose body is being evaluated subscribes to `object` through
  /// `wrapper`: with `ObservableObject`, every change of the object invalidates the view,
  /// whether or not its body reads a property of it. Call it in the body, once per wrapped
  /// object (the harness does it for the views it evaluates):
  ///
  /// ```swift
  /// var body: some View {
  ///   let _ = Trace.bodyMarker(Self.self)
  ///   let _ = Trace.subscription(model, type: "InboxModel", via: .observedObject)
  ///   …
  /// }
  /// ```
  ///
  /// Written as an `observe` event; the analyzer counts an evaluation caused by a write the
  /// body did not read as over-broad, and the what-if removes it.
  @inlinable
  public static func subscription<Object: AnyObject>(_ object: Object, type: String, via wrapper: ObjectSubscription) {
    guard RecordingSwitch.isOn else { return }
    recordSubscription(objectID(of: object), type: type, wrapper: wrapper)
  }

  @usableFromInline
  static func recordSubscription(_ object: UInt64, type: String, wrapper: ObjectSubscription) {
    Recorder.shared.recordSubscription(object: object, type: type, wrapper: wrapper, recordedProperties: nil)
  }

  /// ``subscription(_:type:via:)`` for an object of which `recordedProperties` properties
  /// record their reads and writes (`@Tracked`), written as the event's `count` when there
  /// are any: the analyzer then knows the type records, whether or not the run touches it.
  package static func subscription<Object: AnyObject>(
    _ object: Object, type: String, via wrapper: ObjectSubscription, recordedProperties: Int
  ) {
    guard RecordingSwitch.isOn else { return }
    Recorder.shared.recordSubscription(
      object: objectID(of: object), type: type, wrapper: wrapper,
      recordedProperties: recordedProperties > 0 ? recordedProperties : nil)
  }

  /// How many properties of a ``TrackedModel`` record their reads and writes, its
  /// superclasses' included: its `@Tracked` properties, and the `@Observable` macro's storage
  /// (`_name`) when no stored `_$observationRegistrar` of the macro's takes their accesses.
  ///
  /// - Complexity: O(p) for the object's p stored properties: cache it per type.
  package static func recordedPropertyCount(of model: any TrackedModel) -> Int {
    var tracked = 0
    var storage = 0
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children {
        if child.value is any TrackedStorage {
          tracked += 1
        } else if child.label == "_$observationRegistrar" {
          return tracked  // the macro's own registrar: its properties record nothing
        } else if child.label?.hasPrefix("_") == true {
          storage += 1
        }
      }
      mirror = current.superclassMirror
    }
    return tracked + storage
  }
}
