#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One parsed trace line: a small value of integers and interned string ids.
///
/// The reader reuses one `TraceEvent` for every line and parallel reading copies them in
/// batches, so the value is kept compact: optional integers are stored with presence bits
/// and optional strings as ids with -1 for none, behind properties of the usual optional
/// types. Nothing in it allocates.
package struct TraceEvent: Sendable {
  /// The event kind, from `e`.
  package var kind: EventKind = .unknown
  private var causeStorage: UInt8 = .max
  private var effectStorage: UInt8 = .max
  /// `swiftUI` of a `meta` event: 0 when absent, 1 `xcode26`, 2 `xcode27`, 3 another value.
  private var swiftUIStorage: UInt8 = 0
  /// Which of `obj`, `parent`, `owner`, `version` and `session` are present, and whether
  /// `same` and `binding` are true.
  private var present: UInt8 = 0
  /// How many keys the reader did not know, up to 32,767 a line.
  package var unknownKeys: Int16 = 0
  /// `t`: nanoseconds since the session started.
  package var time: Int64 = 0
  /// `tid`: the thread the event happened on.
  package var thread: Int64 = 0
  /// `id`: a span id (`body`, `init`, `end`).
  package var span: Int64 = 0
  /// `node` of a `body`.
  package var node: Int64 = 0
  /// `count` of a `lost` event.
  package var count: Int64 = 0
  private var objectStorage: Int64 = 0
  private var parentStorage: Int64 = 0
  private var ownerStorage: Int64 = 0
  private var versionStorage: Int64 = 0
  private var sessionStorage: Int64 = 0
  private var strings: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1
  )

  package init() {}

  // MARK: - Optional integers

  @inline(__always)
  private func integer(_ bit: UInt8, _ value: Int64) -> Int64? { present & bit != 0 ? value : nil }

  @inline(__always)
  private mutating func setPresent(_ bit: UInt8, _ isPresent: Bool) {
    if isPresent { present |= bit } else { present &= ~bit }
  }

  /// `obj`: an object id.
  package var object: Int64? {
    get { integer(1, objectStorage) }
    set {
      objectStorage = newValue ?? 0
      setPresent(1, newValue != nil)
    }
  }

  /// `parent` of a `body`.
  package var parent: Int64? {
    get { integer(2, parentStorage) }
    set {
      parentStorage = newValue ?? 0
      setPresent(2, newValue != nil)
    }
  }

  /// `owner` of an `init`.
  package var owner: Int64? {
    get { integer(4, ownerStorage) }
    set {
      ownerStorage = newValue ?? 0
      setPresent(4, newValue != nil)
    }
  }

  /// `version` of a `meta` event.
  package var version: Int64? {
    get { integer(8, versionStorage) }
    set {
      versionStorage = newValue ?? 0
      setPresent(8, newValue != nil)
    }
  }

  /// `session` of a `meta` event: the session's id in its file, so a later `meta` line
  /// with the same id continues it (see docs/trace-format.md).
  package var session: Int64? {
    get { integer(16, sessionStorage) }
    set {
      sessionStorage = newValue ?? 0
      setPresent(16, newValue != nil)
    }
  }

  // MARK: - Flags

  /// `same` of a `write`: the value assigned equals the one before (`@Tracked` and
  /// `Trace.write(sameValue:)` say so; `@Observable` since Swift 6.2 records no such write).
  package var same: Bool {
    get { present & 32 != 0 }
    set { setPresent(32, newValue) }
  }

  /// `binding` of an `action`: its control edits a value through a binding
  /// (`TextField(text: $model.draft)`, the harness's text fields).
  package var binding: Bool {
    get { present & 64 != 0 }
    set { setPresent(64, newValue) }
  }

  // MARK: - Enumerations

  /// `cause` of a `body`.
  package var cause: BodyCause? {
    get { BodyCause(rawValue: causeStorage) }
    set { causeStorage = newValue?.rawValue ?? .max }
  }

  /// `kind` of an `effect`.
  package var effect: EffectKind? {
    get { EffectKind(rawValue: effectStorage) }
    set { effectStorage = newValue?.rawValue ?? .max }
  }

  /// `swiftUI` of a `meta` event: whether the line has one, and the build it names (nil for
  /// a value this reader does not know, such as `mixed`).
  package var swiftUI: (present: Bool, build: SwiftUIBuild?) {
    get { (swiftUIStorage != 0, swiftUIStorage == 1 ? .xcode26 : swiftUIStorage == 2 ? .xcode27 : nil) }
    set {
      swiftUIStorage = !newValue.present ? 0 : newValue.build == .xcode26 ? 1 : newValue.build == .xcode27 ? 2 : 3
    }
  }

  // MARK: - Strings

  @inline(__always)
  private static func id(_ raw: Int32) -> StringID? { raw < 0 ? nil : StringID(rawValue: raw) }

  /// `view` of a `body`.
  package var view: StringID? {
    get { Self.id(strings.0) }
    set { strings.0 = newValue?.rawValue ?? -1 }
  }
  /// `type` of an `init`, `read`, `write`, `deinit`, or of a `body` caused by a write.
  package var type: StringID? {
    get { Self.id(strings.1) }
    set { strings.1 = newValue?.rawValue ?? -1 }
  }
  /// `prop` of a `read` or `write`, or of a `body` caused by a write.
  package var property: StringID? {
    get { Self.id(strings.2) }
    set { strings.2 = newValue?.rawValue ?? -1 }
  }
  /// `site`: `File.swift:LINE`.
  package var site: StringID? {
    get { Self.id(strings.3) }
    set { strings.3 = newValue?.rawValue ?? -1 }
  }
  /// `detail` of an `effect`.
  package var detail: StringID? {
    get { Self.id(strings.4) }
    set { strings.4 = newValue?.rawValue ?? -1 }
  }
  /// `name` of a `mark` or an `action`.
  package var name: StringID? {
    get { Self.id(strings.5) }
    set { strings.5 = newValue?.rawValue ?? -1 }
  }
  /// The unknown `e` value of an event the reader skips.
  package var unknownKind: StringID? {
    get { Self.id(strings.6) }
    set { strings.6 = newValue?.rawValue ?? -1 }
  }
  /// `format` of a `meta` event.
  package var format: StringID? {
    get { Self.id(strings.7) }
    set { strings.7 = newValue?.rawValue ?? -1 }
  }
  /// `scenario` of a `meta` event.
  package var scenario: StringID? {
    get { Self.id(strings.8) }
    set { strings.8 = newValue?.rawValue ?? -1 }
  }
  /// `app` of a `meta` event.
  package var app: StringID? {
    get { Self.id(strings.9) }
    set { strings.9 = newValue?.rawValue ?? -1 }
  }

  // MARK: - Values by key

  /// Stores the integer value of `key`, the one place that says which field holds it.
  /// `nil` (a JSON `null`) removes an optional key's value and leaves the others'.
  ///
  /// - Returns: False when `key` takes no integer (``EventKey/valueType``).
  @inline(__always) @discardableResult
  mutating func set(_ value: Int64?, for key: EventKey) -> Bool {
    switch key {
    case .t: time = value ?? time
    case .tid: thread = value ?? thread
    case .id: span = value ?? span
    case .node: node = value ?? node
    case .count: count = value ?? count
    case .obj: object = value
    case .parent: parent = value
    case .owner: owner = value
    case .version: version = value
    case .session: session = value
    default: return false
    }
    return true
  }

  /// Stores the string value of `key` (`startedAt` is not kept), the one place that says
  /// which field holds it. `nil` (a JSON `null`) removes the value.
  ///
  /// - Returns: False when `key` takes no string (``EventKey/valueType``).
  @inline(__always) @discardableResult
  mutating func set(_ value: StringID?, for key: EventKey) -> Bool {
    switch key {
    case .view: view = value
    case .type: type = value
    case .prop: property = value
    case .site: site = value
    case .detail: detail = value
    case .name: name = value
    case .format: format = value
    case .scenario: scenario = value
    case .app: app = value
    case .startedAt: break
    default: return false
    }
    return true
  }

  /// Stores the boolean value of `key`, the one place that says which field holds it.
  /// `nil` (a JSON `null`) stands for `false`, the value of an absent key.
  ///
  /// - Returns: False when `key` takes no boolean (``EventKey/valueType``).
  @inline(__always) @discardableResult
  mutating func set(_ value: Bool?, for key: EventKey) -> Bool {
    switch key {
    case .same: same = value ?? false
    case .binding: binding = value ?? false
    default: return false
    }
    return true
  }

  /// Replaces every string id by `remap[id]`: each of the string fields, whatever they
  /// are, as they lie side by side.
  @inline(__always)
  mutating func remapStrings(_ remap: [StringID]) {
    withUnsafeMutableBytes(of: &strings) { raw in
      for offset in stride(from: 0, to: raw.count, by: MemoryLayout<Int32>.stride) {
        let id = raw.load(fromByteOffset: offset, as: Int32.self)
        if id >= 0 { raw.storeBytes(of: remap[Int(id)].rawValue, toByteOffset: offset, as: Int32.self) }
      }
    }
  }
}

/// The `cause` values of a `body` event.
package enum BodyCause: UInt8, Sendable, CaseIterable {
  case initial, write, parent, state, unknown

  package var name: String {
    switch self {
    case .initial: "initial"
    case .write: "write"
    case .parent: "parent"
    case .state: "state"
    case .unknown: "unknown"
    }
  }

  static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> BodyCause? {
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
package enum EffectKind: UInt8, Sendable, CaseIterable, Comparable {
  case network, task, observer, timer, storage, analytics, log, other

  package var name: String {
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

  static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EffectKind? {
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

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
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
