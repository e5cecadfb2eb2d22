import Observation
import RedrawAnalysis
import RedrawPlatform
import RedrawTrace

/// A headless view tree with SwiftUI's invalidation rules, for tests and scripted samples.
///
/// ```swift
/// let harness = ViewHarness(tracking: .propertyLevel) { ProfileScreen(model: model) }
/// model.query = "swift"
/// harness.flush()
/// #expect(harness.evaluations(of: UnreadBadge.self) == 1)
/// ```
///
/// - Property-level tracking (`@Observable`) comes from the real Observation runtime:
///   each body runs inside `withObservationTracking`, and a change to a property it read
///   invalidates it.
/// - Object-level tracking (`ObservableObject`) invalidates every view subscribed to a
///   written object (``ViewStateObject``, ``ViewObservedObject``, ``ViewEnvironmentObject``),
///   whichever property was written and whether or not the view read it; a view that
///   reads an object without subscribing to it is not invalidated.
/// - Re-evaluating a parent re-creates its children's structs: plain stored properties are
///   rebuilt, `ViewState` default values run again and are dropped under the Xcode 26 build
///   (``SwiftUIBuild``; once per identity under the Xcode 27 build), and a child is
///   re-evaluated when its inputs changed.
/// - Updates are processed in passes by ``flush()``, like frames; every evaluation is
///   recorded as a `body` event with its `parent` and precise `cause`.
///
/// A harness is used from one thread; writes may happen on any thread, and are taken into
/// account at the next ``flush()``.
public final class ViewHarness {
  /// How writes invalidate views.
  ///
  /// Equatable and Hashable, so a test parameterized over trackings can switch on one:
  /// `switch tracking { case .objectLevel: … }`.
  public struct Tracking: Sendable, Hashable {
    /// The kind of tracking of a model type.
    ///
    /// Its cases are named as the ``propertyLevel`` and ``objectLevel`` trackings are, one
    /// word for one idea: `.mixed(.propertyLevel, except: [LegacyModel.self])`.
    public enum Level: Sendable, Hashable {
      /// Per property, as `@Observable`.
      case propertyLevel
      /// Per object, as `ObservableObject`.
      case objectLevel
    }

    var level: Level
    var overrides: [String: Level]

    /// Every model tracked per property, as with `@Observable`.
    public static let propertyLevel = Tracking(level: .propertyLevel, overrides: [:])
    /// Every model tracked per object, as with `ObservableObject`.
    public static let objectLevel = Tracking(level: .objectLevel, overrides: [:])

    /// `level` for every model type except `types`, which get the other level: a run in
    /// the middle of a migration.
    public static func mixed(_ level: Level, except types: [Any.Type]) -> Tracking {
      let other: Level = level == .propertyLevel ? .objectLevel : .propertyLevel
      return Tracking(level: level, overrides: Dictionary(types.map { (String(describing: $0), other) }) { $1 })
    }

    func level(of type: String) -> Level { overrides[type] ?? level }
  }

  /// The SwiftUI whose `@State` the harness reproduces: how ``ViewState`` treats its
  /// default value depends on the Xcode that builds the app (docs/harness.md).
  ///
  /// `.xcode26` (the property wrapper, Xcode 26 and earlier): the default value runs on every
  /// re-creation of the struct, and is dropped. `.xcode27` (the macro, Xcode 27 and later): it
  /// runs once per identity. `SwiftUIBuild.ofThisCompiler` is the build of the compiler
  /// that builds the tests, as it would build the app.
  public typealias SwiftUIBuild = RedrawAnalysis.SwiftUIBuild

  /// The most passes one ``flush()`` runs before it stops, so a view that writes what it
  /// reads cannot loop forever; and the most turns of queued jobs, so a task that starts
  /// itself again and again cannot either.
  public static let maximumPasses = 100

