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
    Recorder.shared.recordSubscription(object: object, type: type, wrapper: wrapper)
  }
}
