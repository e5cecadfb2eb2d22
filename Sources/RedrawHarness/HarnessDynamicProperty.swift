/// A property wrapper of the app's own made of harness wrappers, as SwiftUI's
/// `DynamicProperty` is made of `@State`, `@Environment` and the like.
///
/// The harness finds the ``ViewState``, ``ViewStateObject``, ``ViewObservedObject`` and
/// ``ViewEnvironmentObject`` properties inside it as the view's own, in declaration order: its
/// state belongs to the view's identity, its subscriptions re-evaluate the view, and as an
/// input it is compared by its fields, state skipped. Wrappers nest.
///
/// ```swift
/// @propertyWrapper
/// struct Draft: HarnessDynamicProperty {
///   @ViewState var text = ""
///   @ViewEnvironmentObject var store: DraftStore
///   var wrappedValue: String { text.isEmpty ? store.saved : text }
/// }
/// ```
///
/// SwiftUI also calls a `DynamicProperty`'s `update()` before each body evaluation; the
/// harness has no such call: compute what `update()` would in the wrapper's getters.
public protocol HarnessDynamicProperty {}
