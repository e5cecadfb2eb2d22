import RedrawReading
import RedrawSchema

/// One recorded session, reconstructed: what every view node and initializer did and
/// why each body evaluation happened.
///
/// Built from a stream of events by `SessionBuilder`; its size grows with the
/// distinct views, types, properties and sites of the session, not with its events. What its
/// events were, counted (``EventTally``), reads as its own (`session.threads`) through dynamic
/// member lookup.
@dynamicMemberLookup
public struct Session: Sendable {
  /// The trace file the session came from (`-` for standard input).
  public var source: String
  /// The line of the session's `meta` event (or of its first event when it has none).
  public var line: Int
  /// The session's `scenario`, when its `meta` names one.
  public var scenario: String?
  /// The session's `app`, when its `meta` names one.
  public var app: String?
  /// The SwiftUI build the recording reproduces, when its `meta` says (`swiftUI`): a view
  /// harness's setting, or the compiler an app was built with; nil when it does not say or
  /// its harnesses reproduced both.
  public var swiftUI: SwiftUIBuild?
  /// Its events, counted.
  public var tally = EventTally()

  /// Every view node that evaluated its body.
  public var nodes: [NodeSummary] = []
  /// Initializer runs grouped by type, site and owner.
  public var initGroups: [InitGroupSummary] = []
  /// Every observable property read or written.
  public var properties: [PropertySummary] = []
  /// What the rules' collectors wrote, by rule (and the plan's, by `SavedEvaluationsCollector`).
  package var summaries = CollectedSummaries()
  /// User actions (`action` spans), in order of their first performance.
  public var actions: [ActionSummary] = []
  /// What made each view update: per view, the writes of each property (and the actions
  /// they were made in) and the evaluations they caused, needed or wasted.
  public var updates: [ViewUpdate] = []
  /// What went wrong in the trace itself (spans, times, ids), with counts.
  public var diagnostics: [Diagnostic] = []
  /// Set when the trace ended mid-session: the writer died.
  public var truncation: Truncation?

  /// The diagnostic of a session that recorded nothing after its `meta` line.
  package static let emptySession = "the session has no events"

  /// A session with nothing recorded yet, whose first line is `line` of `source`.
  public init(source: String, line: Int) {
    self.source = source
    self.line = line
  }

  /// A count of ``tally``, as the session's own.
  @inlinable
  public subscript<Value>(dynamicMember path: WritableKeyPath<EventTally, Value>) -> Value {
    get { tally[keyPath: path] }
    set { tally[keyPath: path] = newValue }
  }

  /// All events read in the session.
  public var eventCount: Int { self.eventCounts.reduce(0, +) }

  /// Where each node's view is declared, by node, for the nodes that recorded a site: a
  /// finding about one evaluation points at its node's place, not at another of its view.
  ///
  /// - Complexity: O(nodes); read it once per rule, not once per finding.
  public var nodeLocations: [Int64: CodeLocation] {
    var locations: [Int64: CodeLocation] = [:]
    for node in nodes { if let location = CodeLocation(site: node.site) { locations[node.node] = location } }
    return locations
  }

  /// Where each view type's body is: the site of its first node that recorded one, by
  /// view type; rules point findings about a view there.
  ///
  /// - Complexity: O(nodes); read it once per rule, not once per finding.
  public var bodyLocations: [String: CodeLocation] {
    var locations: [String: CodeLocation] = [:]
    for node in nodes where locations[node.view] == nil {
      if let location = CodeLocation(site: node.site) { locations[node.view] = location }
    }
    return locations
  }

  /// Events of `kind`.
  public func count(of kind: EventKind) -> Int { self.eventCounts[Int(kind.rawValue)] }

  /// Body evaluations.
  public var bodyEvaluations: Int { nodes.reduce(0) { $0 + $1.evaluations } }

  /// Evaluations caused by writes to properties the view never read.
  public var overBroadEvaluations: Int { nodes.reduce(0) { $0 + $1.overBroad } }

  /// Evaluations that happened only because an ancestor's evaluation was wasted.
  public var cascadedEvaluations: Int { nodes.reduce(0) { $0 + $1.cascaded } }

  /// Evaluations caused only by writes of an equal value.
  public var equalValueEvaluations: Int { nodes.reduce(0) { $0 + $1.equalValue } }

  /// Evaluations caused only by writes the view made during its own previous body.
  public var ownWriteEvaluations: Int { nodes.reduce(0) { $0 + $1.ownWrite } }

  /// Updates that never reached views reading what they changed (object-level tracking).
  public var missedUpdateCount: Int { nodes.reduce(0) { $0 + $1.missedUpdates } }

  /// The migration what-if: body evaluations the same run would have needed with
  /// property-level tracking (`@Observable`, Swift 6.2 or later). Saved: over-broad
  /// evaluations, those caused only by writes of an equal value, and the evaluations of
  /// children they re-created. Added: one for each missed update, which now reaches its view.
  /// The sum of every node's ``NodeSummary/evaluationsWithPropertyTracking``.
  public var evaluationsWithPropertyTracking: Int { nodes.reduce(0) { $0 + $1.evaluationsWithPropertyTracking } }
}

/// A place in a trace file that shows something: the line and the event's time.
public struct Evidence: Sendable, Hashable {
  /// The 1-based line in the trace file.
  public var line: Int
  /// The event's `t`, nanoseconds since the session started.
  public var time: Int64

  /// The place at `line` of the trace, of an event at `time`.
  public init(line: Int, time: Int64) {
    self.line = line
    self.time = time
  }
}

