import RedrawReading

/// View nodes and what their evaluations derive.
struct NodeTable {
  /// View nodes, by dense index; `nodeIDs` maps a trace `node` to it.
  var nodes: [NodeState] = []
  var nodeIDs = DenseIndex()
  /// Per node, by the same index: what its children's evaluations look at.
  var parentFacts: [ParentFacts] = []
  /// Per node, by the same index: the timeline bucket of its last evaluation, counted
  /// here until an evaluation falls in another bucket, so that a run of evaluations in
  /// one bucket touches this small array only, not the node's timeline.
  var openBuckets: [NodeSummary.TimelineBucket] = []
  /// The width of one timeline bucket, doubled as the session grows.
  var timelineWidth: Int64 = 1_000

  /// Counts the evaluation in its time bucket, widening every node's buckets when the
  /// session outgrows them, so the timeline stays ``NodeSummary/timelineBuckets`` long.
  mutating func recordOnTimeline(_ index: Int, at time: Int64, since firstTime: Int64?, wasted: Bool) {
    let offset = max(0, time - (firstTime ?? time))
    while offset / timelineWidth >= Int64(NodeSummary.timelineBuckets) {
      timelineWidth *= 2
      closeOpenBuckets()
      for node in nodes.indices { nodes[node].halveTimeline() }
    }
    let bucket = Int32(offset / timelineWidth)
    if openBuckets[index].index != bucket {
      nodes[index].addToTimeline(openBuckets[index])
      openBuckets[index] = NodeSummary.TimelineBucket(index: bucket, evaluations: 0, wasted: 0)
    }
    openBuckets[index].evaluations += 1
    if wasted { openBuckets[index].wasted += 1 }
  }

  /// Adds every node's open bucket to its timeline.
  mutating func closeOpenBuckets() {
    for node in nodes.indices {
      nodes[node].addToTimeline(openBuckets[node])
      openBuckets[node] = NodeSummary.TimelineBucket(index: -1, evaluations: 0, wasted: 0)
    }
  }
}
