/// One parsed trace line: a small value of integers and interned string ids.
///
/// The reader reuses one `TraceEvent` for every line; nothing in it allocates.
public struct TraceEvent: Sendable {
  /// The event kind, from `e`.
  public var kind: EventKind = .unknown
  /// `t`: nanoseconds since the session started.
  public var time: Int64 = 0
  /// `tid`: the thread the event happened on.
  public var thread: Int64 = 0
  /// `id`: a span id (`body`, `init`, `end`).
  public var span: Int64 = 0
  /// `obj`: an object id.
  public var object: Int64?
  /// `node` of a `body`.
  public var node: Int64 = 0
  /// `parent` of a `body`.
  public var parent: Int64?
  /// `owner` of an `init`.
  public var owner: Int64?
  /// `view` of a `body`.
  public var view: StringID?
  /// `type` of an `init`, `read`, `write`, `deinit`, or of a `body` caused by a write.
  public var type: StringID?
  /// `prop` of a `read` or `write`, or of a `body` caused by a write.
  public var property: StringID?
  /// `site`: `File.swift:LINE`.
  public var site: StringID?
  /// `cause` of a `body`.
  public var cause: BodyCauseKind?
  /// `kind` of an `effect`.
  public var effect: EffectKindID?
  /// `detail` of an `effect`.
  public var detail: StringID?
  /// `name` of a `mark`.
  public var name: StringID?
  /// The unknown `e` value of an event the reader skips.
  public var unknownKind: StringID?
  /// `count` of a `lost` event.
  public var count: Int64 = 0
  /// `version` of a `meta` event.
  public var version: Int64?
  /// `format` of a `meta` event.
  public var format: StringID?
  /// `scenario` of a `meta` event.
  public var scenario: StringID?
  /// `app` of a `meta` event.
  public var app: StringID?
  /// How many keys the reader did not know.
  public var unknownKeys = 0

  public init() {}
}

/// The event kinds of format version 1, plus `lost`, which RedrawTrace writes when it
/// had to drop events.
public enum EventKind: UInt8, Sendable, CaseIterable {
  case meta, body, `init`, end, read, write, effect, `deinit`, mark, lost
  /// A kind this reader does not know (skipped and counted).
  case unknown

  /// The kind named by the bytes of an `e` value.
  static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EventKind {
    switch bytes.count {
    case 3 where matches(bytes, "end"): .end
    case 4 where matches(bytes, "meta"): .meta
    case 4 where matches(bytes, "body"): .body
    case 4 where matches(bytes, "init"): .`init`
    case 4 where matches(bytes, "read"): .read
    case 4 where matches(bytes, "mark"): .mark
    case 4 where matches(bytes, "lost"): .lost
    case 5 where matches(bytes, "write"): .write
    case 6 where matches(bytes, "effect"): .effect
    case 6 where matches(bytes, "deinit"): .`deinit`
    default: .unknown
    }
  }
}

/// The `cause` values of a `body` event.
public enum BodyCauseKind: UInt8, Sendable, CaseIterable {
  case initial, write, parent, state, unknown

  public var name: String {
    switch self {
    case .initial: "initial"
    case .write: "write"
    case .parent: "parent"
    case .state: "state"
    case .unknown: "unknown"
    }
  }

  static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> BodyCauseKind? {
    allCases.first { matches(bytes, $0.name) }
  }
}

/// The `kind` values of an `effect` event.
public enum EffectKindID: UInt8, Sendable, CaseIterable, Comparable {
  case network, task, observer, timer, storage, analytics, log, other

  public var name: String {
    switch self {
    case .network: "network"
    case .task: "task"
    case .observer: "observer"
    case .timer: "timer"
    case .storage: "storage"
    case .analytics: "analytics"
    case .log: "log"
    case .other: "other"
    }
  }

  static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EffectKindID? {
    allCases.first { matches(bytes, $0.name) }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Whether `bytes` spell `text` exactly.
@inline(__always)
func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
  guard bytes.count == text.utf8CodeUnitCount else { return false }
  let expected = text.utf8Start
  for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
  return true
}

/// Whether `bytes` spell `text` exactly.
func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
  text.utf8.elementsEqual(bytes)
}