/// Reads and writes of one property of a type, and the evaluations its writes caused.
public struct PropertySummary: Sendable {
  /// The type that declares the property, as the trace names it.
  public var type: String
  /// The property's name.
  public var property: String
  /// How many times the property was read.
  public var reads = 0
  /// How many times the property was written.
  public var writes = 0
  /// Evaluations caused by its writes in views that read it.
  public var neededEvaluations = 0
  /// Evaluations caused by its writes in views that read other properties of the object.
  public var overBroadEvaluations = 0
  /// Evaluations caused only by its writes of an equal value, in views that read it.
  public var equalValueEvaluations = 0
  /// Writes that assigned an equal value (`"same":true`), and the first of them.
  public var equalWrites = 0
  /// The first write of an equal value.
  public var firstEqualWrite: Evidence?
  /// The first write.
  public var firstWrite: Evidence?
  /// The `site` of the first write that had one.
  public var writeSite: String?
  /// The views its writes re-evaluated, most first: needed and over-broad evaluations.
  public var evaluationsByView: [(view: String, evaluations: Int)] = []
  /// Its first writes and the evaluations they caused.
  public var trail: [TrailEvent] = []

  /// The summary of `type`'s `property`; what is not given starts at zero or nil.
  public init(
    type: String, property: String, reads: Int = 0, writes: Int = 0, neededEvaluations: Int = 0,
    overBroadEvaluations: Int = 0, firstWrite: Evidence? = nil, writeSite: String? = nil
  ) {
    self.type = type
    self.property = property
    self.reads = reads
    self.writes = writes
    self.neededEvaluations = neededEvaluations
    self.overBroadEvaluations = overBroadEvaluations
    self.firstWrite = firstWrite
    self.writeSite = writeSite
  }
}

/// Evaluations of one view caused by one property's writes, or by one action's.
public struct ViewUpdate: Sendable, Equatable {
  /// What made the writes: one property, or one user action.
  public enum Cause: Sendable, Hashable {
    /// Writes to `Type.property`.
    case property(String)
    /// Writes made inside the user action of this name.
    case action(String)
  }

  /// The view type's name.
  public var view: String
  /// The property or action whose writes caused the evaluations.
  public var cause: Cause
  /// Evaluations of the view after writes to what it read.
  public var needed: Int
  /// Evaluations the what-if removes: after writes to what it did not read (over-broad), or
  /// only of equal values.
  public var wasted: Int

  /// `needed` and `wasted` evaluations of `view` caused by `cause`.
  public init(view: String, cause: Cause, needed: Int, wasted: Int) {
    self.view = view
    self.cause = cause
    self.needed = needed
    self.wasted = wasted
  }
}

/// A user action's performances, the writes made inside them, and the evaluations those
/// writes caused.
public struct ActionSummary: Sendable, Equatable {
  /// The action's name, as its `action` span gives it.
  public var name: String
  /// How many times the action ran.
  public var performed: Int
  /// Writes to observable properties inside the action, and, when it started a task (a
  /// `task` effect inside it), those outside any span made before the next action,
  /// evaluation or mark: the task's, which runs before SwiftUI's next update.
  public var writes: Int
  /// Body evaluations those writes caused.
  public var evaluations: Int
  /// Of those, evaluations of views that did not read the written property.
  public var overBroad: Int
  /// Of those, evaluations caused only by writes of an equal value.
  public var equalValue = 0
  /// The first performance's place in the trace.
  public var first: Evidence
}

extension Session {
  /// A problem in the trace itself, counted.
  public struct Diagnostic: Sendable, Hashable {
    /// What is wrong, in words; diagnostics are counted by it.
    public var message: String
    /// How many times it happened.
    public var count: Int
    /// Where it first happened.
    public var first: Evidence
    /// Whether the format allows it (an untracked read): worth knowing, not a fault.
    public var isAllowed = false
  }
}

extension Session {
  /// What a trace that ended early lost.
  public struct Truncation: Sendable, Hashable {
    /// The last line was cut short (no line end and not valid JSON).
    public var partialLastLine: Bool
    /// Spans still open at the end: body and init spans whose `end` never came.
    public var openSpans: Int
    /// The cut-short last line, or else the line of the session's `meta` event.
    public var line: Int
    /// The line where the first span still open at the end began, when one was.
    public var firstOpenSpanLine: Int?

    /// What a trace that ended at `line` lost: a cut last line, and the spans still open.
    public init(partialLastLine: Bool, openSpans: Int, line: Int, firstOpenSpanLine: Int? = nil) {
      self.partialLastLine = partialLastLine
      self.openSpans = openSpans
      self.line = line
      self.firstOpenSpanLine = firstOpenSpanLine
    }
  }
}

/// What a session's events were: counts by kind, what the reader did not know, threads and
/// times.
public struct EventTally: Sendable {
  /// Events read, by kind (`EventKind.rawValue` indexes it); unknown kinds included.
  public var eventCounts: [Int] = Array(repeating: 0, count: EventKind.allCases.count)
  /// Events of kinds this reader does not know, by their `e`.
  public var unknownKinds: [String: Int] = [:]
  /// Keys this reader does not know, over all events.
  public var unknownKeys = 0
  /// Distinct `tid` values.
  public var threads = 0
  /// From the first to the last event time, in nanoseconds.
  public var duration: Int64 = 0
  /// Events the recorder reported dropped (`lost` events).
  public var lostEvents = 0
  /// Nanoseconds per bucket of the nodes' timelines.
  public var timelineBucket: Int64 = 1_000

  /// Nothing counted yet.
  public init() {}
}
