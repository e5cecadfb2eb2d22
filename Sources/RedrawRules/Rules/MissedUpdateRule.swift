import RedrawReading
import RedrawSessions

/// A view that read a property of an object it does not subscribe to, and was not
/// re-evaluated when the property changed: it shows stale data.
package enum MissedUpdateRule: Rule, SummaryOwner {
  package typealias Summary = [MissedUpdateSummary]

  /// The `missed-update` rule's id, name, severity, explanation, fix, threshold and examples.
  public static let description = RuleDescription(
    id: "missed-update",
    name: "Missed update",
    summary: "A view read a property of an object it does not observe, and never saw it change.",
    defaultSeverity: .warning,
    explanation: """
      With ObservableObject, a view is invalidated only by the objects it subscribes to \
      through @StateObject, @ObservedObject or @EnvironmentObject. An object read through \
      another (`mailbox.threads[0].isRead` in a view that observes the mailbox) or held in a \
      plain `let` does not invalidate it: when its property changes, the view keeps showing \
      the old value until something else re-evaluates it. The rule applies to sessions that \
      record subscriptions (`observe` events, object-level tracking); in them, it follows \
      every property a body read of an object that evaluation did not observe. Writes with \
      no body evaluation, action or mark between them are one update, as SwiftUI applies \
      them in one pass (a write made during a body is delivered after it: it belongs to \
      the update that follows); an update that changed such a property and was not followed by an \
      evaluation of the view before the next update (or the end of the trace) never reached \
      it. The count is those updates: @Observable, which tracks every property a body \
      reads, would have re-evaluated the view for each, and `redraw plan` adds them to what \
      the migration costs. Reads outside a body, and reads of sessions without \
      subscriptions (property-level tracking; a session is followed from its first \
      subscription on), are never reported, nor updates after a view left the tree (an \
      `unmount` event, which the harness records; a trace without them counts every later \
      update). What a trace cannot tell: an update in the trace's last moment, before a \
      pass was recorded (it counts).
      """,
    fix: """
      Migrate the model to @Observable, which tracks every property a body reads, nested \
      objects included; until then, observe the nested object in a child view \
      (`Row(thread: thread)` with `@ObservedObject var thread`).
      """,
    thresholds: [minimumUpdates],
    triggeringExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"MailboxList","node":1}"#,
      #"{"e":"observe","t":101,"tid":1,"obj":1,"type":"Mailbox","detail":"observedObject"}"#,
      #"{"e":"read","t":102,"tid":1,"obj":1,"type":"Mailbox","prop":"threads"}"#,
      #"{"e":"read","t":103,"tid":1,"obj":2,"type":"MailThread","prop":"isRead"}"#,
      #"{"e":"end","t":110,"tid":1,"id":1}"#,
      #"{"e":"mark","t":200,"tid":1,"name":"open Lunch?"}"#,
      #"{"e":"write","t":210,"tid":1,"obj":2,"type":"MailThread","prop":"isRead"}"#,
      #"{"e":"mark","t":300,"tid":1,"name":"open Lunch? again"}"#,
      #"{"e":"write","t":310,"tid":1,"obj":2,"type":"MailThread","prop":"isRead"}"#),
    cleanExample: ExampleTrace.lines(
      #"{"e":"body","t":100,"tid":1,"id":1,"view":"MailboxList","node":1}"#,
      #"{"e":"observe","t":101,"tid":1,"obj":1,"type":"Mailbox","detail":"observedObject"}"#,
      #"{"e":"read","t":102,"tid":1,"obj":1,"type":"Mailbox","prop":"threads"}"#,
      #"{"e":"end","t":110,"tid":1,"id":1}"#,
      #"{"e":"body","t":120,"tid":1,"id":2,"view":"ThreadRow","node":2,"parent":1}"#,
      #"{"e":"observe","t":121,"tid":1,"obj":2,"type":"MailThread","detail":"observedObject"}"#,
      #"{"e":"read","t":122,"tid":1,"obj":2,"type":"MailThread","prop":"isRead"}"#,
      #"{"e":"end","t":130,"tid":1,"id":2}"#,
      #"{"e":"mark","t":200,"tid":1,"name":"open Lunch?"}"#,
      #"{"e":"write","t":210,"tid":1,"obj":2,"type":"MailThread","prop":"isRead"}"#,
      #"{"e":"body","t":220,"tid":1,"id":3,"view":"ThreadRow","node":2,"parent":1}"#,
      #"{"e":"observe","t":221,"tid":1,"obj":2,"type":"MailThread","detail":"observedObject"}"#,
      #"{"e":"read","t":222,"tid":1,"obj":2,"type":"MailThread","prop":"isRead"}"#,
      #"{"e":"end","t":230,"tid":1,"id":3}"#)
  )

  /// The `minimum-updates` threshold.
  static let minimumUpdates = Threshold(
    key: "minimum-updates", defaultValue: 1, summary: "Fewest missed updates of one property to report.")

  /// A finding for each view and property whose missed updates, over the view's nodes, reach `minimum-updates`.
  public static func findings(in session: Session, context: RuleContext) -> [Finding] {
    let minimum = Int(context.value(Self.minimumUpdates, of: description))
    let nodes = session.nodeLocations
    let bodies = session.bodyLocations
    // One finding per view and property: the nodes of a view add up.
    var merged: [Merged] = []
    var positions: [[String]: Int] = [:]
    for entry in session.summaries[Self.self] ?? [] {
      for property in entry.properties {
        let key = [entry.view, entry.type, property.property]
        if positions[key] == nil {
          positions[key] = merged.count
          merged.append(Merged(view: entry.view, type: entry.type, property: property, node: entry.node))
        }
        merged[positions[key]!].updates += property.updates
      }
    }
    return merged.filter { $0.updates >= minimum }.map { entry in
      finding(
        in: session, context: context,
        message: message(entry), view: entry.view, type: entry.type,
        property: entry.property.property, count: entry.updates, site: entry.property.writeSite,
        location: nodes[entry.node] ?? bodies[entry.view] ?? CodeLocation(site: entry.property.writeSite),
        evidence: entry.property.first,
        trail: entry.property.trail)
    }
  }

  /// The missed updates of one view and property, over its nodes.
  struct Merged {
    var view: String
    var type: String
    /// The first node's entry for the property: its first write and trail.
    var property: MissedProperty
    var node: Int64
    var updates = 0
  }

  // MARK: - Messages

  static func message(_ entry: Merged) -> String {
    let written = entry.property.writeSite.map { Wording.at($0) } ?? " at trace line \(entry.property.first.line)"
    return "\(entry.view) read \(entry.type).\(entry.property.property) without subscribing to the \(entry.type), and "
      + "\(Wording.count(entry.updates, "update")) of it never re-evaluated the view (first written\(written)): "
      + "it kept showing stale data. With @Observable, which tracks every property a body reads, "
      + "\(entry.updates == 1 ? "it" : "each") would have re-evaluated it."
  }
}

