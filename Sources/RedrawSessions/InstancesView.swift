import RedrawReading

/// What a collector may read of the instances the session builder tracks, when an evaluation
/// ends and when the session is finished (``BuiltSession/instances``): which initializer
/// group made an object, whether a view read it, whether it was written since or released,
/// and how often its group ran while a view struct was being constructed.
///
/// A read-only window on the builder's state, made for the one call: collectors name what they
/// read here rather than reach into the builder's arrays.
@usableFromInline package struct InstancesView {
  private let objects: [ObjectState]
  private let groups: [InitGroupState]

  @inline(__always)
  package init(objects: [ObjectState], groups: [InitGroupState]) {
    self.objects = objects
    self.groups = groups
  }

  /// The initializer group (by index, as ``BuiltSession/groups`` has it) that made the
  /// object in `slot`, if one did.
  @inline(__always)
  package func group(ofObject slot: Int) -> Int? { objects[slot].group }

  /// Whether the object in `slot` was written outside an initializer.
  @inline(__always)
  package func isWritten(_ slot: Int) -> Bool { objects[slot].written }

  /// How many objects there are: slots run from 0 below it.
  package var count: Int { objects.count }

  /// Whether no view read the object in `slot` and it was still alive (no `deinit`) when
  /// the session ended.
  @inline(__always)
  package func isUnreadAndAlive(_ slot: Int) -> Bool { !objects[slot].used && !objects[slot].released }

  /// Writes to the object in `slot` outside an initializer.
  @inline(__always)
  package func writes(to slot: Int) -> Int { Int(objects[slot].writes) }

  /// The runs of the group made while a view struct was being constructed (inside a body, or
  /// under an owner), which `SessionBuilder+Inits.swift` decides for every rule.
  @inline(__always)
  package func constructionRuns(ofGroup group: Int) -> Int { groups[group].summary.constructionRuns }
}
