// Just enough of SwiftUI's shape for the documentation's examples to compile on Linux:
// on Apple platforms the real SwiftUI is used instead. Nothing here renders anything.

#if canImport(SwiftUI)
  import SwiftUI
#else
  @MainActor protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
  }

  /// The body of the primitive views below, never evaluated.
  struct PrimitiveBody: View {
    var body: PrimitiveBody { self }
  }

  @resultBuilder
  @MainActor enum ViewBuilder {
    static func buildBlock<V: View>(_ view: V) -> V { view }
    static func buildBlock<A: View, B: View>(_ a: A, _ b: B) -> Pair<A, B> { Pair(first: a, second: b) }
  }

  struct Pair<A: View, B: View>: View {
    let first: A
    let second: B
    var body: PrimitiveBody { PrimitiveBody() }
  }

  struct Text: View {
    init(_ text: String) {}
    var body: PrimitiveBody { PrimitiveBody() }
  }

  struct VStack<Content: View>: View {
    init(@ViewBuilder content: () -> Content) {}
    var body: PrimitiveBody { PrimitiveBody() }
  }

  struct Button: View {
    init(_ title: String, action: @escaping () -> Void) {}
    var body: PrimitiveBody { PrimitiveBody() }
  }

  @propertyWrapper
  struct State<Value> {
    var wrappedValue: Value
  }

  struct TextField: View {
    init(_ title: String, text: Binding<String>) {}
    var body: PrimitiveBody { PrimitiveBody() }
  }

  @propertyWrapper @dynamicMemberLookup
  struct Binding<Value> {
    let read: () -> Value
    let write: (Value) -> Void
    var wrappedValue: Value { read() }
    subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
      Binding<Subject>(read: { read()[keyPath: keyPath] }, write: { _ in })
    }
  }

  @propertyWrapper @dynamicMemberLookup
  struct Bindable<Value: AnyObject> {
    var wrappedValue: Value
    var projectedValue: Bindable<Value> { self }
    subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
      let object = wrappedValue
      return Binding(read: { object[keyPath: keyPath] }, write: { object[keyPath: keyPath] = $0 })
    }
  }

  extension View {
    func task(_ action: @escaping @MainActor () async -> Void) -> some View { self }
    func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
  }
#endif
