import RedrawReading

/// One event behind a finding, so a reader can follow cause to effect without the trace:
/// the writes, evaluations, initializer runs and effects the finding rests on.
public struct TrailEvent: Sendable, Hashable {
  /// How many events of each kind a finding's trail keeps at most (the first ones).
  public static let keptPerKind = 6

  /// The kinds of event a trail shows: a write, an evaluation, an initializer run or an effect.
  public enum Kind: String, Sendable {
    case write, evaluation, initializer, effect
  }

  /// What kind of event it was.
  public var kind: Kind
  /// What it was: `ProfileModel.query` (a write), `UnreadBadge` (an evaluation),
  /// `FeedModel` (an initializer), `network GET /feed` (an effect).
  public var what: String
  /// Why it matters here, e.g. `over-broad` or `inside the body`; empty when plain.
  public var note: String
  /// The 1-based line of the event in the trace file.
  public var line: Int
  /// The event's time and thread, when kept (a write behind an evaluation keeps its line only).
  public var time: Int64?
  /// The event's thread (`tid`), when kept.
  public var thread: Int64?
  /// `File.swift:LINE` in the app's sources, when recorded (the file's name, whatever path
  /// the trace recorded).
  public var site: String?

  /// A trail event of `kind`, at `line` of the trace; `note` is empty and `site` nil unless given.
  public init(
    kind: Kind, what: String, note: String = "", line: Int, time: Int64?, thread: Int64?, site: String? = nil
  ) {
    self.kind = kind
    self.what = what
    self.note = note
    self.line = line
    self.time = time
    self.thread = thread
    self.site = site
  }
}

/// A trail event as the session builder keeps it: names as string ids, made into a
/// ``TrailEvent`` when the session is finished.
@usableFromInline package struct TrailSample {
  package var kind: TrailEvent.Kind
  package var name: StringID?
  /// The property of a write (`name` is its type).
  package var member: StringID?
  package var note = ""
  package var line: Int
  package var time: Int64?
  package var thread: Int64?
  package var site: StringID?

  /// The events kept per finding at most: enough to show the pattern.
  @usableFromInline package static let limit = TrailEvent.keptPerKind

  @usableFromInline package func event(_ names: inout TrailNames, _ strings: borrowing StringTable) -> TrailEvent {
    let what: String
    if let name, let member {
      what = names.name(name, member, strings)
    } else {
      what = name.map { names.name($0, strings) } ?? ""
    }
    return TrailEvent(
      kind: kind, what: what, note: note, line: line, time: time, thread: thread,
      site: site.map { names.shortSite($0, strings) })
  }
}

/// The strings of a session's trails, each made from the string table once: a name recurs
/// in many trails.
@usableFromInline package struct TrailNames {
  private var made: [String?]
  /// `Type.member` names, keyed by both ids: a trail repeats the same write.
  private var joined: [UInt64: String] = [:]
  /// Sites without their folders, by id.
  private var shortSites: [StringID: String] = [:]

  package init(count: Int) {
    made = Array(repeating: nil, count: count)
  }

  package mutating func name(_ id: StringID, _ strings: borrowing StringTable) -> String {
    let index = Int(id.rawValue)
    guard made.indices.contains(index) else { return strings[id] }
    if let name = made[index] { return name }
    let name = strings[id]
    made[index] = name
    return name
  }

  /// A site as findings show it (``CodeLocation/shortSite(_:)``), made once per site.
  package mutating func shortSite(_ id: StringID, _ strings: borrowing StringTable) -> String {
    if let site = shortSites[id] { return site }
    let site = CodeLocation.shortSite(name(id, strings))
    shortSites[id] = site
    return site
  }

  /// `Type.member`, made once per pair.
  package mutating func name(_ type: StringID, _ member: StringID, _ strings: borrowing StringTable) -> String {
    let key = MemberKey(type: type, property: member).rawValue
    if let name = joined[key] { return name }
    let name = self.name(type, strings) + "." + self.name(member, strings)
    joined[key] = name
    return name
  }
}

extension Array where Element == TrailSample {
  /// Appends `sample` while fewer than ``TrailSample/limit`` are kept.
  ///
  /// The first sample allocates room for all of them, where growing from one to six
  /// allocated and copied four times.
  @inlinable
  package mutating func keep(_ sample: @autoclosure () -> TrailSample) {
    guard count < TrailSample.limit else { return }
    if isEmpty { reserveCapacity(TrailSample.limit) }
    append(sample())
  }

  /// The samples as events.
  @inlinable package func events(_ names: inout TrailNames, _ strings: borrowing StringTable) -> [TrailEvent] {
    map { $0.event(&names, strings) }
  }
}