// MARK: - Collecting

extension MissedUpdateRule {
  /// Follows, per node, the writes to what its last evaluation read of objects it did not
  /// observe: each update (`SessionBuilder/updateNumber`) that changed such a property is
  /// pending until the node's next evaluation, which resolves it as reached when it begins
  /// during that update, and as missed otherwise; so is one still pending at a later such
  /// update or at the end. Sessions without subscriptions keep nothing.
  struct Collector: SessionCollector {
    /// Per node, by index: the update pending and the properties it changed.
    private var pending: [Pending?] = []
    private var entries = DenseMap<NodeProperty, Entry>()
    /// Type and property pairs, numbered for the entries' keys.
    private var pairs = DenseIndex()
    /// Per node and type: updates missed.
    private var byType = DenseMap<NodeType, Int>()
    /// Per node, by index: updates missed.
    private var missed: [Int] = []

    mutating func unsubscribedReadWritten(node: Int, write: PendingWrite, threads: [Int64]) {
      if node >= pending.count {
        pending.append(contentsOf: repeatElement(nil, count: node + 1 - pending.count))
        missed.append(contentsOf: repeatElement(0, count: node + 1 - missed.count))
      }
      if let open = pending[node], open.update < write.update { resolveMissed(node) }
      if pending[node] == nil { pending[node] = Pending(update: write.update) }
      guard !pending[node]!.writes.contains(where: { $0.pair == write.pair }) else { return }
      pending[node]!.writes.append(write)
      pending[node]!.samples.append(write.sample(threads: threads))
    }

    @inline(__always)
    mutating func evaluationBegan(_ evaluation: EvaluationFact, reason: EvaluationReason, threads: [Int64]) {
      let node = evaluation.node
      guard node < pending.count, let open = pending[node] else { return }
      // Updates are ordered by number, and a write made during a body has the next one's.
      if evaluation.update <= open.update {
        pending[node] = nil  // the update's pass re-evaluated the view: it reached it
      } else {
        resolveMissed(node)
      }
    }

