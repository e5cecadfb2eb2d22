#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  @inline(__always)
  static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EventKind {
    guard bytes.count <= 8 else { return .unknown }
    switch (packedWord(bytes), bytes.count) {
    case (0x6461_6572, 4): return .read
    case (0x65_7469_7277, 5): return .write
    case (0x79_646F62, 4): return .body
    case (0x64_6E65, 3): return .end
    case (0x7469_6E69, 4): return .`init`
    case (0x7463_6566_6665, 6): return .effect
    case (0x7469_6E69_6564, 6): return .`deinit`
    case (0x6B72_616D, 4): return .mark
    case (0x6174_656D, 4): return .meta
    case (0x7473_6F6C, 4): return .lost
    default: return .unknown
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
    switch bytes.count {
    case 5 where matches(bytes, "write"): .write
    case 6 where matches(bytes, "parent"): .parent
    case 5 where matches(bytes, "state"): .state
    case 7 where matches(bytes, "initial"): .initial
    case 7 where matches(bytes, "unknown"): .unknown
    default: nil
    }
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
    switch bytes.count {
    case 3 where matches(bytes, "log"): .log
    case 4 where matches(bytes, "task"): .task
    case 5 where matches(bytes, "timer"): .timer
    case 5 where matches(bytes, "other"): .other
    case 7 where matches(bytes, "network"): .network
    case 7 where matches(bytes, "storage"): .storage
    case 8 where matches(bytes, "observer"): .observer
    case 9 where matches(bytes, "analytics"): .analytics
    default: nil
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Whether `bytes` spell `text` exactly.
///
/// - Complexity: O(n); a `memcmp` of the literal's bytes, no `String`.
@inline(__always)
func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
  guard bytes.count == text.utf8CodeUnitCount else { return false }
  guard let start = bytes.baseAddress, bytes.count > 0 else { return true }
  return memcmp(start, text.utf8Start, bytes.count) == 0
}
