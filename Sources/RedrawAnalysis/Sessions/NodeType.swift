/// A view node and a model type: the key of the collectors that keep one entry per node
/// and type (``ModelRecreatedRule``, ``WholeModelReadRule``) in a ``DenseMap``.
struct NodeType {
  var node: Int
  var type: StringID

  /// The key packed for the map's index.
  var packed: UInt64 { DenseIndex.key(Int32(node), type.rawValue) }
}