  /// How writes invalidate the harness's views: per property or per object, for each model type.
  public let tracking: Tracking
  /// The SwiftUI build whose `@State` the harness reproduces.
  public let swiftUI: SwiftUIBuild
  private(set) var root: HarnessNode
  /// Node ids come from one process-wide counter, so the views of harnesses that record
  /// into one session at the same time (tests in parallel) are never taken for one another.
  /// Reproducible recordings renumber them from 1.
  private static let nextNodeID = AtomicInt(1)
  static func makeNodeID() -> Int { Int(nextNodeID.fetchAdd(1)) }
  private var countsByType: [String: Int] = [:]
  let inbox = Inbox()
  var writeObservations: [ObjectIdentifier: WriteObservation] = [:]
  /// The model classes ``ModelTrackingCheck`` checked: whether they record, and how many of
  /// their properties do.
  var checkedModelTypes: [ObjectIdentifier: ModelTrackingCheck.Checked] = [:]
  /// How many update passes the last ``flush()`` took: 0 when nothing was invalid, at most
  /// ``maximumPasses`` (reached when the views never settle).
  public private(set) var passesInLastFlush = 0
  /// What a scroll or a tab switch queued for the next pass: the lifecycle actions and tasks
  /// of the rows that went and came back.
  var deferredWork = PassWork()

  /// Mounts `root` and evaluates the whole tree once.
  ///
  /// The root's `body` events record this call as their `site` (a child's record its
  /// `content.child(…)` call), so findings about the view point at where it is declared. The
  /// session's `meta` line names `swiftUI` as the build the recording reproduces.
  ///
  /// - Parameters:
  ///   - tracking: How writes invalidate views: per property (`@Observable`) or per object
  ///     (`ObservableObject`).
  ///   - swiftUI: The SwiftUI build whose `@State` to reproduce; by default the one of the
  ///     compiler that builds the tests.
  ///   - file: The call's file, recorded as the root's `site`.
  ///   - line: The call's line.
  ///   - root: Makes the root view's struct, again whenever SwiftUI would.
  public init<Root: HarnessView>(
    tracking: Tracking = .propertyLevel, swiftUI: SwiftUIBuild = .ofThisCompiler, file: StaticString = #filePath,
    line: UInt = #line, _ root: @escaping () -> Root
  ) {
    self.tracking = tracking
    self.swiftUI = swiftUI
    Trace.declareSwiftUIBuild(swiftUI.rawValue)
    let key = ChildKey(site: .root, type: ObjectIdentifier(Root.self), id: nil, occurrence: 0)
    let id = Self.makeNodeID()
    let typeName = String(describing: Root.self)
    Trace.viewStruct(typeName, node: id, parent: nil)
    let made = HarnessBuild.$current.withValue(swiftUI) { Trace.withOwner(id) { root() } }
    self.root = HarnessNode(
      id: id, key: key, typeName: typeName, view: made, environment: [:], site: HarnessNode.Site(file: file, line: line)
    )
    flush()
  }

  // What the views hold goes in a fixed order, children before their parents, so the
  // `deinit` events of the models only they held come out the same on every run.
  deinit {
    for node in (mountedNodes + parkedNodes).reversed() { node.releaseInOrder() }
  }

  // MARK: - Counting

  /// Body evaluations of views of type `type` since the harness started (or the last reset).
  public func evaluations<V: HarnessView>(of type: V.Type) -> Int {
    countsByType[String(describing: type)] ?? 0
  }

  /// Body evaluations by view type name.
  public var evaluationCounts: [String: Int] { countsByType }

  /// All body evaluations.
  public var totalEvaluations: Int { countsByType.values.reduce(0, +) }

  /// Forgets the counts, e.g. after the first render.
  public func resetCounts() {
    countsByType = [:]
    baselines = Dictionary(root.subtree.map { ($0.id, $0.evaluations) }, uniquingKeysWith: { first, _ in first })
  }

  /// Each node's evaluations at the last ``resetCounts()``.
  var baselines: [Int: Int] = [:]

  /// The mounted nodes, parents first.
  var mountedNodes: [HarnessNode] { root.subtree }

  /// The current struct of the first mounted view of type `type`, parents first.
  public func view<V: HarnessView>(_ type: V.Type) -> V? {
    root.subtree.lazy.compactMap { $0.view as? V }.first
  }

  /// The current structs of every mounted view of type `type`, in the tree's order (parents
  /// first, children in the order their parent declares them).
  public func views<V: HarnessView>(_ type: V.Type) -> [V] {
    root.subtree.compactMap { $0.view as? V }
  }

  /// The text the mounted views show, by view type name: every mounted instance's, in the
  /// tree's order.
  public var texts: [String: [String]] {
    var texts: [String: [String]] = [:]
    for node in root.subtree { texts[node.typeName, default: []] += node.texts }
    return texts
  }

