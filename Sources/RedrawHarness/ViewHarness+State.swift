import RedrawTrace

/// A view struct's state and subscriptions, bound to its node.
extension ViewHarness {
  /// Connects the struct's ``ViewState`` properties to the node's storage, in order.
  ///
  /// Also finds the objects the view subscribes to (``ViewStateObject``,
  /// ``ViewObservedObject``, ``ViewEnvironmentObject``) and observes their writes. A state
  /// object's initial value runs here, once per identity, with the view as its owner. The
  /// wrappers inside the view's own ``HarnessDynamicProperty`` properties count as the view's,
  /// in declaration order, as SwiftUI installs a `DynamicProperty`'s.
  func bindState(of node: HarnessNode) {
    var index = 0
    node.reads.subscriptions = []
    Trace.withOwner(node.id) { bind(node.view, of: node, index: &index) }
  }

  private func bind(_ value: Any, of node: HarnessNode, index: inout Int) {
    let reference = inbox.reference
    let nodeID = node.id
    for child in Mirror(reflecting: value).children {
      if let property = child.value as? any StateProperty {
        let lost = property.slot.bind(to: &node.stateSlots, index: index) { reference.post(.state(node: nodeID)) }
        if lost { Trace.stateDiscarded(view: node.typeName, node: node.id, property: Self.name(of: child.label)) }
        index += 1
      }
      if let property = child.value as? any SubscribingProperty,
        let (model, via) = property.subscription(in: node.environment)
      {
        let checked = ModelTrackingCheck.check(
          model, via: via, view: node.typeName, at: node.site, checked: &checkedModelTypes)
        guard checked.accepted else { continue }
        let type = String(describing: Swift.type(of: model))
        node.reads.subscriptions.append(
          HarnessNode.Subscription(
            model: model, type: type, via: via, recordedProperties: checked.recordedProperties))
        observeWrites(of: model.tracking, type: type)
      }
      // A `@ViewBinding` (stored as `_name`) to state takes the state's value now, as SwiftUI
      // updates a `@Binding` before the body runs; a binding in a plain property is no
      // dynamic property, and is left as it was made.
      if child.label?.hasPrefix("_") == true { (child.value as? any BindingInput)?.refreshAsDynamicProperty(of: node) }
      if child.value is any HarnessDynamicProperty { bind(child.value, of: node, index: &index) }
    }
  }

  /// A stored property's name as `Mirror` gives it: `_count` for `@ViewState var count`.
  static func name(of label: String?) -> String {
    guard let label else { return "-" }
    return label.hasPrefix("_") ? String(label.dropFirst()) : label
  }
}