    /// A node that leaves the tree sees no later update. One pending from an earlier update
    /// was missed while it showed; one of the update that removed it would not have reached
    /// it with `@Observable` either (the pass evaluates parents first, and the parent
    /// removed it).
    mutating func nodeUnmounted(node: Int, update: Int32) {
      guard node < pending.count, let open = pending[node] else { return }
      if update <= open.update { pending[node] = nil } else { resolveMissed(node) }
    }

    /// Counts the node's pending update as missed.
    private mutating func resolveMissed(_ node: Int) {
      guard let open = pending[node] else { return }
      pending[node] = nil
      missed[node] += 1
      var types: [StringID] = []
      for (write, sample) in zip(open.writes, open.samples) {
        let key = NodeProperty(node: node, type: write.type, property: write.property)
        let position = entries.position(of: key.packed(pairs: &pairs), key: key) {
          Entry(first: Evidence(line: Int(write.line), time: write.time ?? 0), site: write.site)
        }
        entries.values[position].updates += 1
        entries.values[position].trail.keep(sample)
        if !types.contains(write.type) { types.append(write.type) }
      }
      for type in types {
        let key = NodeType(node: node, type: type)
        byType.values[byType.position(of: key.packed, key: key) { 0 }] += 1
      }
    }

    mutating func annotate(_ nodes: inout [NodeSummary]) {
      for (node, count) in missed.enumerated() where count > 0 { nodes[node].missedUpdates = count }
    }

    mutating func finish(
      into session: inout Session, from built: BuiltSession, names: inout TrailNames, strings: borrowing StringTable
    ) {
      // Without subscriptions the session is tracked per property: nothing is missed, and
      // a write at the very end simply had no pass recorded after it.
      guard session.count(of: .observe) > 0 else {
        missed = []
        return
      }
      for node in pending.indices where pending[node] != nil { resolveMissed(node) }
      var properties: [NodeTypeKey: [MissedProperty]] = [:]
      for (key, entry) in entries.entries {
        properties[NodeTypeKey(node: key.node, type: key.type), default: []].append(
          MissedProperty(
            property: strings[key.property], updates: entry.updates, writeSite: entry.site.map { strings[$0] },
            first: entry.first, trail: entry.trail.events(&names, strings)))
      }
      session.summaries[MissedUpdateRule.self] = byType.entries.map { key, updates in
        MissedUpdateSummary(
          node: built.nodeID(key.node), view: strings[built.nodes[key.node].view], type: strings[key.type],
          updates: updates, properties: properties[NodeTypeKey(node: key.node, type: key.type)] ?? [])
      }
    }

    private struct Pending {
      var update: Int32
      var writes: [PendingWrite] = []
      var samples: [TrailSample] = []
    }

    private struct Entry {
      var first: Evidence
      var site: StringID?
      var updates = 0
      var trail: [TrailSample] = []
    }

    private struct NodeTypeKey: Hashable {
      var node: Int
      var type: StringID
    }
  }
}

// MARK: - Summary

/// The updates of one type's properties that never reached one view node.
package struct MissedUpdateSummary: Sendable {
  package var node: Int64
  package var view: String
  package var type: String
  /// Updates that changed a property of the type the node read, and did not re-evaluate it.
  package var updates: Int
  /// Per property, the updates that changed it.
  package var properties: [MissedProperty]
}

/// The missed updates of one property.
package struct MissedProperty: Sendable {
  package var property: String
  package var updates: Int
  /// The `site` of its first missed write, when recorded.
  package var writeSite: String?
  /// Its first missed write.
  package var first: Evidence
  /// The writes, first few.
  package var trail: [TrailEvent] = []
}

/// A node and a property of a type: the key of entries kept per node and property.
struct NodeProperty {
  var node: Int
  var type: StringID
  var property: StringID

  /// The key in 64 bits: the node, and its type and property as one pair id, numbered by `pairs`.
  @inline(__always)
  func packed(pairs: inout DenseIndex) -> UInt64 {
    DenseIndex.key(Int32(node), Int32(pairs.insert(DenseIndex.key(type.rawValue, property.rawValue)).index))
  }
}

// MARK: - Published

extension Session {
  /// What `missed-update` counted of the session: per node and type, the updates the node
  /// missed, which `redraw plan` adds back (empty for a session made by hand).
  package var missedUpdates: [MissedUpdateSummary] { summaries[MissedUpdateRule.self] ?? [] }
}
