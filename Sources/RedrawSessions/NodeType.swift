import RedrawReading

/// A view node and a model type: the key of the collectors that keep one entry per node
/// and type (`ModelRecreatedRule`, `WholeModelReadRule`) in a ``DenseMap``.
package struct NodeType {
  package var node: Int
  package var type: StringID

  package init(node: Int, type: StringID) {
    self.node = node
    self.type = type
  }

  /// The key packed for the map's index.
  package var packed: UInt64 { DenseIndex.key(Int32(node), type.rawValue) }
}