  /// Whether a view of type `type` is mounted.
  public func isMounted<V: HarnessView>(_ type: V.Type) -> Bool { view(type) != nil }

  // MARK: - Updates

  /// Processes every invalidation in passes, as turns of the main run loop, until the tree is
  /// clean and no job is queued: each pass runs the jobs queued before it (`AppEffects.task`,
  /// views' tasks, code after an `await` or a sleep; not those they queue), evaluates the
  /// invalid views parents first, then runs the lifecycle actions the pass queued
  /// (`onDisappear`, then `onAppear` and `onChange`, children's first) and queues the tasks of
  /// views that appeared or whose task id changed. What those write starts the next pass.
  public func flush() {
    HarnessBuild.$current.withValue(swiftUI) { runPasses() }
  }

  private func runPasses() {
    passesInLastFlush = 0
    var turns = 0
    // Whether the pass just run was an update's first and its actions (`onAppear`,
    // `onChange`) wrote: SwiftUI re-evaluates once more in the same update, before the main
    // queue runs the jobs those actions queued (sources/swiftui-runtime.md §0 and §13).
    var secondPassDue = false
    while passesInLastFlush < Self.maximumPasses, turns < Self.maximumPasses {
      // A turn that runs jobs and evaluates nothing counts too: a chain of tasks never ends.
      let secondPass = secondPassDue
      secondPassDue = false
      if !secondPass, AppEffects.runTasks() { turns += 1 }
      let wrote = deliverInvalidations()
      followTabSelections()
      guard root.subtree.contains(where: \.isDirty) else {
        // A pass after writes that re-evaluates nothing (a model read by views that do not
        // subscribe to it, under object-level tracking) leaves no body event to end the
        // update: a mark does, so the next writes are another update, as they are in the app.
        if wrote { Trace.mark(Self.emptyPassMark) }
        // What a scroll or a tab switch queued still runs, and a view that came back without
        // an evaluation (a tab shown again) changes what its ancestors' content hands up.
        var work = deferredWork
        deferredWork = PassWork()
        schedulePreferenceActions(into: &work)
        guard work.isEmpty else {
          work.run(from: root)
          continue
        }
        // Jobs the ones just run queued (a task that starts a task) are the next turn's.
        if AppEffects.hasQueuedJobs { continue }
        break
      }
      passesInLastFlush += 1
      var work = deferredWork
      deferredWork = PassWork()
      visit(root, work: &work)
      // After every evaluation of the pass: a parent's watch sees its children's new values.
      schedulePreferenceActions(into: &work)
      // The views' tasks and what the actions start are queued for the next update's drain.
      let hadActions = work.hasActions
      work.run(from: root)
      secondPassDue = !secondPass && hadActions && inbox.hasMessages
      expireParkedRows()
    }
    releaseUnreadModels()
  }

  private func visit(_ node: HarnessNode, work: inout PassWork) {
    if node.isDirty { evaluate(node, work: &work) }
    for child in node.children { visit(child, work: &work) }
  }

  // MARK: - Evaluation

  private func evaluate(_ node: HarnessNode, work: inout PassWork) {
    let cause = node.cause
    let appeared = node.pending.isNew
    node.markClean()
    bindState(of: node)
    var content = makeContent(for: node)
    let reference = inbox.reference
    let nodeID = node.id
    // Observations of an earlier evaluation may still fire; only this one's count.
    node.generation += 1
    let generation = node.generation
    let span = Trace.beginBody(
      node.typeName, node: node.id, parent: node.parent?.id, cause: cause, file: node.site.file, line: node.site.line)
    for subscription in node.reads.subscriptions where tracking.level(of: subscription.type) == .objectLevel {
      // The count tells the analyzer the type records, though a run may never touch it.
      Trace.subscription(
        subscription.model, type: subscription.type, via: subscription.via,
        recordedProperties: subscription.recordedProperties)
    }
    // The state the body reads now is what a change of state invalidates it for.
    for slot in node.stateSlots { (slot as? any StateSlot)?.forgetReads() }
    let (_, reads, writes) = ModelObservation.collectAccesses {
      withObservationTracking {
        HarnessBuild.$inbox.withValue(reference) { node.view.body(&content) }
      } onChange: {
        reference.post(.changed(node: nodeID, generation: generation))
      }
    }
    Trace.end(span)
    node.evaluations += 1
    countsByType[node.typeName, default: 0] += 1
    node.reads.keys = content.readKeys
    node.declared.shown = content.texts
    // Dictionaries of the last evaluation's closures are emptied in order before they are
    // replaced (OrderedRelease.swift): what they alone held goes the same way every run.
    node.declared.actions.removeAll { $0.key < $1.key }
    node.declared.actions = content.actions
    node.declared.refresh = content.refresh
    let observedNow = record(reads, for: node)
    subscribe(node, to: content.receivers)
    // A write during the body to a model first observed by it was made before its
    // observation existed: deliver it now.
    for write in writes where observedNow.contains(write.objectID) {
      inbox.post(.write(write, objectLevel: tracking.level(of: write.type) == .objectLevel))
    }
    node.lazy.containers.removeAll { $0.key < $1.key }
    node.lazy.containers = content.lazyContainers
    // A list that got shorter is scrolled no further than its end, as a scroll view's offset.
    for (name, container) in content.lazyContainers where node.lazy.windows[name] != nil {
      node.lazy.windows[name] = container.window(from: node.lazy.windows[name] ?? 0).lowerBound
    }
    node.lazy.declared = content.lazyContainers.isEmpty ? [] : content.children
    node.lazy.tabs = content.tabSelections
    node.lazy.navigationStack = content.isNavigationStack
    // A tab view's window is the tab its selection names, not a scroll position.
    for name in content.tabSelections.keys { node.lazy.windows[name] = content.windows[name] }
    node.preferences.values = content.preferences
    node.preferences.watches = content.preferenceWatches
    reconcileChildren(of: node, with: content.children, work: &work)
    scheduleLifecycle(of: node, content.lifecycle, appeared: appeared, into: &work)
    scheduleTasks(of: node, content.tasks, into: &work)
  }

  /// Observes the writes to a model, once, so object-level invalidation sees them.
  ///
  /// - Returns: Whether the observation is new.
  @discardableResult
  func observeWrites(of tracking: ModelTracking, type: String) -> Bool {
    let key = ObjectIdentifier(tracking)
    guard writeObservations[key] == nil else { return false }
    let reference = inbox.reference
    let level = self.tracking.level(of: type)
    writeObservations[key] = tracking.observeWrites { write in
      reference.post(.write(write, objectLevel: level == .objectLevel))
    }
    return true
  }

  /// What a body of `node` declares into: its children are found among the node's.
  func makeContent(for node: HarnessNode) -> ViewContent {
    let current = Dictionary(
      (node.children + node.lazy.parked.values.map(\.node)).map { ($0.key, $0) },
      uniquingKeysWith: { first, _ in first })
    var content = ViewContent(
      environment: node.environment, values: node.values.inherited, parent: node.id, windows: node.lazy.windows
    ) { key in
      if let existing = current[key] { return (existing.id, existing) }
      return (Self.makeNodeID(), nil)
    }
    content.linkStates = node.lazy.linkStates
    return content
  }

  /// Stores what the evaluation read and observes the writes to newly read models.
  ///
  /// - Returns: The objects observed for the first time.
  @discardableResult
  private func record(_ reads: [TrackedRead], for node: HarnessNode) -> Set<UInt64> {
    var observedNow: Set<UInt64> = []
    node.reads.objects = []
    node.reads.properties = []
    node.reads.models.removeAll { $0.value.identity.objectID < $1.value.identity.objectID }
    for read in reads {
      let object = read.tracking.identity.objectID
      node.reads.objects.insert(object)
      node.reads.properties.insert(PropertyKey(object: object, property: read.property))
      node.reads.models[ObjectIdentifier(read.tracking)] = read.tracking
      if observeWrites(of: read.tracking, type: read.type) { observedNow.insert(object) }
    }
    return observedNow
  }
}

extension ViewHarness.Tracking: CustomStringConvertible {
  /// `.propertyLevel`, `.objectLevel`, or `.mixed(.propertyLevel, except: A, B)`, as written
  /// in Swift: how Swift Testing shows the argument of a parameterized test, and how the
  /// `.redraw` trait names its session (`InboxTests/badge(tracking: .objectLevel)`).
  public var description: String {
    let name = level == .propertyLevel ? ".propertyLevel" : ".objectLevel"
    guard !overrides.isEmpty else { return name }
    return ".mixed(\(name), except: \(overrides.keys.sorted().joined(separator: ", ")))"
  }
}
